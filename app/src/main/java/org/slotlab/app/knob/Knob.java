package org.slotlab.app.knob;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One setting a scenario reads, declared once and shown by both front ends: the workbench's
 * parameters panel makes an editor from it and the command line an option, with the same name,
 * default and validation (the per-policy settings of Caffeine's simulator, declared beside the
 * policy). A knob shared by several scenarios (the Ruby, the cost profile, the allocators) is one
 * declaration that each scenario takes with its own default ({@link #withDefault}).
 *
 * <p>Worked example: {@code Knob.of("count", "count N", Types.longs(1, 1_000_000_000), 2_000_000L)
 * .unit("slices").describe("slices taken per length")} is {@code --count N} on the command line,
 * a text field labelled "count N" in the panel, {@code "count" : 2000000} in a scenario file, and
 * {@code 0} is refused everywhere with "must be between 1 and 1,000,000,000 slices, got 0".
 *
 * @param <T> the value type
 */
public final class Knob<T> {

    /** How the workbench edits a knob when its type alone does not say. */
    public enum Editor {
        /** The type's own editor: a field, a toggle, a combo box or check boxes. */
        DEFAULT,
        /** A str_subseq policy as the cutoff slider with the frozen-source rule, always-embed and sharable-middle toggles. */
        CUTOFF_POLICY,
        /** A file path with a chooser button (and, when the default is not a file, a button back to it). */
        FILE,
        /** An editable combo box: the choices are suggestions, any text the type accepts goes. */
        SUGGESTIONS,
        /** The Ruby layout: presets, the layout a cost profile carries, or a custom layout. */
        LAYOUT,
        /** The cost profile: the shipped one or a JSON file. */
        COST_PROFILE
    }

    private final String name;
    private final List<String> aliases;
    private final String label;
    private final String unit;
    private final String description;
    private final String section;
    private final KnobType<T> type;
    private final T defaultValue;
    private final Function<T, Optional<String>> rule;
    private final boolean inPanel;
    private final Editor editor;

    private Knob(String name, List<String> aliases, String label, String unit, String description, String section,
            KnobType<T> type, T defaultValue, Function<T, Optional<String>> rule, boolean inPanel, Editor editor) {
        this.name = Objects.requireNonNull(name, "knob name");
        if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("knob name must be lower-case words joined by '-', got '" + name + "'");
        }
        this.aliases = List.copyOf(aliases);
        this.label = Objects.requireNonNull(label, "knob label");
        this.unit = Objects.requireNonNull(unit, "knob unit");
        this.description = Objects.requireNonNull(description, "knob description");
        this.section = Objects.requireNonNull(section, "knob section");
        this.type = Objects.requireNonNull(type, "knob type");
        this.rule = Objects.requireNonNull(rule, "knob rule");
        this.inPanel = inPanel;
        this.editor = Objects.requireNonNull(editor, "knob editor");
        this.defaultValue = Objects.requireNonNull(defaultValue, "default of knob " + name);
        check(defaultValue).ifPresent(m -> {
            throw new IllegalArgumentException("default of knob " + name + ": " + m);
        });
    }

    /** A knob named {@code name} (the CLI option {@code --name}, the scenario file's field). */
    public static <T> Knob<T> of(String name, String label, KnobType<T> type, T defaultValue) {
        return new Knob<>(name, List.of(), label, "", "", "Settings", type, defaultValue, v -> Optional.empty(), true,
                Editor.DEFAULT);
    }

    private Knob<T> copy(List<String> a, String l, String u, String d, String s, T def,
            Function<T, Optional<String>> r, boolean p, Editor e) {
        return new Knob<>(name, a, l, u, d, s, type, def, r, p, e);
    }

    /** The unit shown after the value ({@code B}, {@code s}); empty for counts of things named by the label. */
    public Knob<T> unit(String u) { return copy(aliases, label, u, description, section, defaultValue, rule, inPanel, editor); }

    /** What the knob means in CRuby's terms: the tooltip and the CLI help. */
    public Knob<T> describe(String d) { return copy(aliases, label, unit, d, section, defaultValue, rule, inPanel, editor); }

    /** The titled section of the parameters panel the editor goes into. */
    public Knob<T> section(String s) { return copy(aliases, label, unit, description, s, defaultValue, rule, inPanel, editor); }

    /** Older CLI names still accepted; when one is given it wins over {@code --name}. */
    public Knob<T> alias(String... names) { return copy(List.of(names), label, unit, description, section, defaultValue, rule, inPanel, editor); }

    /** A rule beyond the type's: returns the broken rule's message, or empty. */
    public Knob<T> rule(Function<T, Optional<String>> r) {
        Function<T, Optional<String>> before = rule;
        return copy(aliases, label, unit, description, section, defaultValue,
                v -> before.apply(v).or(() -> r.apply(v)), inPanel, editor);
    }

    /** This knob with a scenario's own default: same name, meaning and rules. */
    public Knob<T> withDefault(T def) { return copy(aliases, label, unit, description, section, def, rule, inPanel, editor); }

    /** This knob with a scenario's own label (e.g. "i (string length)" for a list of sizes). */
    public Knob<T> withLabel(String l) { return copy(aliases, l, unit, description, section, defaultValue, rule, inPanel, editor); }

    /** A knob only the command line offers: it shapes the printed report, not what the charts show. */
    public Knob<T> cliOnly() { return copy(aliases, label, unit, description, section, defaultValue, rule, false, editor); }

    /** How the workbench edits it, when not by its type. */
    public Knob<T> editor(Editor e) { return copy(aliases, label, unit, description, section, defaultValue, rule, inPanel, e); }

    public String name() { return name; }
    public List<String> aliases() { return aliases; }
    public String label() { return label; }
    public String unit() { return unit; }
    public String description() { return description; }
    public String section() { return section; }
    public KnobType<T> type() { return type; }
    public T defaultValue() { return defaultValue; }
    public boolean inPanel() { return inPanel; }
    public Editor editor() { return editor; }

    /** The CLI option: {@code --name}. */
    public String option() {
        return "--" + name;
    }

    /** Whether {@code value} breaks a rule: the message states the rule, or empty. */
    public Optional<String> check(T value) {
        if (value == null) {
            return Optional.of("needs a value");
        }
        return rule.apply(value);
    }

    /** The value of a text, checked; the message (without the knob's name) states the broken rule. */
    public T parse(String text) {
        T v = type.parse(text == null ? "" : text.strip());
        check(v).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
        return v;
    }

    /** The value as text, e.g. for the CLI help's default or a text field. */
    public String format(T value) {
        return type.format(value);
    }

    /** {@code value} as this knob's type, or a ClassCastException naming the knob. */
    @SuppressWarnings("unchecked")
    T cast(Object value) {
        if (value != null && !type.valueClass().isInstance(value)) {
            throw new ClassCastException("knob " + name + " holds " + type.valueClass().getSimpleName() + ", not "
                    + value.getClass().getSimpleName());
        }
        return (T) value;
    }

    @Override
    public String toString() {
        return "Knob(" + name + " = " + format(defaultValue) + ")";
    }
}
