package org.slotlab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonUnescapeWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.buffers.UnescapeCostProfile;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.malloc.Allocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab predict json-unescape}: scenario S6 (ruby/json PR #1135, seed
 * 004_9c093df531fdd819.txt), what the value strings of a parsed JSON document retain when the
 * parser keeps the escaped-size buffer ({@code set_len}), shrinks it with CRuby's
 * {@code rb_str_resize} (string.c:3321-3373, RUBY_FACTS.md) or copies it exactly, per allocator
 * ({@link JsonUnescapeWorkload#predict}). {@code --tradeoff} prints the maintainer's side instead:
 * the net benefit of each policy over set_len as the document lives longer
 * ({@link JsonUnescapeWorkload#tradeoff}). Markdown without {@code --tradeoff} prints both tables;
 * CSV prints exactly one, so it stays one table a machine can read.
 */
@Command(name = "json-unescape", mixinStandardHelpOptions = true,
        description = "JSON string unescape slack: set_len vs resize vs exact copy (seed 004, ruby/json #1135).")
public final class PredictJsonUnescape implements Callable<Integer> {

    /** The published row of json_unescape.csv, 10^6-byte MB. */
    static final String PUBLISHED = "published (seed 004, ruby 3.4.12, json 3.1.0, 200 strings of ~50 KB with "
            + "\\uXXXX escapes): retained capacity 12.52 MB with set_len, 7.76 MB with resize (content 7.75 MB); "
            + "parse of a 130 KB escaped document 0.125-0.129 ms vs 0.131 ms; exact copy +19%";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--era", paramLabel = "ERA",
            description = "string rules: ruby-2.4-before, ruby-2.4-after, ruby-3.1, ruby-3.4; wins over --layout "
                    + "(default: the --layout preset, else ruby-3.4, the PR's Ruby)")
    String era;

    @Option(names = "--doc", paramLabel = "DOC", defaultValue = "generated:escaped,200x62600",
            description = "generated:escaped|plain,COUNTxBYTES[,seed=N] (default: the PR's 12.52 MB document), "
                    + "sample:NAME (sample-data/json) or a JSON file")
    String doc;

    @Option(names = "--policy", paramLabel = "LIST", defaultValue = "set_len,resize,exact",
            description = "policies: set_len, resize, exact")
    String policies;

    @Option(names = "--allocator", paramLabel = "LIST", defaultValue = "glibc",
            description = "allocators, comma-separated: glibc, jemalloc-3, jemalloc-5, power-of-two, darwin, jemalloc-2")
    String allocators;

    @Option(names = "--tradeoff", description = "print the lifetime tradeoff against set_len instead of the policy table")
    boolean tradeoff;

    @Option(names = "--lifetime", paramLabel = "SECONDS", defaultValue = "0.001,0.1,1,10,60,600,3600",
            description = "how long the parsed document stays alive, seconds, for the tradeoff (comma-separated)")
    String lifetimes;

    /** Policies of a comma-separated {@code --policy} value. */
    static List<UnescapePolicy> policies(String list) {
        List<UnescapePolicy> out = new ArrayList<>();
        for (String p : list.split(",")) {
            if (p.isBlank()) {
                continue;
            }
            try {
                out.add(UnescapePolicy.parse(p));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--policy: " + e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--policy: needs at least one of set_len, resize, exact");
        }
        return out;
    }

    /** Seconds of a comma-separated {@code --lifetime} value; each finite and >= 0. */
    static List<Double> lifetimes(String list) {
        List<Double> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String s = part.trim();
            if (s.isEmpty()) {
                continue;
            }
            double v;
            try {
                v = Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--lifetime: '" + s + "' is not a number of seconds");
            }
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("--lifetime: seconds must be finite and >= 0, got " + s);
            }
            out.add(v);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--lifetime: needs at least one value");
        }
        return out;
    }

    /** The document of {@code --doc}; a bad spec or unreadable file is reported under the option's name. */
    static JsonDocument document(String spec) {
        if (spec != null && !spec.startsWith("generated:") && !spec.startsWith("sample:") && !spec.isBlank()
                && !Files.isRegularFile(Path.of(spec))) {
            throw new IllegalArgumentException("--doc: no such file: " + spec
                    + " (expected generated:escaped|plain,COUNTxBYTES, sample:NAME or a JSON file)");
        }
        try {
            return JsonDocument.resolve(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().startsWith("--doc") ? e.getMessage()
                    : "--doc: " + e.getMessage());
        }
    }

    @Override
    public Integer call() {
        BufferPredictions.rejectProfile(model, "json-unescape");
        StringBufferRules rules = BufferPredictions.rules(era, model.layout);
        List<UnescapePolicy> pols = policies(policies);
        List<Allocator> allocs = BufferPredictions.allocators(allocators);
        List<Double> lives = lifetimes(lifetimes);
        boolean md = model.markdown();
        JsonDocument document = document(doc);
        JsonUnescapeWorkload.Params params = new JsonUnescapeWorkload.Params(document, rules, pols, allocs,
                UnescapeCostProfile.defaults());
        List<UnescapePolicy> against = pols.stream().filter(x -> x != UnescapePolicy.SET_LEN).toList();
        if (tradeoff && against.isEmpty()) {
            throw new IllegalArgumentException("--tradeoff compares policies against set_len: add resize or exact to "
                    + "--policy");
        }
        String out;
        if (tradeoff) {
            out = BufferPredictions.write(tradeoffTable(params, against, lives, md), md);
        } else if (md) {
            out = BufferPredictions.write(policyTable(params, true), true)
                    + (against.isEmpty() ? ""
                            : "\n" + BufferPredictions.write(tradeoffTable(params, against, lives, true), true));
        } else {
            out = BufferPredictions.write(policyTable(params, false), false);
        }
        BufferPredictions.print(spec, out);
        return 0;
    }

    private String parameters(JsonUnescapeWorkload.Params p) {
        UnescapeCostProfile c = p.cost();
        return String.format(Locale.ROOT, "parameters: document %s (%,d bytes), era %s, layout %s; cost: %.6f ns per "
                        + "raw byte, malloc %.0f ns, free %.0f ns, realloc %.0f ns, copy %.2f ns/B, slot %.0f ns, "
                        + "1 resident B-s = %.3f CPU ns (UnescapeCostProfile.defaults)",
                p.document().name(), p.document().bytes(), p.rules().name(), p.rules().layout().name(),
                c.nsPerRawByte(), c.nsPerMalloc(), c.nsPerFree(), c.nsPerRealloc(), c.nsPerByteCopied(),
                c.nsPerSlotAllocation(), c.cpuNsPerByteSecond());
    }

    private Table policyTable(JsonUnescapeWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "JSON unescape: retained capacity per policy (" + p.document().name() + ")"
                        : "")
                .column(Column.text("policy"))
                .column(Column.text("allocator"))
                .column(Column.number("value_strings", 0))
                .column(Column.number("escaped_strings", 0))
                .column(Column.number("content_bytes", 0, md))
                .column(Column.number("retained_capacity_bytes", 0, md))
                .column(Column.number("retained_capacity_mb", md ? 2 : 6))
                .column(Column.number("slack_bytes", 0, md))
                .column(Column.number("slack_pct", md ? 1 : 3))
                .column(Column.number("malloc_calls", 0, md))
                .column(Column.number("realloc_calls", 0, md))
                .column(Column.number("free_calls", 0, md))
                .column(Column.number("bytes_copied", 0, md))
                .column(Column.number("slot_bytes", 0, md))
                .column(Column.number("malloc_buffer_bytes", 0, md))
                .column(Column.number("malloc_footprint_bytes", 0, md))
                .column(Column.number("malloc_rss_kib", md ? 0 : 1, md))
                .column(Column.number("predicted_parse_ms", md ? 3 : 6));
        for (JsonUnescapeWorkload.Row r : JsonUnescapeWorkload.predict(p)) {
            b.row(r.policy(), r.allocator(), r.valueStrings(), r.escapedStrings(), r.contentBytes(),
                    r.retainedCapacityBytes(), r.retainedCapacityMb(), r.slackBytes(), r.slackPct(), r.mallocCalls(),
                    r.reallocCalls(), r.freeCalls(), r.bytesCopied(), r.slotBytes(), r.mallocBufferBytes(),
                    r.mallocFootprintBytes(), r.mallocRssKib(), r.predictedParseNs() / 1e6);
        }
        if (md) {
            b.footer("lower is better for retained capacity, slack and parse time; MB = 10^6 bytes (the PR's unit); "
                    + "slack_pct = (retained capacity - content) / content; slot_bytes counts discarded slots too");
            b.footer(parameters(p));
            b.footer(PUBLISHED);
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        return b.build();
    }

    private Table tradeoffTable(JsonUnescapeWorkload.Params all, List<UnescapePolicy> against, List<Double> lives,
                                boolean md) {
        JsonUnescapeWorkload.Params p = new JsonUnescapeWorkload.Params(all.document(), all.rules(), against,
                all.allocators(), all.cost());
        Table.Builder b = Table.builder(md ? "JSON unescape: net benefit over set_len by document lifetime" : "")
                .column(Column.text("policy"))
                .column(Column.text("allocator"))
                .column(Column.number("lifetime_s", md ? 3 : 6))
                .column(Column.number("extra_cpu_ns", md ? 0 : 1, md))
                .column(Column.number("saved_byte_seconds", md ? 0 : 3, md))
                .column(Column.number("saved_cpu_ns_equivalent", md ? 0 : 1, md))
                .column(Column.number("net_benefit_ns", md ? 0 : 1, md))
                .column(Column.number("break_even_s", md ? 4 : 9));
        List<JsonUnescapeWorkload.TradeoffRow> rows = JsonUnescapeWorkload.tradeoff(p, lives);
        Map<String, Double> breakEven = new HashMap<>();
        for (UnescapePolicy policy : p.policies()) {
            for (Allocator a : p.allocators()) {
                breakEven.put(policy.cliName() + "/" + a.name(), JsonUnescapeWorkload.breakEvenSeconds(p, policy, a));
            }
        }
        for (JsonUnescapeWorkload.TradeoffRow r : rows) {
            b.row(r.policy(), r.allocator(), r.lifetimeSeconds(), r.extraCpuNs(), r.savedByteSeconds(),
                    r.savedCpuNsEquivalent(), r.netBenefitNs(),
                    breakEven.get(r.policy() + "/" + r.allocator()));
        }
        if (md) {
            b.footer("higher net_benefit_ns is better; above 0 = the policy pays for its extra parse work within the "
                    + "lifetime; break_even_s = lifetime from which it does (n/a = never)");
            b.footer(parameters(p));
            b.footer("maintainer (seed 004): \"not worth risking a realloc for a string that will likely be thrown "
                    + "away soon\"");
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        return b.build();
    }
}
