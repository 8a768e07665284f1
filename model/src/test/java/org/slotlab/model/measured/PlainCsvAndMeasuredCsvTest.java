package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.slotlab.model.measured.Fixtures.value;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PlainCsvAndMeasuredCsvTest {

    private static final String BYROOT = "ruby 4.1.0dev (2026-07-08T23:30:28Z master 583668d5ed) +YJIT +PRISM [arm64-darwin25]";
    private final Importer csv = new PlainCsvImporter();

    @Test
    void plainCsv_slotBytes_givesSlotSizeParameterAndCountUnit() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("byroot_slot_gc_count.csv"));

        assertThat(set.executables()).containsExactly(BYROOT);
        assertThat(set.points()).hasSize(9);
        MeasuredPoint p = set.find("slot_bytes=1024", BYROOT, "gc_count").orElseThrow();
        assertThat(p.value()).isEqualTo(1604.0);
        assertThat(p.unit()).isEqualTo("count");
        assertThat(p.parameter()).contains(new MappedParameter("slot_size", 1024));
    }

    @Test
    void plainCsv_lenBytes_givesLenParameterAndNsUnit() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("ips_subseq_ns.csv"));

        MeasuredPoint p = set.find("len_bytes=100", "ruby 3.1.2p20", "ns_per_op").orElseThrow();
        assertThat(p.value()).isEqualTo(111.37);
        assertThat(p.unit()).isEqualTo("ns");
        assertThat(p.parameter()).contains(new MappedParameter("len", 100));
    }

    @Test
    void plainCsv_shortRow_failsWithLine() {
        String t = "# comment\nlen_bytes,ns_per_op\n1,81.69\n23\n";

        assertThatThrownBy(() -> Fixtures.read(csv, t, "m.csv"))
                .hasMessage("m.csv:4: expected 2 columns (len_bytes,ns_per_op), found 1; is the file truncated?");
    }

    @Test
    void plainCsv_unknownXColumn_saysWhatIsExpected() {
        assertThatThrownBy(() -> Fixtures.read(csv, "bench,ips\n1,2\n", "x.csv"))
                .hasMessage("x.csv:1: expected the first column to be a length (e.g. len_bytes) or a slot size (e.g. slot_bytes), found 'bench'");
    }

    @Test
    void plainCsv_fractionalX_isRejected() {
        assertThatThrownBy(() -> Fixtures.read(csv, "slot_bytes,gc_count\n40.5,79\n", "f.csv"))
                .hasMessage("f.csv:2: expected a whole number of bytes in slot_bytes, found '40.5'");
    }

    @Test
    void normalisedCsv_roundTripsAFixture() throws ImportException {
        MeasuredSet set = new BenchmarkDriverMarkdownImporter().read(Fixtures.path("byroot_subseq_driver.txt"))
                .withMapping(NameMapping.defaults());

        String written = MeasuredCsv.toCsv(set);
        MeasuredSet back = csv.read(new StringReader(written), "measured.csv");

        assertThat(written).startsWith(MeasuredCsv.HEADER + "\n")
                .contains("benchmark-driver,built-ruby,size23,len,23,ips,52254000,i/s\n");
        assertThat(back.points()).isEqualTo(set.points());
        assertThat(back.tool()).isEqualTo("benchmark-driver");
        assertThat(back.executables()).isEqualTo(set.executables());
    }

    @Test
    void normalisedCsv_quotesCommas() throws ImportException {
        MeasuredSet set = new MeasuredSet("s", "t,1", "f", List.of("a \"b\", c"),
                List.of(MeasuredPoint.of("x,y", "a \"b\", c", "ips", 1.5, "i/s")));

        MeasuredSet back = MeasuredCsv.read(new StringReader(MeasuredCsv.toCsv(set)), "q.csv");

        assertThat(back.points()).isEqualTo(set.points());
        assertThat(back.tool()).isEqualTo("t,1");
    }

    @Property
    void normalisedCsv_writeThenRead_isIdentity(@ForAll("points") List<MeasuredPoint> points) throws ImportException {
        MeasuredSet set = new MeasuredSet("s", "benchmark-ips", "ips-text", List.of("ruby"), points);

        MeasuredSet back = MeasuredCsv.read(new StringReader(MeasuredCsv.toCsv(set)), "p.csv");

        assertThat(back.points()).isEqualTo(points);
    }

    @Provide
    Arbitrary<List<MeasuredPoint>> points() {
        Arbitrary<String> names = Arbitraries.strings().withChars("abcz019_-, \"").ofMinLength(1).ofMaxLength(8)
                .filter(s -> !s.isBlank() && !s.startsWith("#"));
        // values a measurement can have (the reader refuses negative rates and times, 1e300, subnormals)
        Arbitrary<Double> values = Arbitraries.oneOf(
                Arbitraries.doubles().between(0, 1e12),
                Arbitraries.doubles().between(1e-9, 1e-3).ofScale(15),
                Arbitraries.of(0.0, 36.915e6, 1.0 / 3, 1e12, Double.MIN_NORMAL));
        Arbitrary<Optional<MappedParameter>> params = Arbitraries.oneOf(
                Arbitraries.just(Optional.<MappedParameter>empty()),
                Combinators.combine(Arbitraries.of("len", "slot_size"), Arbitraries.longs().between(0, Long.MAX_VALUE))
                        .as((n, v) -> Optional.of(new MappedParameter(n, v))));
        Arbitrary<MeasuredPoint> point = Combinators.combine(names, Arbitraries.of("ruby", "built-ruby"), Arbitraries.of("ips", "ms"), values,
                Arbitraries.of("i/s", "", "ms"), params).as(MeasuredPoint::new);
        // each result once: the reader refuses the same benchmark, executable, metric and parameter twice
        return point.list().ofMinSize(1).ofMaxSize(20)
                .uniqueElements(p -> List.of(p.benchmark(), p.executable(), p.metric(), p.parameter().toString()))
                .map(ArrayList::new);
    }

    @Test
    void measuredPoint_rejectsNonFiniteValues() {
        assertThatThrownBy(() -> MeasuredPoint.of("b", "e", "ips", Double.NaN, "i/s"))
                .hasMessageContaining("must be finite");
    }

    @Test
    void value_helperFindsPoints() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("ips_subseq_ns.csv"));
        assertThat(value(set, "len_bytes=1", "ruby 3.1.2p20", "ns_per_op")).isEqualTo(81.69);
    }
}
