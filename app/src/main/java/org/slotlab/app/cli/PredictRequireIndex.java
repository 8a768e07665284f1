package org.slotlab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.LoadedFeatures;
import org.slotlab.model.buffers.RequireIndexWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab predict require-index}: scenario S4 (Feature #14460, seed
 * 001_08788c9ff6bd8cb1.txt), the keys of {@code require}'s {@code loaded_features_index}
 * strdup'ed (CRuby 2.5, load.c {@code features_index_add}) versus indexed into the feature
 * strings (r62404), per allocator ({@link RequireIndexWorkload#predict}). {@code --compare} prints
 * what indexing saves next to the thread's whole-app figures ({@link RequireIndexWorkload#compare});
 * Markdown without it prints both tables, CSV exactly one. The string layout is the thread's
 * (2.6.0dev embeds up to 23 bytes, as the 2.4-dev preset does) unless {@code --layout} names
 * another preset.
 */
@Command(name = "require-index", mixinStandardHelpOptions = true,
        description = "require's loaded_features_index keys: strdup'ed vs indexed (seed 001, Feature #14460).")
public final class PredictRequireIndex implements Callable<Integer> {

    /** The published rows of require_index.csv. */
    static final String PUBLISHED = "published (seed 001, x86_64-darwin17, ruby 2.6.0dev, whole Rails app): boot "
            + "memory 59,580,203 -> 57,057,395 B (-2,522,808 B, -4.2%); 76,212 system calls eliminated; "
            + "bm_require 10,000 files 3.043 -> 1.989 s (1.53x)";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--features", defaultValue = "sample", paramLabel = "FILE|sample",
            description = "$LOADED_FEATURES list, one path per line, or sample (the shipped Rails 7.1.3 list, "
                    + LoadedFeatures.SAMPLE + ")")
    String features;

    @Option(names = "--allocator", paramLabel = "LIST", defaultValue = "darwin,glibc",
            description = "allocators, comma-separated (default darwin, the thread's, and glibc): glibc, jemalloc-3, "
                    + "jemalloc-5, power-of-two, darwin, jemalloc-2")
    String allocators;

    @Option(names = "--rebuilds", paramLabel = "N", defaultValue = "0",
            description = "times the index was thrown away and rebuilt during boot (default 0)")
    int rebuilds;

    @Option(names = "--compare", description = "print strdup minus indexed against the published figures instead")
    boolean compare;

    /** The layout of the ext-less copies: --layout's preset, else the thread's era (2.4-dev preset). */
    private RubyLayout layout() {
        if (model.layout == null) {
            return StringBufferRules.ruby24devAfter().layout();
        }
        try {
            return RubyLayout.byName(model.layout);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--layout: " + e.getMessage());
        }
    }

    /** The feature list of {@code --features}; an unreadable or empty file is reported under the option's name. */
    static LoadedFeatures features(String spec) {
        if (!spec.isBlank() && !spec.equals("sample") && !spec.equals(LoadedFeatures.SAMPLE)
                && !Files.isRegularFile(Path.of(spec))) {
            throw new IllegalArgumentException("--features: no such file: " + spec
                    + " (expected a $LOADED_FEATURES list, one path per line, or sample)");
        }
        try {
            return LoadedFeatures.resolve(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--features: " + e.getMessage());
        }
    }

    @Override
    public Integer call() {
        BufferPredictions.rejectProfile(model, "require-index");
        if (rebuilds < 0) {
            throw new IllegalArgumentException("--rebuilds must be >= 0, got " + rebuilds);
        }
        RubyLayout layout = layout();
        List<Allocator> allocs = BufferPredictions.allocators(allocators);
        boolean md = model.markdown();
        RequireIndexWorkload.Params p = new RequireIndexWorkload.Params(features(features), layout, allocs, rebuilds);
        String out;
        if (compare) {
            out = BufferPredictions.write(compareTable(p, md), md);
        } else if (md) {
            out = BufferPredictions.write(rowsTable(p, true), true) + "\n"
                    + BufferPredictions.write(compareTable(p, true), true);
        } else {
            out = BufferPredictions.write(rowsTable(p, false), false);
        }
        BufferPredictions.print(spec, out);
        return 0;
    }

    private static String parameters(RequireIndexWorkload.Params p) {
        return String.format(Locale.ROOT, "parameters: features %s (%,d paths), layout %s, %d index rebuilds, "
                        + "%.0f ns per malloc+free pair (assumption, RequireIndexWorkload.NS_PER_MALLOC_FREE)",
                p.features().name(), p.features().paths().size(), p.layout().name(), p.indexRebuilds(),
                RequireIndexWorkload.NS_PER_MALLOC_FREE);
    }

    private static Table rowsTable(RequireIndexWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "loaded_features_index keys: strdup'ed vs indexed" : "")
                .column(Column.text("storage"))
                .column(Column.text("allocator"))
                .column(Column.number("features", 0, md))
                .column(Column.number("keys", 0, md))
                .column(Column.number("distinct_keys", 0, md))
                .column(Column.number("retained_mallocs", 0, md))
                .column(Column.number("key_bytes", 0, md))
                .column(Column.number("malloc_calls", 0, md))
                .column(Column.number("free_calls", 0, md))
                .column(Column.number("retained_slots", 0, md))
                .column(Column.number("footprint_bytes", 0, md))
                .column(Column.number("rss_kib", md ? 0 : 1, md))
                .column(Column.number("predicted_malloc_ms", 3));
        for (RequireIndexWorkload.Row r : RequireIndexWorkload.predict(p)) {
            b.row(r.storage(), r.allocator(), r.features(), r.keys(), r.distinctKeys(), r.retainedMallocs(),
                    r.keyBytes(), r.mallocCalls(), r.freeCalls(), r.retainedSlots(), r.footprintBytes(), r.rssKib(),
                    r.predictedMallocNs() / 1e6);
        }
        if (md) {
            b.footer("lower is better; key_bytes = malloc requests (len + 1) of the retained key blocks; "
                    + "footprint_bytes adds allocator rounding and, for indexed, the slots of the ext-less copies");
            b.footer(parameters(p));
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        return b.build();
    }

    private static Table compareTable(RequireIndexWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "What indexing saves, against the thread's whole-app figures" : "")
                .column(Column.text("allocator"))
                .column(Column.number("bytes_saved", 0, md))
                .column(Column.number("published_bytes_saved", 0, md))
                .column(Column.number("share_of_published_bytes_pct", md ? 1 : 3))
                .column(Column.number("calls_saved", 0, md))
                .column(Column.number("published_calls_eliminated", 0, md))
                .column(Column.number("share_of_published_calls_pct", md ? 1 : 3));
        for (RequireIndexWorkload.Comparison c : RequireIndexWorkload.compare(p)) {
            b.row(c.allocator(), c.bytesSaved(), RequireIndexWorkload.PUBLISHED_BYTES_SAVED,
                    100 * c.shareOfPublishedBytes(), c.callsSaved(), RequireIndexWorkload.PUBLISHED_CALLS_ELIMINATED,
                    100 * c.shareOfPublishedCalls());
        }
        if (md) {
            b.footer("higher is better; the published figures are whole-process (hash table, transient substrings "
                    + "and everything require does), so the share is how much of them the index keys alone explain");
            b.footer(parameters(p));
            b.footer(PUBLISHED);
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        return b.build();
    }
}
