package org.slotlab.model.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;

class LayoutJsonTest {

    @Test
    void presets_roundTripThroughJson() {
        for (String name : RubyLayout.presetNames()) {
            RubyLayout l = RubyLayout.byName(name);
            assertThat(LayoutJson.fromJson(LayoutJson.toJson(l), "test")).isEqualTo(l);
        }
    }

    @Test
    void badLayout_namesWhereAndTheRule() {
        var o = LayoutJson.toJson(RubyLayout.ruby34());
        o.putArray("slotSizes").add(80).add(40);
        assertThatThrownBy(() -> LayoutJson.fromJson(o, "my.profile.json"))
                .hasMessageContaining("my.profile.json: layout:").hasMessageContaining("strictly increasing");
    }

    @Test
    void profileCarryingALayout_roundTrips() throws Exception {
        CostProfile d = CostProfile.defaultProfile();
        CostProfile withLayout = new CostProfile("mine", "here", d.coefficients(), null, RubyLayout.ruby31());
        java.nio.file.Path f = java.nio.file.Files.createTempFile("p", ".profile.json");
        java.nio.file.Files.writeString(f, withLayout.toJson());
        CostProfile back = CostProfile.load(f);
        assertThat(back.layout()).contains(RubyLayout.ruby31());
        assertThat(back.layoutName()).isEqualTo("ruby-3.1");
        java.nio.file.Files.delete(f);
    }
}
