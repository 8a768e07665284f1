package org.slotlab.app.cli;

import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code slotlab predict SCENARIO}: the model's predictions as CSV or a Markdown table, one
 * subcommand per registered scenario ({@link ScenarioCommand}), so a scenario added to the
 * registry is on the command line with nothing else touched.
 */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Predict a scenario with the model (CSV or Markdown).")
public final class PredictCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Adds one subcommand per scenario of the registry to {@code predict}. */
    static void addScenarios(CommandLine predict) {
        for (Scenario s : ScenarioRegistry.all()) {
            predict.addSubcommand(s.id(), ScenarioCommand.create(s), s.aliases().toArray(new String[0]));
        }
        predict.addSubcommand("trace", new picocli.CommandLine(new PredictTraceCommand()));
    }
}
