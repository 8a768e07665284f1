package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * benchmark-driver's {@code -o record} file, {@code benchmark_driver.record.yml}. Written by
 * lib/benchmark_driver/output/record.rb {@code save_record} (benchmark-driver/benchmark-driver
 * 6c1f900) as Psych's {@code to_yaml} of
 * {@code {'type' => 'recorded', 'job_warmup_context_result' => {Job => {warmup? => {Context => Result}}}, 'metrics' => [Metric]}},
 * where Job, Context, Result and Metric are the structs of lib/benchmark_driver/metric.rb. Psych
 * writes the struct keys as complex keys ({@code ? !ruby/struct:BenchmarkDriver::Job}) and repeats
 * shared objects as anchors and aliases ({@code *3 : 19965461.15}). We read SnakeYAML's node graph
 * (compose only: the {@code !ruby/...} tags are never turned into objects) and take the
 * {@code false} (not warmup) results' {@code values}. {@code metrics} is written last, so a file
 * without it was cut short.
 */
public final class BenchmarkDriverRecordImporter extends NamedImporter {

    public static final String FORMAT = "benchmark-driver-yaml";
    public static final String TOOL = "benchmark-driver";

    /** record.rb writes {@code 'type' => 'recorded'}. */
    private static final String TYPE_RECORDED = "recorded";
    /** Aliases allowed per file: Psych aliases each Context, Executable and Metric once per job and result. */
    private static final int MAX_ALIASES = 1_000_000;
    /** Deepest nesting read (record.rb nests 8 levels). */
    private static final int MAX_DEPTH = 64;
    /** benchmark-driver's Result::ERROR (metric.rb), stored as the integer 0 for a failed run. */
    private static final String ERROR_VALUE = "0";

    public BenchmarkDriverRecordImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        return firstLines.contains("type: recorded") && firstLines.contains("job_warmup_context_result:");
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        Node root = compose(new java.io.StringReader(String.join("\n", text.lines())), source);
        if (!(root instanceof MappingNode top)) {
            throw new ImportException(source, root == null ? 1 : line(root), "expected a YAML mapping with type: recorded (benchmark_driver.record.yml)");
        }
        String type = scalarField(top, "type").orElse(null);
        if (!TYPE_RECORDED.equals(type)) {
            throw new ImportException(source, line(top), "expected 'type: recorded' (benchmark-driver -o record), found type " + type);
        }
        requireUniqueKeys(top, source, java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
        MappingNode results = mappingField(top, "job_warmup_context_result", source);
        if (field(top, "metrics").isEmpty()) {
            throw new ImportException(source, lastLine(top), "expected a 'metrics' list at the end (record.rb writes it last); is the file truncated?");
        }
        Set<String> executables = new LinkedHashSet<>();
        Points points = new Points(source);
        int errors = 0;
        for (NodeTuple jobTuple : results.getValue()) {
            String job = structName(jobTuple.getKeyNode(), "BenchmarkDriver::Job", source);
            MappingNode byWarmup = asMapping(jobTuple.getValueNode(), "warmup flags (true/false) for job " + job, source);
            Optional<Node> benchmark = field(byWarmup, "false");
            if (benchmark.isEmpty()) {
                throw new ImportException(source, line(byWarmup), "expected benchmark results ('false:') for job " + job
                        + ", found only warmup; is the file truncated?");
            }
            MappingNode byContext = asMapping(benchmark.get(), "context => result for job " + job, source);
            for (NodeTuple ctx : byContext.getValue()) {
                String exe = structName(ctx.getKeyNode(), "BenchmarkDriver::Context", source);
                executables.add(exe);
                MappingNode result = asMapping(ctx.getValueNode(), "a BenchmarkDriver::Result for " + job + " on " + exe, source);
                MappingNode values = mappingField(result, "values", source);
                for (NodeTuple mv : values.getValue()) {
                    MappingNode metric = asMapping(mv.getKeyNode(), "a BenchmarkDriver::Metric key", source);
                    String name = scalarField(metric, "name").orElseThrow(() ->
                            new ImportException(source, line(metric), "expected the metric's name"));
                    String unit = scalarField(metric, "unit").orElse("");
                    String raw = scalar(mv.getValueNode(), "a number for " + job + " on " + exe, source);
                    if (((ScalarNode) mv.getValueNode()).getScalarStyle() != DumperOptions.ScalarStyle.PLAIN) {
                        throw new ImportException(source, line(mv.getValueNode()), "expected a number for " + job + " on " + exe
                                + ", found the quoted string " + TextLines.quote(raw) + "; record.rb writes numbers unquoted");
                    }
                    if (raw.equals(ERROR_VALUE)) {
                        errors++;
                        continue;
                    }
                    double v = TextLines.decimal(raw);
                    if (Double.isNaN(v)) {
                        throw new ImportException(source, line(mv.getValueNode()), "expected a number for " + job + " on " + exe
                                + ", found " + TextLines.quote(raw));
                    }
                    points.add(line(mv.getValueNode()), job, exe, BenchmarkDriverMarkdownImporter.metricKey(name), v, unit);
                }
            }
        }
        return points.set(TOOL, FORMAT, List.copyOf(executables), line(results), errors > 0
                ? "every result is an error (" + errors + " values of 0, benchmark-driver's mark of a failed run): nothing to import"
                : "expected at least one benchmark result");
    }

