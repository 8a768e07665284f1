package org.slotlab.model.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;
import org.slotlab.model.layout.RubyLayout;

/**
 * The shipped traces and dumps of real programs (sample-data/trace) read, and master's rule in the
 * model makes what the traced Ruby made for (nearly) every substring on that Ruby's layout.
 */
class SampleTracesTest {

    static Stream<Path> files(String folder) throws Exception {
        Path dir = Path.of(SampleTracesTest.class.getResource("/sample-data/trace/" + folder).toURI());
        List<Path> all;
        try (Stream<Path> s = Files.list(dir)) {
            all = s.filter(p -> p.getFileName().toString().contains(".json")).sorted().toList();
        }
        assertThat(all).hasSize(8);
        return all.stream();
    }

    static Stream<Path> traces() throws Exception {
        return files("traces");
    }

    static Stream<Path> dumps() throws Exception {
        return files("dumps");
    }

    @ParameterizedTest
    @MethodSource("traces")
    void trace_reads_andTheModelsMasterMakesWhatTheRubyMade(Path file) throws Exception {
        SubstringTrace t = TraceFile.read(file);

        RubyLayout layout = RubyLayout.byName(t.rubyMinor().equals("3.1") ? "ruby-3.1" : "ruby-3.4");
        assertThat(t.rows()).isNotEmpty();
        assertThat(TraceWhatIf.agreement(t, layout)).as(file.getFileName().toString()).isGreaterThanOrEqualTo(0.99);
    }

    @ParameterizedTest
    @MethodSource("dumps")
    void dump_reads_withLengthsAndRubyVersion(Path file) throws Exception {
        HeapDump d = HeapDumpReader.read(file);

        assertThat(d.rubyVersion()).isIn("3.1.2", "3.4.5");
        assertThat(d.lengths()).isTrue();
        assertThat(d.allocationSites()).isTrue();
        assertThat(d.unknownLengths()).isLessThanOrEqualTo(10);
    }
}
