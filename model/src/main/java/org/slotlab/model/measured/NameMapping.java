package org.slotlab.model.measured;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Rules that turn a benchmark's name into the model parameter it measures, e.g. byroot's
 * {@code size100} (Feature #22186, https://bugs.ruby-lang.org/issues/22186, benchmark-driver str_subseq run) into
 * {@code len = 100}, or his slot-size reports {@code "640"} (same seed, benchmark-ips
 * {@code x.report("#{size}")}) into {@code slot_size = 640}. A rule is a Java regex that must
 * match the whole name and whose first group is the value in bytes; the first matching rule wins.
 * The user edits them as text, one rule a line, {@code #} comments:
 * <pre>
 * size(\d+)  => len
 * len_?(\d+) => len
 * (\d+)      => slot_size
 * </pre>
 * {@link #toText()} writes the same format back, so a mapping survives a round trip.
 */
public final class NameMapping {

    /** Separator between the regex and the parameter name in the text format. */
    public static final String ARROW = "=>";

    /** One rule: whole-name regex, group 1 = value in bytes, and the parameter it sets. */
    public record Rule(Pattern pattern, String parameter) {
        public Rule {
            if (pattern.matcher("").groupCount() < 1) {
                throw new IllegalArgumentException("rule '" + pattern.pattern() + "' needs a capture group for the value, like size(\\d+)");
            }
            new MappedParameter(parameter, 0); // validates the name
        }

        Optional<MappedParameter> apply(String name) {
            Matcher m = pattern.matcher(name);
            long bytes = m.matches() && m.group(1) != null ? TextLines.wholeBytes(m.group(1)) : -1;
            return bytes < 0 ? Optional.empty() : Optional.of(new MappedParameter(parameter, bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rule r && r.pattern.pattern().equals(pattern.pattern())
                    && r.pattern.flags() == pattern.flags() && r.parameter.equals(parameter);
        }

        @Override
        public int hashCode() {
            return pattern.pattern().hashCode() * 31 + parameter.hashCode();
        }

        @Override
        public String toString() {
            return pattern.pattern() + " " + ARROW + " " + parameter;
        }
    }

    private final List<Rule> rules;

    public NameMapping(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * The default rules: {@code size(\d+) => len} and {@code len_?(\d+) => len} (Feature #22186's
     * str_subseq benchmarks), then a bare number {@code (\d+) => slot_size} (the thread's slot-size
     * benchmark names reports after {@code ObjectSpace.memsize_of}, i.e. the slot size).
     */
    public static NameMapping defaults() {
        return new NameMapping(List.of(
                new Rule(Pattern.compile("size(\\d+)"), MappedParameter.LEN),
                new Rule(Pattern.compile("len_?(\\d+)"), MappedParameter.LEN),
                new Rule(Pattern.compile("(\\d+)"), MappedParameter.SLOT_SIZE)));
    }

    /** Parses the text format; errors name {@code source} and the line. */
    public static NameMapping parse(String text, String source) throws ImportException {
        List<Rule> rules = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int arrow = line.lastIndexOf(ARROW);
            if (arrow < 0) {
                throw new ImportException(source, i + 1, "expected 'regex => parameter' (e.g. 'size(\\d+) => len'), found '" + line + "'");
            }
            String regex = line.substring(0, arrow).strip();
            String param = line.substring(arrow + ARROW.length()).strip();
            if (regex.isEmpty() || param.isEmpty()) {
                throw new ImportException(source, i + 1, "expected a regex before and a parameter name after '=>', found '" + line + "'");
            }
            try {
                rules.add(new Rule(Pattern.compile(regex), param));
            } catch (PatternSyntaxException e) {
                throw new ImportException(source, i + 1, "invalid regex '" + regex + "': " + e.getDescription());
            } catch (IllegalArgumentException e) {
                throw new ImportException(source, i + 1, e.getMessage());
            }
        }
        return new NameMapping(rules);
    }

    /** Reads the text format from a UTF-8 file. */
    public static NameMapping read(Path file) throws ImportException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new ImportException(file.toString(), 0, "cannot read mapping: " + e.getMessage(), e);
        }
    }

    /** The rules in order. */
    public List<Rule> rules() {
        return rules;
    }

    /** The parameter of the first rule whose regex matches the whole {@code benchmarkName}. */
    public Optional<MappedParameter> map(String benchmarkName) {
        for (Rule r : rules) {
            Optional<MappedParameter> p = r.apply(benchmarkName);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    /** The text format, one rule a line, which {@link #parse} reads back to equal rules. */
    public String toText() {
        StringBuilder sb = new StringBuilder("# benchmark name (whole-name Java regex, group 1 = bytes) => model parameter\n");
        for (Rule r : rules) {
            sb.append(r).append('\n');
        }
        return sb.toString();
    }

    /** Writes {@link #toText()} to a UTF-8 file. */
    public void write(Path file) {
        try {
            Files.writeString(file, toText(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NameMapping m && m.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    @Override
    public String toString() {
        return "NameMapping" + rules;
    }
}