    private static Node compose(Reader reader, String source) throws ImportException {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit((int) InputText.MAX_RESULT_BYTES);
        options.setNestingDepthLimit(MAX_DEPTH);
        try {
            return new Yaml(options).compose(reader);
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new ImportException(source, m == null ? 0 : m.getLine() + 1, "malformed YAML: " + e.getProblem()
                    + (e.getContext() == null ? "" : " (" + e.getContext() + ")"), e);
        } catch (YAMLException e) {
            throw new ImportException(source, 0, "malformed YAML: " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a plain key twice in one mapping (SnakeYAML's compose keeps both; Psych never writes
     * that), naming both lines. Shared nodes (aliases) are visited once.
     */
    private static void requireUniqueKeys(Node n, String source, Set<Node> seen) throws ImportException {
        if (!seen.add(n)) {
            return;
        }
        if (n instanceof MappingNode m) {
            java.util.Map<String, Integer> keys = new java.util.HashMap<>();
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k) {
                    Integer first = keys.putIfAbsent(k.getValue(), line(k));
                    if (first != null) {
                        throw new ImportException(source, line(k), "key " + TextLines.quote(k.getValue()) + " appears twice in one mapping: "
                                + "on line " + first + " and on line " + line(k) + "; each key may appear once");
                    }
                }
                requireUniqueKeys(t.getKeyNode(), source, seen);
                requireUniqueKeys(t.getValueNode(), source, seen);
            }
        } else if (n instanceof org.yaml.snakeyaml.nodes.SequenceNode s) {
            for (Node c : s.getValue()) {
                requireUniqueKeys(c, source, seen);
            }
        }
    }

    private static int line(Node n) {
        return n.getStartMark().getLine() + 1;
    }

    private static int lastLine(Node n) {
        return n.getEndMark().getLine() + 1;
    }

    private static Optional<Node> field(MappingNode m, String key) {
        for (NodeTuple t : m.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key)) {
                return Optional.of(t.getValueNode());
            }
        }
        return Optional.empty();
    }

    private static Optional<String> scalarField(MappingNode m, String key) {
        return field(m, key).filter(ScalarNode.class::isInstance).map(n -> ((ScalarNode) n).getValue());
    }

    private static MappingNode mappingField(MappingNode m, String key, String source) throws ImportException {
        Node n = field(m, key).orElseThrow(() -> new ImportException(source, lastLine(m), "expected '" + key + ":'; is the file truncated?"));
        return asMapping(n, "'" + key + "' to be a mapping", source);
    }

    private static MappingNode asMapping(Node n, String what, String source) throws ImportException {
        if (n instanceof MappingNode m) {
            return m;
        }
        throw new ImportException(source, line(n), "expected " + what + ", found " + describe(n));
    }

    private static String scalar(Node n, String what, String source) throws ImportException {
        if (n instanceof ScalarNode s) {
            return s.getValue();
        }
        throw new ImportException(source, line(n), "expected " + what + ", found " + describe(n));
    }

    private static String structName(Node key, String struct, String source) throws ImportException {
        MappingNode m = asMapping(key, "a " + struct + " key", source);
        return scalarField(m, "name").filter(s -> !s.isEmpty())
                .orElseThrow(() -> new ImportException(source, line(key), "expected 'name:' in the " + struct + " key"));
    }

    private static String describe(Node n) {
        return n instanceof ScalarNode s ? "'" + s.getValue() + "'" : n.getNodeId().name().toLowerCase(java.util.Locale.ROOT);
    }
}
