package org.slotlab.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code slotlab} command line: headless predictions and exports. Bad arguments or input get
 * one clear line on stderr and exit code 2, never a stack trace.
 */
@Command(name = "slotlab", mixinStandardHelpOptions = true, versionProvider = SlotlabCommand.VersionProvider.class,
        description = "Model how CRuby allocates strings into heap slots and malloc buffers.",
        subcommands = {PredictCommand.class, ImportCommand.class, RenderCommand.class, RenderTalkCommand.class,
            CalibrateCommand.class,
            MeasureCommand.class, TraceCommand.class, DumpCommand.class, HeapCommand.class,
            CommandLine.HelpCommand.class})
public final class SlotlabCommand implements Runnable {

    /** Exit code for bad arguments or bad input. */
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command line with Slotlab's error handling installed. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new SlotlabCommand());
        PredictCommand.addScenarios(cl.getSubcommands().get("predict"));
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("slotlab: " + ex.getMessage());
            err.println("(see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            err.flush();
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (ex instanceof IllegalArgumentException || ex instanceof UserInputException) {
                err.println("slotlab: " + ex.getMessage());
                err.flush();
                return EXIT_USAGE;
            }
            err.println("slotlab: internal error: " + ex);
            err.flush();
            return 1;
        });
        return cl;
    }

    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The version the jar was built as. */
    public static String version() {
        return org.slotlab.app.report.Version.current();
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {org.slotlab.app.report.Version.full()};
        }
    }

    /** Bad input a user can fix; its message names the problem and where. */
    public static final class UserInputException extends RuntimeException {
        public UserInputException(String message) {
            super(message);
        }
    }
}
