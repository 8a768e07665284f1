package org.slotlab.app.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slotlab.app.knob.Settings;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.string.StringBufferRules;

/**
 * Resolves the shared knobs of a {@link Settings} into model objects: the {@link RubyLayout} (a
 * preset, a {@link CustomLayout}, or the layout a calibrated profile carries), the
 * {@link StringBufferRules} of the Ruby preset, and the {@link CostProfile} (the shipped fit or a
 * JSON file, cached by path so a slider drag does not re-read it). Messages name the setting.
 */
public final class ModelInputs {

    private static final Map<String, CostProfile> PROFILES = new ConcurrentHashMap<>();
    private static volatile CostProfile defaultProfile;

    private ModelInputs() {}

    /** The layout the settings' Ruby stands for. */
    public static RubyLayout layout(Settings s) {
        if (takesRubyOrProfile(s)) {
            return rules(s).layout();
        }
        if (s.knob(Knobs.RUBY.name()).type() == Knobs.RUBY.type()) {
            return RubyPreset.byName(s.get(Knobs.RUBY)).layout();
        }
        LayoutChoice c = s.get(Knobs.LAYOUT);
        if (c.custom() != null) {
            try {
                return c.custom().build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("custom layout '" + c.custom().name() + "': " + e.getMessage(), e);
            }
        }
        if (c.asTraced() && s.has(YourProgramScenario.TRACE)) {
            return RubyPreset.byName(ProgramTraces.presetOfVersion(ProgramTraces.rubyVersion(s.get(YourProgramScenario.TRACE))))
                    .layout();
        }
        if (c.fromProfile()) {
            CostProfile p = profile(s);
            return p.layout().orElseThrow(() -> new IllegalArgumentException("layout '" + LayoutChoice.FROM_PROFILE
                    + "': the cost profile " + p.name() + " carries no layout; load one written by 'slotlab calibrate'"));
        }
        return RubyPreset.byName(c.name()).layout();
    }

    /** The Ruby preset of a scenario that reads the {@link Knobs#RUBY} knob. */
    public static RubyPreset ruby(Settings s) {
        return RubyPreset.byName(s.get(Knobs.RUBY));
    }

    /** The string-buffer rules of the settings' Ruby: a preset's, or those the profile's layout implies. */
    public static StringBufferRules rules(Settings s) {
        if (takesRubyOrProfile(s) && LayoutChoice.FROM_PROFILE.equals(s.get(Knobs.RUBY_OR_PROFILE))) {
            CostProfile p = profile(s);
            RubyLayout l = p.layout().orElseThrow(() -> new IllegalArgumentException("layout '" + LayoutChoice.FROM_PROFILE
                    + "': the cost profile " + p.name() + " carries no layout; load one written by 'slotlab calibrate'"));
            return StringBufferRules.ofLayout(l);
        }
        return ruby(s).strings();
    }

    /** Whether the settings' Ruby is a {@link Knobs#RUBY_OR_PROFILE} knob (a preset or the profile's layout). */
    public static boolean takesRubyOrProfile(Settings s) {
        return s.has(Knobs.RUBY_OR_PROFILE.name()) && s.knob(Knobs.RUBY_OR_PROFILE.name()).type() == Knobs.RUBY_OR_PROFILE.type();
    }

    /**
     * These settings with the Ruby taken from the profile they name, when it carries a layout: the
     * layout knob of {@link Knobs#LAYOUT} or {@link Knobs#RUBY_OR_PROFILE} set to
     * {@value LayoutChoice#FROM_PROFILE}; unchanged for a scenario without one or a profile without a layout.
     */
    public static Settings layoutFromProfile(Settings s) {
        if (!s.has(Knobs.COST_PROFILE) || profile(s).layout().isEmpty()) {
            return s;
        }
        if (takesRubyOrProfile(s)) {
            return s.with(Knobs.RUBY_OR_PROFILE, LayoutChoice.FROM_PROFILE);
        }
        if (s.has(Knobs.LAYOUT.name()) && s.knob(Knobs.LAYOUT.name()).type() == Knobs.LAYOUT.type()) {
            return s.with(Knobs.LAYOUT, LayoutChoice.preset(LayoutChoice.FROM_PROFILE));
        }
        return s;
    }

