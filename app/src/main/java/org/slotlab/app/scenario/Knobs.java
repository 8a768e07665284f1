package org.slotlab.app.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobType;
import org.slotlab.app.knob.Types;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.string.SubseqPolicies;

/**
 * The knobs several scenarios share, each declared once: which Ruby, which cost profile, which
 * malloc models, which str_subseq policies. A scenario takes them with its own default
 * ({@link Knob#withDefault}); name, meaning and rules stay the same everywhere, so
 * {@code --layout}, {@code --profile} and {@code --allocator} mean one thing on every
 * {@code slotlab predict} command.
 */
public final class Knobs {

    private Knobs() {}

    /** Section of the Ruby and its costs. */
    public static final String RUBY_SECTION = "Ruby and cost profile";
    /** Section of the malloc models. */
    public static final String MALLOC_SECTION = "Malloc";

    /**
     * The Ruby whose heaps, GC and string rules the model follows, for scenarios that also time
     * with a cost profile: a preset, the layout a calibrated profile carries, or a custom layout.
     */
    public static final Knob<LayoutChoice> LAYOUT = Knob.of("layout", "layout", LayoutChoice.TYPE,
                    LayoutChoice.preset(RubyPreset.DEFAULT))
            .section(RUBY_SECTION).editor(Knob.Editor.LAYOUT)
            .describe("The CRuby build: its heaps' slot sizes (heap_slot_size, gc/default/default.c:2256), page size, "
                    + "RString geometry and GC parameters. " + presets() + " '" + LayoutChoice.FROM_PROFILE
                    + "' takes the layout a profile from 'slotlab calibrate' read; custom layouts are edited in the workbench.");

    /**
     * The Ruby of a scenario that counts bytes and calls rather than time: a preset only. The
     * older {@code --era} (which picked string-buffer rules alone) is an alias and wins over
     * {@code --layout} when both are given.
     */
    public static final Knob<String> RUBY = Knob.of("layout", "Ruby", rubyType(), RubyPreset.DEFAULT)
            .section("Ruby").alias("--era")
            .describe("The CRuby version: its heaps and its string-buffer rules (STR_BUF_MIN_SIZE, what rb_str_buf_new "
                    + "embeds, capacity growth, string.c). " + presets());

    /**
     * The Ruby of a scenario that counts bytes and, given a cost profile, also times them: a preset,
     * or the layout a calibrated profile carries ({@value LayoutChoice#FROM_PROFILE}), whose slot
     * sizes and embed rule then decide which strings embed. {@code --era} is an alias, as for
     * {@link #RUBY}.
     */
    public static final Knob<String> RUBY_OR_PROFILE = Knob.of("layout", "Ruby", rubyOrProfileType(), RubyPreset.DEFAULT)
            .section(RUBY_SECTION).alias("--era")
            .describe("The CRuby version: its heaps and its string-buffer rules (STR_BUF_MIN_SIZE, what rb_str_buf_new "
                    + "embeds, capacity growth, string.c). " + presets() + " '" + LayoutChoice.FROM_PROFILE + "' takes the "
                    + "layout a profile from 'slotlab calibrate' read (its slot sizes and embed rule; 3.4's string rules on "
                    + "variable-width slots, 3.1's on a fixed embed area); given --profile without --layout it is the default.");

    /** The cost profile: named ns coefficients; empty for the shipped fit. */
    public static final Knob<String> COST_PROFILE = Knob.of("profile", "cost profile", Types.text("FILE", Knobs::checkFile), "")
            .section(RUBY_SECTION).editor(Knob.Editor.COST_PROFILE)
            .describe("Cost profile JSON: named ns coefficients (method call, slot allocation, byte copy, GC per page...) "
                    + "fitted to Feature #22186's tables by default (https://bugs.ruby-lang.org/issues/22186, arm64 macOS); "
                    + "load your own from 'slotlab calibrate'.");

    /** Choice of {@link #HARNESS} that takes the profile's own default harness. */
    public static final String AUTO_HARNESS = "auto";

    /**
     * The benchmark harness the prediction assumes: the heap the timed loop finds (what boot,
     * RubyGems, the harness's requires and warm-up leave in each heap) and the harness's own cost
     * per iteration, both measured by {@code slotlab calibrate} on the profile's Ruby.
     */
    public static final Knob<String> HARNESS = Knob.of("harness", "harness", harnessType(), AUTO_HARNESS)
            .section(RUBY_SECTION)
            .describe("The benchmark harness the loop is timed in: bare (a while loop under ruby --disable-gems), rubygems "
                    + "(the same loop under plain ruby), benchmark-driver (a fresh process per benchmark, the empty loop's "
                    + "time subtracted), benchmark-ips (a block call per iteration after a warm-up), ruby-bench (warm-up "
                    + "iterations, then timed ones). Each hands the loop its own heap and adds its own cost per iteration; "
                    + "a calibrated profile measured them on its Ruby. auto: the profile's own (benchmark-driver for the "
                    + "shipped profile, whose published tables it produced; bare for a calibrated one).");

