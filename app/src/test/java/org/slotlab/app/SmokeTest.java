package org.slotlab.app;

import static org.assertj.core.api.Assertions.assertThat;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void launcherExists() {
        assertThat(Launcher.class).isNotNull();
    }
}
