package org.slotlab.app.cli;

import picocli.CommandLine.Command;

/** {@code slotlab predict SCENARIO}: the model's predictions as CSV or a Markdown table. */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Predict a scenario with the model (CSV or Markdown).",
        subcommands = {PredictSubseq.class, PredictSlotGc.class,
                PredictStrBuf.class,
                PredictJsonUnescape.class,
                PredictRequireIndex.class})
public final class PredictCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
