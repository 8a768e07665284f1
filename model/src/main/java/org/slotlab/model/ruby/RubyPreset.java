package org.slotlab.model.ruby;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.StringBufferRules;

/**
 * One CRuby version as the model knows it, JOL-style: its heap layout ({@link RubyLayout}: slot
 * sizes, pages, RString geometry and boot state), its GC parameters ({@link GcParams}, carried by
 * the layout) and its string-buffer rules ({@link StringBufferRules}: STR_BUF_MIN_SIZE, what
 * rb_str_buf_new embeds, capacity growth). Every scenario picks its Ruby from these presets; the
 * names are what the {@code --layout} option and the scenario files use ({@code --era} is an alias).
 * {@link #toString()} spells out the whole configuration.
 *
 * <p>Presets, oldest first: {@code ruby-2.4-before} and {@code ruby-2.4-after} (the 2.4-dev builds
 * Feature #12025 compared, before r55686 and after r55692), {@code ruby-3.1} (Debian's 3.1.2),
 * {@code ruby-3.4} (3.4.5) and {@code ruby-4.1-dev} (the nine heaps byroot's build reports in
 * Feature #22186, with 3.4's string rules).
 *
 * @param name        preset name, e.g. {@code ruby-3.4}
 * @param description one line for help texts and tooltips
 * @param layout      heaps, pages, RString geometry, GC parameters and boot state
 * @param strings     where string buffers put their bytes and how they grow
 * @param source      the public reference the preset's numbers come from
 */
public record RubyPreset(String name, String description, RubyLayout layout, StringBufferRules strings, Source source) {

    /** The default: a released Ruby whose layout was measured on this machine. */
    public static final String DEFAULT = "ruby-3.4";

    private static final Map<String, Supplier<RubyPreset>> PRESETS = new LinkedHashMap<>();
    /** Older names still accepted: the string-buffer eras and revision names scripts used. */
    private static final Map<String, String> ALIASES = Map.of(
            "ruby-2.4", "ruby-2.4-after",
            "ruby-2.4-r55692", "ruby-2.4-after",
            "ruby-2.4-r55685", "ruby-2.4-before");

    static {
        PRESETS.put("ruby-2.4-before", RubyPreset::ruby24Before);
        PRESETS.put("ruby-2.4-after", RubyPreset::ruby24After);
        PRESETS.put("ruby-3.1", RubyPreset::ruby31);
        PRESETS.put("ruby-3.4", RubyPreset::ruby34);
        PRESETS.put("ruby-4.1-dev", RubyPreset::ruby41dev);
    }

    public RubyPreset {
        Objects.requireNonNull(name, "preset name");
        Objects.requireNonNull(description, "preset description");
        Objects.requireNonNull(layout, "preset layout");
        Objects.requireNonNull(strings, "preset string-buffer rules");
        Objects.requireNonNull(source, "preset source");
    }

    /** 2.4-dev before r55686: STR_BUF_MIN_SIZE 128, so rb_str_buf_new asks malloc(129) at least. */
    public static RubyPreset ruby24Before() {
        StringBufferRules r = StringBufferRules.ruby24devBefore();
        return new RubyPreset("ruby-2.4-before", "CRuby 2.4-dev before r55686: STR_BUF_MIN_SIZE 128, one 40 B heap",
                r.layout(), r, Source.FEATURE_12025);
    }

    /** 2.4-dev after r55686 and r55692: STR_BUF_MIN_SIZE 127, capa = 2 * capa + termlen. */
    public static RubyPreset ruby24After() {
        StringBufferRules r = StringBufferRules.ruby24devAfter();
        return new RubyPreset("ruby-2.4-after", "CRuby 2.4-dev after r55692: STR_BUF_MIN_SIZE 127, one 40 B heap",
                r.layout(), r, Source.FEATURE_12025);
    }

    /** CRuby 3.1.2 (Debian 12): one 40 B heap, strings embed up to 23 B, STR_BUF_MIN_SIZE 63. */
    public static RubyPreset ruby31() {
        StringBufferRules r = StringBufferRules.ruby31();
        return new RubyPreset("ruby-3.1", RubyLayout.ruby31().description(), RubyLayout.ruby31(), r, Source.FEATURE_12025);
    }

    /** CRuby 3.4.5: five heaps of 40-640 B; buffers embed up to 615 B. */
    public static RubyPreset ruby34() {
        StringBufferRules r = StringBufferRules.ruby34();
        return new RubyPreset("ruby-3.4", RubyLayout.ruby34().description(), RubyLayout.ruby34(), r, Source.FEATURE_22186);
    }

    /** CRuby 4.1.0dev as byroot's build reports it: nine heaps of 32-1024 B, 3.4's string rules on them. */
    public static RubyPreset ruby41dev() {
        RubyLayout l = RubyLayout.ruby41dev();
        StringBufferRules r = StringBufferRules.ruby34().onLayout("ruby-4.1-dev",
                "CRuby 4.1.0dev: 3.4's string-buffer rules on nine heaps of 32-1024 B", l);
        return new RubyPreset("ruby-4.1-dev", l.description(), l, r, Source.FEATURE_22186);
    }

    /** Preset names, oldest first. */
    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }

    /** The preset of that name (or an older alias), if any. */
    public static Optional<RubyPreset> find(String name) {
        String n = name == null ? "" : name.strip();
        Supplier<RubyPreset> s = PRESETS.get(ALIASES.getOrDefault(n, n));
        return s == null ? Optional.empty() : Optional.of(s.get());
    }

    /** The preset of that name; the message lists the known ones. */
    public static RubyPreset byName(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown layout '" + name + "' (known: " + String.join(", ", names()) + ")"));
    }

    @Override
    public String toString() {
        return "RubyPreset(" + name + ": " + layout + ", " + layout.gc() + ", " + strings + ", " + source.citation() + ")";
    }
}
