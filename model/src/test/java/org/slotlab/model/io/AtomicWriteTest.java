package org.slotlab.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AtomicWrite}: a save killed with {@code kill -9} halfway, or one that fails, keeps the previous file. */
class AtomicWriteTest {

    @TempDir
    Path dir;

    @Test
    void killedMidWrite_keepsThePreviousFileWhole() throws Exception {
        // given: a saved file, and a child process halfway through saving a larger one over it
        Path file = dir.resolve("state.slotlab.json");
        String previous = "{\"previous\": true}\n".repeat(1000);
        AtomicWrite.writeString(file, previous);
        Process child = child(file, 4_000_000);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("half");
            // when: kill -9 (destroyForcibly sends SIGKILL on Linux and macOS, TerminateProcess on Windows)
            child.destroyForcibly();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        // then
        assertThat(Files.readString(file)).isEqualTo(previous);
        assertThat(names()).contains("state.slotlab.json");
    }

    @Test
    void childLeftToFinish_replacesTheFile() throws Exception {
        Path file = dir.resolve("state.slotlab.json");
        AtomicWrite.writeString(file, "old");
        Process child = child(file, 1000);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("half");
            child.getOutputStream().close();
            assertThat(out.readLine()).isEqualTo("saved");
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
        assertThat(Files.readString(file)).isEqualTo("n".repeat(1000));
        assertThat(names()).containsExactly("state.slotlab.json");
    }

    @Test
    void failingBody_leavesTargetAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("p.json");
        AtomicWrite.writeString(file, "kept");

        assertThatThrownBy(() -> AtomicWrite.write(file, out -> {
            out.write("partial".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        })).hasMessage("disk full");

        assertThat(Files.readString(file)).isEqualTo("kept");
        assertThat(names()).containsExactly("p.json");
    }

    @Test
    void missingFolder_isCreated() throws Exception {
        Path file = dir.resolve("a/b/out.csv");
        AtomicWrite.writeString(file, "x,y\n");
        assertThat(Files.readString(file)).isEqualTo("x,y\n");
    }

    private Process child(Path file, int size) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                AtomicWriteChild.class.getName(), file.toString(), Integer.toString(size)))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !Files.isDirectory(dir.resolve(n))).sorted().toList();
        }
    }

}
