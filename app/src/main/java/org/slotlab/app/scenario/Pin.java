package org.slotlab.app.scenario;

import java.util.Objects;

/**
 * A named, frozen copy of the parameters that every chart keeps drawing next to the current
 * settings (issue 3, "Compare": up to {@link #MAX_PINS} at once).
 */
public record Pin(String name, Parameters parameters) {

    /** Most pins drawn at once: more series than this cannot be told apart on a bar chart. */
    public static final int MAX_PINS = 3;

    public Pin {
        Objects.requireNonNull(parameters, "pin parameters");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a pin needs a name");
        }
    }
}
