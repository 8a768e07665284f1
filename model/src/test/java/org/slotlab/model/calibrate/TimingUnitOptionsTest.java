package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timing unit that names interpreter options ({@code --yjit} for the units that time YJIT) runs
 * with them after {@code --disable-gems}, the others without; the {@code +YJIT} that such a process
 * adds to RUBY_DESCRIPTION does not make the report a mix of Rubies; an option that is not a long
 * interpreter option is refused. Against a fake {@code ruby} (a /bin/sh script) that logs its arguments.
 */
class TimingUnitOptionsTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsPosixShell() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    private static String unit(String id, String description) {
        return "{\"probe\":\"timing\",\"probe_version\":2,\"mode\":\"smoke\",\"unit\":\"" + id + "\",\"ruby_version\":\"3.4.5\","
                + "\"ruby_description\":\"" + description + "\",\"slot_sizes\":[40],\"max_embedded_len\":15,\"rows\":["
                + "{\"group\":\"baseline\",\"name\":\"empty_loop\",\"expr\":\"nil\",\"n\":10,\"repeats\":[{\"elapsed_ns\":100}]}]}";
    }

    private Path fakeRuby(String options) throws IOException {
        Path log = dir.resolve("args.log");
        Path p = dir.resolve("ruby");
        String script = "#!/bin/sh\n"
                + "if [ \"$2\" = \"-e\" ]; then printf '%s' '3.4.5'; exit 0; fi\n"
                + "echo \"$*\" >> '" + log + "'\n"
                + "case \"$*\" in\n"
                + "  *' units') echo '{\"probe\":\"timing\",\"probe_version\":2,\"units\":[{\"id\":\"plain\",\"env\":{},\"rows\":[\"empty_loop\"]},"
                + "{\"id\":\"jit\",\"env\":{},\"rows\":[\"empty_loop\"],\"options\":" + options + "}]}' ;;\n"
                + "  *' jit') echo '" + unit("jit", "ruby 3.4.5 +YJIT +PRISM [x86_64-linux]") + "' ;;\n"
                + "  *) echo '" + unit("plain", "ruby 3.4.5 +PRISM [x86_64-linux]") + "' ;;\n"
                + "esac\n";
        Files.writeString(p, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aUnitsOptions_runItsProcessesWithThem_andYjitsDescriptionIsTheSameRuby() throws Exception {
        Path ruby = fakeRuby("[\"--yjit\"]");

        TimingReport t = new RubyProbeRunner(ruby, Duration.ofSeconds(60)).readTiming(TimingMode.SMOKE, null);

        List<String> runs = Files.readAllLines(dir.resolve("args.log")).stream().filter(l -> l.contains(" smoke ")).toList();
        assertThat(runs).hasSize(2);
        assertThat(runs).filteredOn(l -> l.endsWith(" jit")).singleElement().asString().startsWith("--disable-gems --yjit ");
        assertThat(runs).filteredOn(l -> l.endsWith(" plain")).singleElement().asString().startsWith("--disable-gems ")
                .doesNotContain("--yjit");
        assertThat(t.rubyDescription()).isEqualTo("ruby 3.4.5 +PRISM [x86_64-linux]");
        assertThat(t.units()).hasSize(2);
    }

    @Test
    void anOptionThatIsNotALongInterpreterOption_isRefused() throws Exception {
        Path ruby = fakeRuby("[\"-rsomething\"]");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, Duration.ofSeconds(60)).readTiming(TimingMode.SMOKE, null))
                .isInstanceOf(CalibrationException.class)
                .hasMessageContaining("names an option that is not a long interpreter option for unit jit");
    }
}
