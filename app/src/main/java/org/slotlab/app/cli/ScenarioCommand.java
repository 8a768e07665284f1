package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.charts.table.Table;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code slotlab predict <scenario-id>}, made from the scenario's knobs: one option per knob
 * ({@code --name}, plus its older aliases, which win when both are given), the knob's default and
 * description in the help, and the knob's own rules when the values are read, so the command line
 * and the workbench refuse the same values with the same words. {@code --format} picks CSV or
 * Markdown. A shared option the scenario does not read (e.g. {@code --profile} on a scenario that
 * counts bytes) is refused with a line saying so rather than ignored.
 */
final class ScenarioCommand implements Callable<Integer> {

    /** Shared options a scenario may lack, refused by name when given. */
    private static final List<Knob<?>> SHARED = List.of(Knobs.COST_PROFILE);

    private final Scenario scenario;
    private CommandSpec spec;

    private ScenarioCommand(Scenario scenario) {
        this.scenario = scenario;
    }

    /** The command for {@code scenario}, named by its id with its aliases. */
    static CommandLine create(Scenario scenario) {
        ScenarioCommand cmd = new ScenarioCommand(scenario);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
        cmd.spec = spec;
        spec.name(scenario.id()).aliases(scenario.aliases().toArray(new String[0]));
        spec.mixinStandardHelpOptions(true);
        spec.usageMessage().description(literal(scenario.title() + ": " + scenario.summary()),
                literal("Source: " + scenario.source().citation()));
        for (Knob<?> k : scenario.knobs()) {
            spec.addOption(option(k, k.option(), k.description() + (isFlag(k) ? "" : " (default: " + text(k) + ")")));
            for (String alias : k.aliases()) {
                spec.addOption(option(k, alias, "older name of " + k.option() + "; wins over it when both are given"));
            }
        }
        for (Knob<?> k : SHARED) {
            if (scenario.knobs().stream().noneMatch(o -> o.name().equals(k.name()))) {
                spec.addOption(OptionSpec.builder(k.option()).arity("1").type(String.class).hidden(true).build());
            }
        }
        spec.addOption(OptionSpec.builder("--format").paramLabel("FMT").arity("1").type(String.class)
                .defaultValue("csv").description("csv (default) or markdown").build());
        return new CommandLine(spec);
    }

    private static boolean isFlag(Knob<?> k) {
        return k.defaultValue() instanceof Boolean;
    }

    private static <T> String text(Knob<T> k) {
        String t = k.format(k.defaultValue());
        return t.isEmpty() ? "none" : t;
    }

    /** Text shown as written: picocli reads descriptions as format strings, so a '%' ("ring[i % R]") is doubled. */
    static String literal(String text) {
        return text.replace("%", "%%");
    }

    private static OptionSpec option(Knob<?> k, String name, String description) {
        OptionSpec.Builder b = OptionSpec.builder(name).description(literal(description));
        if (isFlag(k)) {
            b.arity("0..1").type(String.class).fallbackValue("true");
        } else {
            b.arity("1").type(String.class).paramLabel(k.type().syntax().isEmpty() ? "VALUE" : k.type().syntax());
        }
        return b.build();
    }

    /**
     * A calibrated profile carries the layout it read: with {@code --profile} and no
     * {@code --layout}, that layout is the one modelled (as loading the profile in the workbench does).
     */
    private static Settings layoutFromProfile(Settings s, Map<String, String> given) {
        if (!given.containsKey(Knobs.COST_PROFILE.name()) || given.containsKey(Knobs.LAYOUT.name())) {
            return s;
        }
        try {
            return ModelInputs.layoutFromProfile(s);
        } catch (IllegalArgumentException e) {
            // a profile that cannot be read: one line naming the option and the file
            throw new IllegalArgumentException(given.get(Knobs.COST_PROFILE.name()) + ": "
                    + String.valueOf(e.getMessage()).replaceFirst("^cost profile: ", ""), e);
        }
    }

    @Override
    public Integer call() {
        ParseResult pr = spec.commandLine().getParseResult();
        String invoked = pr.originalArgs().stream()
                .filter(a -> a.equals(scenario.id()) || scenario.aliases().contains(a)).findFirst().orElse(scenario.id());
        for (Knob<?> k : SHARED) {
            if (pr.hasMatchedOption(k.option()) && scenario.knobs().stream().noneMatch(o -> o.name().equals(k.name()))) {
                throw new IllegalArgumentException(k.option() + ": " + invoked + " uses no " + k.label()
                        + " (it counts bytes, pages and calls); drop " + k.option());
            }
        }
        boolean markdown = switch (pr.matchedOptionValue("--format", "csv").toLowerCase(Locale.ROOT)) {
            case "csv" -> false;
            case "markdown", "md" -> true;
            default -> throw new IllegalArgumentException("--format: '" + pr.matchedOptionValue("--format", "")
                    + "' is not csv or markdown");
        };
        Map<String, String> given = new LinkedHashMap<>();
        Settings s = scenario.defaults();
        for (Knob<?> k : scenario.knobs()) {
            List<String> names = new ArrayList<>(k.aliases());
            names.add(k.option());
            for (String n : names) {
                if (pr.hasMatchedOption(n)) {
                    String value = pr.matchedOptionValue(n, "true");
                    given.put(k.name(), n);
                    try {
                        s = s.withText(k.name(), value);
                    } catch (KnobException e) {
                        throw new IllegalArgumentException(n + ": " + e.rule());
                    }
                    break;
                }
            }
        }
        s = layoutFromProfile(s, given);
        List<Table> tables;
        try {
            scenario.check(s);
            tables = scenario.report(s, markdown);
        } catch (KnobException e) {
            throw new IllegalArgumentException(given.getOrDefault(e.knob().name(), e.knob().option()) + ": " + e.rule());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            List<String> parts = tables.stream().map(MarkdownWriter::write).toList();
            out.print(String.join("\n", parts));
        } else {
            out.print(CsvWriter.write(tables.get(0)));
        }
        out.flush();
        return 0;
    }
}
