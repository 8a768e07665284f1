package org.slotlab.app.scenario;

import java.util.Objects;
import org.slotlab.app.knob.Settings;

/**
 * A named, frozen copy of one scenario's settings that every chart of that scenario keeps
 * drawing next to the current ones (up to {@link #MAX_PINS} at once).
 */
public record Pin(String name, Settings settings) {

    /** Most pins drawn at once: more series than this cannot be told apart on a bar chart. */
    public static final int MAX_PINS = 3;

    public Pin {
        Objects.requireNonNull(settings, "pin settings");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a pin needs a name");
        }
    }
}
