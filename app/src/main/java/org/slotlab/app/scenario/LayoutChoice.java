package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slotlab.app.knob.KnobType;
import org.slotlab.model.ruby.RubyPreset;

/**
 * The value of the {@link Knobs#LAYOUT} knob: a Ruby preset by name, the layout a calibrated cost
 * profile carries ({@value #FROM_PROFILE}), or a user's {@link CustomLayout}.
 *
 * @param name   the preset's name, {@value #FROM_PROFILE}, or the custom layout's name
 * @param custom the custom layout, or null
 */
public record LayoutChoice(String name, CustomLayout custom) {

    /** The layout a cost profile written by {@code slotlab calibrate} carries. */
    public static final String FROM_PROFILE = "from cost profile";

    /** The layout of the Ruby a trace was made on (the "Your program" scenario's default). */
    public static final String AS_TRACED = "as traced";

    public LayoutChoice {
        Objects.requireNonNull(name, "layout name");
    }

    public static LayoutChoice preset(String name) {
        return new LayoutChoice(name, null);
    }

    public static LayoutChoice custom(CustomLayout c) {
        return new LayoutChoice(c.name(), c);
    }

    public boolean asTraced() {
        return custom == null && AS_TRACED.equals(name);
    }

    public boolean fromProfile() {
        return custom == null && FROM_PROFILE.equals(name);
    }

    /** The knob type: preset names or {@value #FROM_PROFILE} as text, a custom layout as a JSON object. */
    static final KnobType<LayoutChoice> TYPE = new KnobType<>() {
        @Override
        public LayoutChoice parse(String text) {
            String t = text.strip();
            if (FROM_PROFILE.equals(t)) {
                return preset(FROM_PROFILE);
            }
            return preset(RubyPreset.byName(t).name());
        }

        @Override
        public String format(LayoutChoice v) {
            return v.name();
        }

        @Override
        public String syntax() {
            return "NAME";
        }

        @Override
        public List<String> choices() {
            List<String> out = new ArrayList<>(RubyPreset.names());
            out.add(FROM_PROFILE);
            return out;
        }

        @Override
        public Object toJson(LayoutChoice v) {
            if (v.custom() == null) {
                return v.name();
            }
            CustomLayout c = v.custom();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("basePreset", c.basePreset());
            m.put("slotSizes", c.slotSizes());
            m.put("pageSize", c.pageSize());
            m.put("rstringSize", c.rstringSize());
            m.put("embedOffset", c.embedOffset());
            m.put("termLen", c.termLen());
            return m;
        }

        @Override
        public LayoutChoice fromJson(Object json) {
            if (json instanceof Map<?, ?> m) {
                return custom(customLayout(m));
            }
            return parse(String.valueOf(json));
        }

        @Override
        public Class<?> valueClass() {
            return LayoutChoice.class;
        }
    };

    /** A custom layout from its JSON object; a missing or wrong field is named. */
    static CustomLayout customLayout(Map<?, ?> m) {
        List<Integer> slots = new ArrayList<>();
        if (!(m.get("slotSizes") instanceof List<?> l)) {
            throw new IllegalArgumentException("custom layout: 'slotSizes' must be a list of sizes in bytes");
        }
        for (Object o : l) {
            slots.add(whole(o, "slotSizes"));
        }
        return new CustomLayout(text(m, "name"), text(m, "basePreset"), slots, whole(m.get("pageSize"), "pageSize"),
                whole(m.get("rstringSize"), "rstringSize"), whole(m.get("embedOffset"), "embedOffset"),
                whole(m.get("termLen"), "termLen"));
    }

    private static String text(Map<?, ?> m, String field) {
        if (!(m.get(field) instanceof String s) || s.isBlank()) {
            throw new IllegalArgumentException("custom layout: '" + field + "' must be a non-empty string");
        }
        return s;
    }

    private static int whole(Object o, String field) {
        if (!(o instanceof Integer || o instanceof Long)) {
            throw new IllegalArgumentException("custom layout: '" + field + "' must be a whole number of bytes, got " + o);
        }
        return ((Number) o).intValue();
    }
}
