package org.slotlab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.app.io.ScenarioFile;
import picocli.CommandLine;

/**
 * Every command the README shows works as written on a machine that has only the repository
 * and a JDK: Maven commands never ask for offline mode (a fresh machine has no plugins cached);
 * each {@code slotlab} command runs to exit code 0 in-process, inputs read from the repository
 * and outputs written to a temporary folder; the workbench commands name files that open; the
 * commands that need a real {@code ruby} ({@code calibrate}, {@code measure}) parse.
 */
class ReadmeCommandsTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final String JAR_COMMAND = "java -jar app/target/slotlab.jar";
    static final String SCRIPT_COMMAND = "./slotlab";
    /** Options whose value is a file a command writes. */
    static final Set<String> OUTPUTS = Set.of("--out", "--png", "--svg", "--markdown", "--csv", "--pdf", "--png-dir");
    /** Commands that time a real ruby: checked up to their options, not run. */
    static final Set<String> NEED_RUBY = Set.of("calibrate", "measure");
    /**
     * Files an earlier README command writes with a command this test does not run
     * ({@code calibrate}), stood in by a committed file of the same kind.
     */
    static final Map<String, String> WRITTEN_BY_UNRUN = Map.of(
            "my.profile.json", "sample-data/measured/profile-ruby-3.1.2-debian12-x86_64.json");

    @TempDir
    Path out;

    @Test
    void readme_hasTheCommandsThisTestReads() throws IOException {
        assertThat(commands().stream().filter(c -> c.startsWith("mvn ")).count()).isGreaterThanOrEqualTo(5);
        assertThat(slotlabArguments().size()).isGreaterThanOrEqualTo(15);
    }

    @Test
    void mavenCommands_needNoCachedPlugins() throws IOException {
        for (String c : commands()) {
            if (c.startsWith("mvn ")) {
                assertThat(tokens(c)).as(c).doesNotContain("-o", "--offline");
            }
        }
    }

    @Test
    void slotlabCommands_runAsWritten() throws IOException {
        for (List<String> args : slotlabArguments()) {
            String shown = String.join(" ", args);
            if (Launcher.opensWorkbench(args.toArray(String[]::new))) {
                for (String a : args) {
                    if (a.endsWith(ScenarioFile.SUFFIX)) {
                        assertThatCode(() -> ScenarioFile.load(ROOT.resolve(a))).as(shown).doesNotThrowAnyException();
                    }
                }
                continue;
            }
            List<String> local = localised(args);
            if (NEED_RUBY.contains(args.get(0))) {
                assertThatCode(() -> SlotlabCommand.commandLine().parseArgs(local.toArray(String[]::new))).as(shown)
                        .doesNotThrowAnyException();
                continue;
            }
            StringWriter err = new StringWriter();
            CommandLine cl = SlotlabCommand.commandLine();
            cl.setOut(new PrintWriter(new StringWriter()));
            cl.setErr(new PrintWriter(err));
            assertThat(cl.execute(local.toArray(String[]::new))).as(shown + "\n" + err).isZero();
        }
    }

    /** The arguments of each {@code slotlab} command of the README (after the jar or the script). */
    static List<List<String>> slotlabArguments() throws IOException {
        List<List<String>> all = new ArrayList<>();
        for (String c : commands()) {
            String rest = c.startsWith(JAR_COMMAND + " ") || c.equals(JAR_COMMAND) ? c.substring(JAR_COMMAND.length())
                    : c.startsWith(SCRIPT_COMMAND + " ") || c.equals(SCRIPT_COMMAND) ? c.substring(SCRIPT_COMMAND.length()) : null;
            if (rest != null) {
                all.add(tokens(rest));
            }
        }
        return all;
    }

    /** Inputs resolved in the repository, outputs in the temporary folder. */
    List<String> localised(List<String> args) {
        List<String> local = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (i > 0 && OUTPUTS.contains(args.get(i - 1))) {
                local.add(out.resolve(Path.of(a).getFileName()).toString());
            } else if (WRITTEN_BY_UNRUN.containsKey(a)) {
                local.add(ROOT.resolve(WRITTEN_BY_UNRUN.get(a)).toString());
            } else if (!a.startsWith("-") && a.contains("/") && Files.exists(ROOT.resolve(a))) {
                local.add(ROOT.resolve(a).toString());
            } else {
                local.add(a);
            }
        }
        return local;
    }

    private static final Pattern INLINE = Pattern.compile("`((?:mvn|java -jar|\\./slotlab)[^`]*)`");

    /**
     * Every command of the README: the lines of its fenced blocks ({@code \} continuations joined,
     * {@code # comments} cut) and the inline code that starts like a command.
     */
    static List<String> commands() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        List<String> commands = new ArrayList<>();
        boolean fenced = false;
        StringBuilder pending = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) {
                Matcher m = INLINE.matcher(line);
                while (m.find()) {
                    commands.add(m.group(1).strip());
                }
                continue;
            }
            String code = line.replaceAll("\\s+#\\s.*$", "").strip();
            if (code.isEmpty() || code.startsWith("#")) {
                continue;
            }
            if (code.endsWith("\\")) {
                pending.append(code, 0, code.length() - 1).append(' ');
                continue;
            }
            pending.append(code);
            commands.add(pending.toString().replaceAll("\\s+", " ").strip());
            pending.setLength(0);
        }
        return commands;
    }

    /** Splits like a POSIX shell for the README's commands: spaces, single and double quotes. */
    static List<String> tokens(String command) {
        List<String> t = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char ch : command.toCharArray()) {
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                any = true;
            } else if (Character.isWhitespace(ch)) {
                if (any || cur.length() > 0) {
                    t.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(ch);
            }
        }
        if (any || cur.length() > 0) {
            t.add(cur.toString());
        }
        return t;
    }
}