    /** Malloc models by name, in the order given. */
    public static final Knob<List<String>> ALLOCATORS = Knob.of("allocator", "allocators",
                    Types.someOf("allocator", Allocators.names(), Allocators::byName), List.of("glibc"))
            .section(MALLOC_SECTION)
            .describe("Malloc models, one series each: glibc ptmalloc, jemalloc 2/3/5, power-of-two, darwin. Each rounds a "
                    + "request up to its size class.");

    /** One str_subseq policy: the candidate compared with the baseline. */
    public static final Knob<String> CANDIDATE = Knob.of("candidate", "candidate", policy(), "cutoff:256")
            .section("Candidate (STR_SUBSEQ_EMBED_MAX_SIZE)").editor(Knob.Editor.CUTOFF_POLICY)
            .describe("The str_subseq policy compared with the baseline: cutoff:N embeds a sharable substring when "
                    + "rb_str_embed_size(len + termlen) = 24 + len + 1 <= N (string.c:238-241) and shares the source's "
                    + "buffer otherwise; frozen-rule:N[:M] applies N only when sharing would first allocate a frozen root "
                    + "(byroot's rule); always-embed embeds whenever STR_EMBEDDABLE_P; +middle lets middle substrings "
                    + "share (Feature #19315). 256 embeds up to len 231.");

    /** Several str_subseq policies, each compared with master. */
    public static final Knob<List<String>> CANDIDATES = Knob.of("candidate", "candidates", policies(),
                    List.of("cutoff:128", "cutoff:256"))
            .section("Candidates")
            .describe("str_subseq policies compared with master, comma-separated: cutoff:N, frozen-rule:N[:M], "
                    + "always-embed, any with +middle.");

    private static KnobType<String> harnessType() {
        List<String> choices = new ArrayList<>();
        choices.add(AUTO_HARNESS);
        choices.addAll(org.slotlab.model.harness.Harness.ids());
        return Types.oneOf("harness", choices);
    }

    /** A preset name, or {@value LayoutChoice#FROM_PROFILE}. */
    private static KnobType<String> rubyOrProfileType() {
        return new KnobType<>() {
            @Override public String parse(String text) {
                return LayoutChoice.FROM_PROFILE.equals(text.strip()) ? LayoutChoice.FROM_PROFILE : RubyPreset.byName(text).name();
            }
            @Override public String format(String v) { return v; }
            @Override public String syntax() { return "NAME"; }
            @Override public List<String> choices() {
                List<String> out = new ArrayList<>(RubyPreset.names());
                out.add(LayoutChoice.FROM_PROFILE);
                return out;
            }
            @Override public Class<?> valueClass() { return String.class; }
        };
    }

    /** A preset name; older names (ruby-2.4, r55692) read as the preset they stand for. */
    private static KnobType<String> rubyType() {
        return new KnobType<>() {
            @Override public String parse(String text) { return RubyPreset.byName(text).name(); }
            @Override public String format(String v) { return v; }
            @Override public String syntax() { return "NAME"; }
            @Override public List<String> choices() { return RubyPreset.names(); }
            @Override public Class<?> valueClass() { return String.class; }
        };
    }

    private static String presets() {
        List<String> out = new ArrayList<>();
        for (String n : RubyPreset.names()) {
            out.add(n + " (" + RubyPreset.byName(n).description() + ")");
        }
        return "Presets: " + String.join("; ", out) + ".";
    }

    private static void checkFile(String t) {
        if (!t.isEmpty()) {
            ModelInputs.checkInputFile(Path.of(t), ModelInputs.MAX_PROFILE_BYTES, "a cost profile (JSON)");
        }
    }

    /** One policy name as SubseqPolicies reads it. */
    static KnobType<String> policy() {
        return Types.text("POLICY", SubseqPolicies::parse);
    }

    /** Comma-separated policy names, at least one. */
    static KnobType<List<String>> policies() {
        return new KnobType<>() {
            @Override
            public List<String> parse(String text) {
                List<String> out = new ArrayList<>();
                for (String s : text.split(",")) {
                    if (!s.isBlank()) {
                        SubseqPolicies.parse(s.strip());
                        out.add(s.strip());
                    }
                }
                if (out.isEmpty()) {
                    throw new IllegalArgumentException("needs at least one policy");
                }
                return List.copyOf(out);
            }

            @Override public String format(List<String> v) { return String.join(",", v); }
            @Override public String syntax() { return "LIST"; }
            @Override public Object toJson(List<String> v) { return v; }
            @Override public Class<?> valueClass() { return List.class; }
        };
    }
}