    /** The cost profile: the shipped fit when the settings name none (or have no profile knob). */
    public static CostProfile profile(Settings s) {
        String path = s.has(Knobs.COST_PROFILE) ? s.get(Knobs.COST_PROFILE) : "";
        if (path.isBlank()) {
            CostProfile d = defaultProfile;
            if (d == null) {
                d = CostProfile.defaultProfile();
                defaultProfile = d;
            }
            return d;
        }
        CostProfile cached = PROFILES.get(path);
        if (cached != null) {
            return cached;
        }
        try {
            checkInputFile(Path.of(path), MAX_PROFILE_BYTES, "a cost profile (JSON)");
            CostProfile loaded = CostProfile.load(Path.of(path));
            PROFILES.put(path, loaded);
            return loaded;
        } catch (CostProfile.ProfileFormatException e) {
            throw new IllegalArgumentException("cost profile: " + e.getMessage(), e);
        }
    }

    /** Largest cost profile read, bytes: a profile is a few KiB of coefficients, a layout and readings. */
    public static final long MAX_PROFILE_BYTES = 4L * 1024 * 1024;

    /**
     * Refuses a file a knob or option names unless it is a regular file of at most {@code maxBytes}
     * (a missing file, a directory, a link to {@code /dev/zero}, a pipe are refused without opening
     * them, so nothing blocks or reads forever); the message names the file and the rule.
     */
    public static void checkInputFile(Path file, long maxBytes, String expected) {
        try {
            org.slotlab.model.measured.InputText.check(file, maxBytes, expected, "");
        } catch (org.slotlab.model.measured.ImportException e) {
            throw new IllegalArgumentException(e.source() + ": " + e.problem(), e);
        }
    }

    /**
     * The harness the settings' prediction assumes, on the profile's Ruby: the heap the loop finds
     * and the harness's cost per iteration. {@code auto} (or no harness knob) takes the profile's
     * default harness.
     */
    public static org.slotlab.model.harness.HarnessState harness(Settings s, RubyLayout layout) {
        CostProfile p = profile(s);
        String h = s.has(Knobs.HARNESS) ? s.get(Knobs.HARNESS) : Knobs.AUTO_HARNESS;
        org.slotlab.model.harness.Harness harness = h.equals(Knobs.AUTO_HARNESS) ? p.defaultHarness()
                : org.slotlab.model.harness.Harness.parse(h);
        return p.harness(harness, layout);
    }

    /**
     * What every prediction says about its assumptions: the harness and the heap it hands the loop,
     * and whether the cost profile held up on the probe rows it was not fitted to.
     */
    public static List<String> assumptions(Settings s, RubyLayout layout) {
        CostProfile p = profile(s);
        org.slotlab.model.harness.HarnessState h = harness(s, layout);
        List<String> out = new java.util.ArrayList<>();
        // the harness's own words after its name, which describe() already gives
        String how = h.harness().description().replaceFirst("^[^:]*: ", "");
        out.add("harness: " + h.describe() + " (" + how + "); heap at loop start: " + h.boot().provenance());
        out.add("cost profile " + p.name() + ": " + p.check().summary());
        return out;
    }

    /** Forgets a cached profile file (after the user reloads it). */
    public static void forget(String path) {
        PROFILES.remove(path);
    }

    /**
     * The largest slice length that embeds under {@code cutoff}: the largest len with
     * rb_str_embed_size(len + termlen) <= cutoff that the layout can also allocate (231 for 256 on
     * ruby-3.4 and ruby-4.1-dev), or -1 when none does. CRuby: string.c:238-241 rb_str_embed_size.
     */
    public static long largestEmbeddedLen(RubyLayout layout, int cutoff) {
        long fromCutoff = cutoff - layout.embedSize(layout.termLen());
        long len = Math.min(fromCutoff, layout.maxEmbeddedLen());
        return len < 0 ? -1 : len;
    }

    /** "largest embedded length: 231 B" (or the always-embed limit) for a candidate policy on a layout. */
    public static String largestEmbedded(RubyLayout layout, String candidate) {
        CandidateSpec c = CandidateSpec.of(candidate);
        if (c.alwaysEmbed()) {
            return "always-embed: up to " + layout.maxEmbeddedLen() + " B embeds";
        }
        long largest = c.master() ? -1 : largestEmbeddedLen(layout, c.cutoff());
        return "largest embedded length: " + (largest < 0 ? "none" : largest + " B");
    }
}
