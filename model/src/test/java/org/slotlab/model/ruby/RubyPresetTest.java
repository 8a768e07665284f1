package org.slotlab.model.ruby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringBufferRules;

class RubyPresetTest {

    @Test
    void eachPreset_carriesItsLayoutGcParametersAndStringRules_onTheSameLayout() {
        for (String name : RubyPreset.names()) {
            RubyPreset p = RubyPreset.byName(name);
            assertThat(p.name()).isEqualTo(name);
            assertThat(p.strings().layout()).as(name).isEqualTo(p.layout());
            assertThat(p.layout().gc()).as(name).isNotNull();
            assertThat(p.toString()).contains(name).contains(p.source().url());
        }
        assertThat(RubyPreset.ruby34().layout()).isEqualTo(RubyLayout.ruby34());
        assertThat(RubyPreset.ruby31().strings().strBufMinSize()).isEqualTo(StringBufferRules.STR_BUF_MIN_SIZE_MODERN);
    }

    @ParameterizedTest
    @CsvSource({
        // the Feature #12025 builds: STR_BUF_MIN_SIZE 128 before r55686, 127 after
        "ruby-2.4-before, 128",
        "ruby-2.4-after,  127",
        // older names still read
        "ruby-2.4,        127",
        "ruby-2.4-r55685, 128",
    })
    void the24Presets_keepFeature12025sMinimum(String name, long min) {
        assertThat(RubyPreset.byName(name).strings().strBufMinSize()).isEqualTo(min);
    }

    @Test
    void ruby41dev_has34sStringRulesOnItsNineHeaps_soStringsEmbedUpTo999Bytes() {
        RubyPreset p = RubyPreset.ruby41dev();
        assertThat(p.layout().heapCount()).isEqualTo(9);
        assertThat(p.strings().bufNewEmbedding()).isEqualTo(StringBufferRules.BufNewEmbedding.VARIABLE_WIDTH);
        // 24 + 999 + 1 = 1024, the largest slot
        assertThat(p.strings().bufNew(999).embedded()).isTrue();
        assertThat(p.strings().bufNew(1000).embedded()).isFalse();
    }

    @Test
    void unknownName_listsThePresets() {
        assertThatThrownBy(() -> RubyPreset.byName("ruby-9")).hasMessage("unknown layout 'ruby-9' (known: ruby-2.4-before, "
                + "ruby-2.4-after, ruby-3.1, ruby-3.4, ruby-4.1-dev)");
    }
}
