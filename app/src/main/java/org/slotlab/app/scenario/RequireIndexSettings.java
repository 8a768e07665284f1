package org.slotlab.app.scenario;

import java.util.List;
import java.util.Objects;
import org.slotlab.model.buffers.LoadedFeatures;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;

/**
 * The knobs of scenario S4 ({@link RequireIndexScenario}, Feature #14460, seed
 * {@code 001_08788c9ff6bd8cb1.txt}): which $LOADED_FEATURES list feeds loaded_features_index
 * (load.c features_index_add), which malloc models, and how often the index is thrown away and
 * rebuilt. The defaults are the thread's: the shipped Rails 7.1.3 list, darwin malloc (the
 * thread's macOS) and glibc, the index built once.
 *
 * @param features   {@value #SAMPLE} for the shipped list, or the path of a file with one feature path per line
 * @param allocators malloc models by {@link Allocators} name, at least one
 * @param rebuilds   index rebuilds during boot (each re-strdup's every key on 2.5)
 */
public record RequireIndexSettings(String features, List<String> allocators, int rebuilds) {

    /** The shipped feature list (sample-data/require/loaded_features.txt). */
    public static final String SAMPLE = "sample";
    /** The thread's macOS malloc and glibc (PredictRequireIndex's default list). */
    public static final List<String> THREAD_ALLOCATORS = List.of("darwin", "glibc");
    /** Most rebuilds accepted: a boot that rebuilt the index more often than this has a bug of its own. */
    public static final int MAX_REBUILDS = 10_000;

    public RequireIndexSettings {
        features = features == null || features.isBlank() ? SAMPLE : features.trim();
        allocators = List.copyOf(Objects.requireNonNull(allocators, "allocators"));
        StrBufSettings.checkAllocators("require-index allocators", allocators);
        if (rebuilds < 0 || rebuilds > MAX_REBUILDS) {
            throw new IllegalArgumentException("index rebuilds must be between 0 and " + MAX_REBUILDS + ", got " + rebuilds);
        }
    }

    /** The thread's setting. */
    public static RequireIndexSettings threadDefaults() {
        return new RequireIndexSettings(SAMPLE, THREAD_ALLOCATORS, 0);
    }

    /** Whether the shipped list is used. */
    public boolean usesSample() {
        return SAMPLE.equals(features) || LoadedFeatures.SAMPLE.equals(features);
    }

    /** Reads the feature list; a missing, unreadable or empty file gets a message naming it. */
    public LoadedFeatures load() {
        return LoadedFeatures.resolve(usesSample() ? null : features);
    }

    public List<Allocator> allocatorModels() {
        return allocators.stream().map(Allocators::byName).toList();
    }

    public RequireIndexSettings withFeatures(String v) { return new RequireIndexSettings(v, allocators, rebuilds); }
    public RequireIndexSettings withAllocator(String name, boolean on) { return new RequireIndexSettings(features, StrBufSettings.toggled(allocators, name, on), rebuilds); }
    public RequireIndexSettings withRebuilds(int v) { return new RequireIndexSettings(features, allocators, v); }
}
