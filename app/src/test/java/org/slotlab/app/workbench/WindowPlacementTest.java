package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.prefs.AbstractPreferences;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** The window opens at a usable size inside the screen, where the user left it. */
class WindowPlacementTest {

    /** Preferences kept in memory, so the test leaves the user's store alone. */
    static final class MemoryPrefs extends AbstractPreferences {
        private final Map<String, String> values = new HashMap<>();

        MemoryPrefs() {
            super(null, "");
        }

        @Override protected void putSpi(String key, String value) { values.put(key, value); }
        @Override protected String getSpi(String key) { return values.get(key); }
        @Override protected void removeSpi(String key) { values.remove(key); }
        @Override protected void removeNodeSpi() { values.clear(); }
        @Override protected String[] keysSpi() { return values.keySet().toArray(String[]::new); }
        @Override protected String[] childrenNamesSpi() { return new String[0]; }
        @Override protected AbstractPreferences childSpi(String name) { return new MemoryPrefs(); }
        @Override protected void syncSpi() { }
        @Override protected void flushSpi() { }
    }

    private static final Rectangle2D SCREEN = new Rectangle2D(0, 0, 1920, 1080);

    @Test
    void firstStart_opensAtTheDefaultSize_centred() {
        Rectangle2D r = new WindowPlacement(new MemoryPrefs()).initial(SCREEN);

        assertThat(r.getWidth()).isEqualTo(WindowPlacement.DEFAULT_WIDTH);
        assertThat(r.getHeight()).isEqualTo(WindowPlacement.DEFAULT_HEIGHT);
        assertThat(r.getMinX()).isEqualTo((1920 - WindowPlacement.DEFAULT_WIDTH) / 2);
    }

    @Test
    void aRemembered200x200_opensAtTheUsableMinimum() {
        // the size a window manager gave a stage sized only by its scene
        MemoryPrefs p = new MemoryPrefs();
        p.putDouble("x", 10);
        p.putDouble("y", 20);
        p.putDouble("width", 200);
        p.putDouble("height", 200);

        Rectangle2D r = new WindowPlacement(p).initial(SCREEN);

        assertThat(r.getWidth()).isEqualTo(WindowPlacement.MIN_WIDTH);
        assertThat(r.getHeight()).isEqualTo(WindowPlacement.MIN_HEIGHT);
        assertThat(r.getMinX()).isEqualTo(10);
    }

    @Test
    void aPlaceOffTheScreen_isBroughtBack_andASmallScreenIsFilled() {
        MemoryPrefs p = new MemoryPrefs();
        p.putDouble("x", 3000);
        p.putDouble("y", -400);
        p.putDouble("width", 1400);
        p.putDouble("height", 900);

        Rectangle2D r = new WindowPlacement(p).initial(new Rectangle2D(0, 0, 1280, 720));

        assertThat(r.getWidth()).isEqualTo(1280);
        assertThat(r.getHeight()).isEqualTo(720);
        assertThat(r.getMinX()).isZero();
        assertThat(r.getMinY()).isZero();
    }
}
