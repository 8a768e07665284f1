package org.slotlab.model.measured;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Rules that turn a benchmark's name into the model parameter it measures, e.g. byroot's
 * {@code size100} (byroot's benchmark-driver str_subseq run in Feature #22186 (https://bugs.ruby-lang.org/issues/22186)) into
 * {@code len = 100}, or his slot-size reports {@code "640"} (same thread, benchmark-ips
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
            try {
                return applyChecked(name);
            } catch (RuleTooSlow | NumberTooLarge e) {
                return Optional.empty();
            }
        }

        /** The parameter for {@code name}; throws when matching takes too many steps or the number overflows. */
        Optional<MappedParameter> applyChecked(String name) {
            Matcher m = pattern.matcher(new BoundedChars(name, MAX_MATCH_STEPS));
            if (!m.matches() || m.group(1) == null) {
                return Optional.empty();
            }
            String digits = m.group(1);
            long bytes = TextLines.wholeBytes(digits);
            if (bytes < 0 && !digits.isEmpty() && digits.chars().allMatch(Character::isDigit)) {
                throw new NumberTooLarge(digits);
            }
            if (bytes < 0) {
                return Optional.empty();
            }
            return Optional.of(new MappedParameter(parameter, bytes));
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

    /** Most characters a rule's regex may look at while matching one name (a backtracking regex stops there). */
    static final int MAX_MATCH_STEPS = 1_000_000;
    /** Longest line of a mapping file. */
    static final int MAX_LINE_CHARS = 1000;
    /** Parameter names a rule can set: the model's words. */
    static final List<String> PARAMETERS = List.of(MappedParameter.LEN, MappedParameter.SLOT_SIZE);

    /** Thrown from inside a match that looked at more than {@link #MAX_MATCH_STEPS} characters. */
    private static final class RuleTooSlow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RuleTooSlow() {
            super(null, null, false, false);
        }
    }

    /** Thrown when group 1 is digits that do not fit a long. */
    private static final class NumberTooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String digits;

        NumberTooLarge(String digits) {
            super(null, null, false, false);
            this.digits = digits;
        }
    }

    /** A name as the regex engine sees it, counting every character it reads. */
    private static final class BoundedChars implements CharSequence {
        private final String s;
        private final int[] budget;

        BoundedChars(String s, int steps) {
            this(s, new int[] {steps});
        }

        private BoundedChars(String s, int[] budget) {
            this.s = s;
            this.budget = budget;
        }

        @Override
        public int length() {
            return s.length();
        }

        @Override
        public char charAt(int index) {
            if (--budget[0] < 0) {
                throw new RuleTooSlow();
            }
            return s.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new BoundedChars(s.substring(start, end), budget);
        }

        @Override
        public String toString() {
            return s;
        }
    }

    private final List<Rule> rules;

    public NameMapping(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * The default rules: {@code size(\d+) => len} and {@code len_?(\d+) => len} (the
     * str_subseq benchmarks of Feature #22186 (https://bugs.ruby-lang.org/issues/22186)), then a bare number {@code (\d+) => slot_size} (that thread's slot-size
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
        Map<String, Integer> seen = new HashMap<>();
        List<String> lines = TextLines.read(new StringReader(text), source);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.length() > MAX_LINE_CHARS) {
                throw new ImportException(source, i + 1, "rule is longer than " + MAX_LINE_CHARS + " characters, the longest rule read");
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
            if (!PARAMETERS.contains(param)) {
                throw new ImportException(source, i + 1, "unknown parameter " + TextLines.quote(param) + "; a rule sets one of "
                        + String.join(", ", PARAMETERS));
            }
            Integer first = seen.putIfAbsent(regex, i + 1);
            if (first != null) {
                throw new ImportException(source, i + 1, "the rule for " + TextLines.quote(regex) + " appears twice: on line " + first
                        + " and on line " + (i + 1) + "; the first would always win");
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

    /** Reads the text format from a UTF-8 file of at most {@link InputText#MAX_MAPPING_BYTES}. */
    public static NameMapping read(Path file) throws ImportException {
        return parse(InputText.read(file, InputText.MAX_MAPPING_BYTES), file.toString());
    }

    /**
     * {@code set} with every point that has no parameter yet given the one its benchmark name maps
     * to; a rule that looks at more than {@value #MAX_MATCH_STEPS} characters of one name (a
     * backtracking regex such as {@code (a+)+b}) or a number too large for a count of bytes is refused.
     */
    public MeasuredSet apply(MeasuredSet set) throws ImportException {
        Map<String, Optional<MappedParameter>> byName = new HashMap<>();
        for (String bench : set.benchmarks()) {
            byName.put(bench, mapChecked(bench, set.source()));
        }
        List<MeasuredPoint> mapped = new ArrayList<>(set.points().size());
        for (MeasuredPoint p : set.points()) {
            Optional<MappedParameter> m = byName.get(p.benchmark());
            mapped.add(p.parameter().isPresent() || m.isEmpty() ? p : p.withParameter(m.get()));
        }
        return new MeasuredSet(set.source(), set.tool(), set.format(), set.executables(), mapped);
    }

    private Optional<MappedParameter> mapChecked(String bench, String source) throws ImportException {
        for (Rule r : rules) {
            try {
                Optional<MappedParameter> p = r.applyChecked(bench);
                if (p.isPresent()) {
                    return p;
                }
            } catch (RuleTooSlow e) {
                throw new ImportException(source, 0, "the name rule " + TextLines.quote(r.pattern().pattern())
                        + " looks at more than " + MAX_MATCH_STEPS + " characters to match benchmark " + TextLines.quote(bench)
                        + "; write it without nested repetition");
            } catch (NumberTooLarge e) {
                throw new ImportException(source, 0, "benchmark " + TextLines.quote(bench) + " maps to " + r.parameter() + " = "
                        + TextLines.quote(e.digits) + ", which is more bytes than a count can hold");
            }
        }
        return Optional.empty();
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
