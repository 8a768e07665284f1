package org.slotlab.app.knob;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values of one scenario's knobs: what a scenario computes from, what undo restores, what a
 * pin freezes and what a scenario file stores under the scenario's id. Immutable; every knob the
 * scenario declares has a value (its default until changed). Equal settings compute equal charts.
 */
public final class Settings {

    private final String scenario;
    private final List<Knob<?>> knobs;
    private final Map<String, Object> values;

    private Settings(String scenario, List<Knob<?>> knobs, Map<String, Object> values) {
        this.scenario = scenario;
        this.knobs = knobs;
        this.values = values;
    }

    /** Every knob at its default. */
    public static Settings defaults(String scenario, List<Knob<?>> knobs) {
        Objects.requireNonNull(scenario, "scenario id");
        Map<String, Object> v = new LinkedHashMap<>();
        for (Knob<?> k : knobs) {
            if (v.put(k.name(), k.defaultValue()) != null) {
                throw new IllegalArgumentException("scenario " + scenario + " declares knob '" + k.name() + "' twice");
            }
        }
        return new Settings(scenario, List.copyOf(knobs), Collections.unmodifiableMap(v));
    }

    /** The id of the scenario these settings belong to. */
    public String scenario() {
        return scenario;
    }

    /** The scenario's knobs, in declared order. */
    public List<Knob<?>> knobs() {
        return knobs;
    }

    /** Whether the scenario declares a knob of that name. */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** Whether the scenario declares {@code knob} (by name). */
    public boolean has(Knob<?> knob) {
        return has(knob.name());
    }

    /** The knob of that name; IllegalArgumentException names the scenario's knobs. */
    public Knob<?> knob(String name) {
        for (Knob<?> k : knobs) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("scenario " + scenario + " has no setting '" + name + "' (settings: "
                + String.join(", ", knobs.stream().map(Knob::name).toList()) + ")");
    }

    /** The value of {@code knob}; the scenario must declare it. */
    public <T> T get(Knob<T> knob) {
        if (!values.containsKey(knob.name())) {
            throw new IllegalArgumentException("scenario " + scenario + " has no setting '" + knob.name() + "'");
        }
        return knob.cast(values.get(knob.name()));
    }

    /** The value of the knob named {@code name}, untyped (for editors and writers). */
    public Object value(String name) {
        knob(name);
        return values.get(name);
    }

    /** These settings with {@code knob} set to {@code value}; a refused value throws {@link KnobException}. */
    public <T> Settings with(Knob<T> knob, T value) {
        @SuppressWarnings("unchecked")
        Knob<T> own = (Knob<T>) knob(knob.name());
        own.cast(value);
        own.check(value).ifPresent(m -> {
            throw new KnobException(own, m);
        });
        if (Objects.equals(values.get(own.name()), value)) {
            return this;
        }
        Map<String, Object> v = new LinkedHashMap<>(values);
        v.put(own.name(), value);
        return new Settings(scenario, knobs, Collections.unmodifiableMap(v));
    }

    /** These settings with the knob named {@code name} set from text, as a text field or CLI option gives it. */
    public Settings withText(String name, String text) {
        return withParsed(knob(name), text);
    }

    private <T> Settings withParsed(Knob<T> k, String text) {
        T v;
        try {
            v = k.parse(text);
        } catch (KnobException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new KnobException(k, e.getMessage());
        }
        return with(k, v);
    }

    /** The value of the knob named {@code name} as text. */
    public String text(String name) {
        return format(knob(name));
    }

    private <T> String format(Knob<T> k) {
        return k.format(get(k));
    }

    /** "name value" for each knob that differs from its default, in declared order: a pin's summary. */
    public List<String> changes() {
        List<String> out = new ArrayList<>();
        for (Knob<?> k : knobs) {
            if (!Objects.equals(values.get(k.name()), k.defaultValue())) {
                out.add(k.label() + " " + format(k) + (k.unit().isEmpty() ? "" : " " + k.unit()));
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Settings s && s.scenario.equals(scenario) && s.values.equals(values);
    }

    @Override
    public int hashCode() {
        return scenario.hashCode() * 31 + values.hashCode();
    }

    @Override
    public String toString() {
        return "Settings(" + scenario + ": " + values + ")";
    }
}
