package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class NameMappingTest {

    @Test
    void defaults_size100_isLen100() {
        assertThat(NameMapping.defaults().map("size100")).contains(new MappedParameter("len", 100));
    }

    @Test
    void defaults_lenUnderscore_isLen() {
        assertThat(NameMapping.defaults().map("len_250")).contains(new MappedParameter("len", 250));
        assertThat(NameMapping.defaults().map("len999")).contains(new MappedParameter("len", 999));
    }

    @Test
    void defaults_bareNumber_isSlotSize() {
        // byroot's x.report("#{size}") names reports after the slot size (Feature #22186)
        assertThat(NameMapping.defaults().map("640")).contains(new MappedParameter("slot_size", 640));
    }

    @Test
    void rulesMatchTheWholeName() {
        assertThat(NameMapping.defaults().map("size100_unfrozen")).isEmpty();
        assertThat(NameMapping.defaults().map("fluentd")).isEmpty();
    }

    @Test
    void parse_firstMatchingRuleWins_andCommentsAreIgnored() throws ImportException {
        NameMapping m = NameMapping.parse("# mine\n\nslice_(\\d+)_frozen => len\n(\\d+) => len\n", "map.txt");

        assertThat(m.map("slice_64_frozen")).contains(new MappedParameter("len", 64));
        assertThat(m.map("40")).contains(new MappedParameter("len", 40));
    }

    @Test
    void parse_missingArrow_namesFileAndLine() {
        assertThatThrownBy(() -> NameMapping.parse("size(\\d+) => len\nsize(\\d+) len\n", "map.txt"))
                .isInstanceOf(ImportException.class)
                .hasMessage("map.txt:2: expected 'regex => parameter' (e.g. 'size(\\d+) => len'), found 'size(\\d+) len'");
    }

    @Test
    void parse_badRegex_namesFileAndLine() {
        assertThatThrownBy(() -> NameMapping.parse("size(\\d+ => len\n", "map.txt"))
                .hasMessageStartingWith("map.txt:1: invalid regex 'size(\\d+'");
    }

    @Test
    void parse_regexWithoutGroup_isRejected() {
        assertThatThrownBy(() -> NameMapping.parse("size\\d+ => len\n", "map.txt"))
                .hasMessageStartingWith("map.txt:1: rule 'size\\d+' needs a capture group");
    }

    @Test
    void defaults_roundTripThroughText() throws ImportException {
        NameMapping d = NameMapping.defaults();

        assertThat(NameMapping.parse(d.toText(), "d.txt")).isEqualTo(d);
        assertThat(d.toText()).contains("size(\\d+) => len\n");
    }

    @Property
    void anyRules_roundTripThroughText(@ForAll("rules") List<NameMapping.Rule> rules) throws ImportException {
        NameMapping m = new NameMapping(rules);

        assertThat(NameMapping.parse(m.toText(), "p.txt")).isEqualTo(m);
    }

    @Provide
    Arbitrary<List<NameMapping.Rule>> rules() {
        Arbitrary<String> prefix = Arbitraries.strings().withChars("abc_xyz").ofMaxLength(6);
        Arbitrary<String> param = Arbitraries.of("len", "slot_size");
        return Combinators.combine(prefix, param)
                .as((p, n) -> new NameMapping.Rule(Pattern.compile(p + "(\\d+)"), n))
                .list().ofMaxSize(6).uniqueElements(r -> r.pattern().pattern());
    }

    @Test
    void measuredSet_withMapping_keepsParametersTheFileSet() throws ImportException {
        MeasuredSet set = new PlainCsvImporter().read(Fixtures.path("byroot_slot_gc_count.csv"));

        MeasuredSet mapped = set.withMapping(NameMapping.defaults());

        assertThat(mapped.points()).isEqualTo(set.points());
    }
}
