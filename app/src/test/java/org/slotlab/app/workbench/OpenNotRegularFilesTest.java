package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.measured.NotRegularFiles;

/**
 * The workbench's Open on files that never end or are not files, through its view-model (no
 * toolkit): a link to {@code /dev/zero}, a named pipe, a directory, a file over the scenario
 * file's limit are refused at once with a message naming the file and the rule, and the window
 * keeps what it showed. The class timeout only guards against a hang.
 */
// a hang guard, not a speed check: reading a FIFO or /dev/zero must never block the test run
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OpenNotRegularFilesTest {

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        vm.close();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "dev-zero,   is a link to something that is not a regular file",
        "fifo,       is not a regular file (a device, pipe or socket)",
        "directory,  is a directory; expected a scenario file",
        "over-limit, is larger than 4 MiB, the most read from one file",
    })
    void open_notARegularFile_isRefusedAndNothingChanges(String kind, String expected) throws Exception {
        Path p = NotRegularFiles.make(dir.resolve("scenario.slotlab.json"), kind, ScenarioFile.MAX_BYTES);
        vm.setCutoff(300);
        Settings before = vm.settings();

        assertThatThrownBy(() -> vm.open(p))
                .isInstanceOf(ScenarioFile.ScenarioFormatException.class)
                .hasMessageStartingWith(p + ": ").hasMessageContaining(expected).hasMessageNotContaining("java.");
        assertThat(vm.settings()).isEqualTo(before);
    }
}
