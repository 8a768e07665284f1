package org.slotlab.app.scenario;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;

/**
 * Resolves the names in {@link Parameters} into model objects: the {@link RubyLayout} (a preset
 * or a {@link CustomLayout}) and the {@link CostProfile} (the shipped seed-000 fit or a JSON
 * file, cached by path so a slider drag does not re-read it). The layout name
 * {@value Parameters#PROFILE_LAYOUT} means the layout a calibrated profile carries (issue 6:
 * "the profile file also holds the layout it read"). Messages name the parameter.
 */
public final class ModelInputs {

    private static final Map<String, CostProfile> PROFILES = new ConcurrentHashMap<>();
    private static volatile CostProfile defaultProfile;

    private ModelInputs() {}

    public static RubyLayout layout(Parameters p) {
        if (p.customLayout() != null) {
            try {
                return p.customLayout().build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("custom layout '" + p.customLayout().name() + "': " + e.getMessage(), e);
            }
        }
        if (Parameters.PROFILE_LAYOUT.equals(p.layout())) {
            return profile(p).layout().orElseThrow(() -> new IllegalArgumentException("layout '" + Parameters.PROFILE_LAYOUT
                    + "': the cost profile " + profile(p).name() + " carries no layout; load one written by 'slotlab calibrate'"));
        }
        return RubyLayout.byName(p.layout());
    }

    public static CostProfile profile(Parameters p) {
        if (p.costProfile() == null || p.costProfile().isBlank()) {
            CostProfile d = defaultProfile;
            if (d == null) {
                d = CostProfile.defaultProfile();
                defaultProfile = d;
            }
            return d;
        }
        CostProfile cached = PROFILES.get(p.costProfile());
        if (cached != null) {
            return cached;
        }
        try {
            CostProfile loaded = CostProfile.load(Path.of(p.costProfile()));
            PROFILES.put(p.costProfile(), loaded);
            return loaded;
        } catch (CostProfile.ProfileFormatException e) {
            throw new IllegalArgumentException("cost profile: " + e.getMessage(), e);
        }
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
}
