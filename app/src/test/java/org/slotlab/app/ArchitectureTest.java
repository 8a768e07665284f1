package org.slotlab.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The one-way shape of the code, checked on the compiled classes (every reference in the byte
 * code, not import lines): {@code model} uses no JavaFX, AWT or JFreeChart; {@code charts} uses
 * nothing of {@code app}; the packages of {@code app}, of {@code model} and of {@code charts} form
 * no cycle; the command line and everything it runs (scenarios, files, knobs, exports, measured
 * results) use no JavaFX, so it works without a display; the workbench is used by the launcher only;
 * the calibration view-model uses JavaFX properties, never the toolkit. It also keeps
 * {@code docs/packages.md}, the picture of the packages, equal to what the classes say
 * ({@link #main} writes it anew).
 */
class ArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.slotlab");

    /** The picture, relative to the repository root. */
    static final Path PICTURE = Path.of("docs", "packages.md");

    @Test
    void model_usesNoJavaFxAwtOrJFreeChart() {
        noClasses().that().resideInAPackage("org.slotlab.model..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.awt..", "org.jfree..")
                .check(CLASSES);
    }

    @Test
    void charts_useNothingOfTheApp() {
        noClasses().that().resideInAPackage("org.slotlab.charts..")
                .should().dependOnClassesThat().resideInAPackage("org.slotlab.app..")
                .check(CLASSES);
    }

    /** Packages of app that the command line uses: they must load without JavaFX. */
    static final String[] HEADLESS_APP_PACKAGES = {"org.slotlab.app.cli..", "org.slotlab.app.scenario..", "org.slotlab.app.io..",
        "org.slotlab.app.knob..", "org.slotlab.app.export..", "org.slotlab.app.report..", "org.slotlab.app.measured.."};

    static final ArchRule COMMAND_LINE_WITHOUT_JAVAFX = noClasses().that().resideInAnyPackage(HEADLESS_APP_PACKAGES)
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.slotlab.app.workbench..");

    @Test
    void commandLinePackages_useNoJavaFxNorTheWorkbench() {
        COMMAND_LINE_WITHOUT_JAVAFX.check(CLASSES);
    }

    @Test
    void commandLineRule_catchesAFullyQualifiedJavaFxReference() {
        EvaluationResult r = COMMAND_LINE_WITHOUT_JAVAFX.evaluate(new ClassFileImporter()
                .importClasses(org.slotlab.app.cli.UsesJavaFxWithoutImport.class));

        assertThat(r.hasViolation()).isTrue();
        assertThat(r.getFailureReport().toString()).contains("javafx.scene.control.Label");
    }

    @Test
    void workbench_isUsedByTheLauncherAndTalkModeOnly() {
        noClasses().that().resideOutsideOfPackages("org.slotlab.app.workbench..", "org.slotlab.app", "org.slotlab.app.talk..")
                .should().dependOnClassesThat().resideInAPackage("org.slotlab.app.workbench..")
                .check(CLASSES);
    }

    @Test
    void calibrationViewModel_usesJavaFxPropertiesNotTheToolkit() {
        noClasses().that().resideInAPackage("org.slotlab.app.calibrate..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.application..")
                .check(CLASSES);
    }

    @Test
    void appPackages_formNoCycle() {
        SlicesRuleDefinition.slices().assignedFrom(APP_PACKAGES).should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void modelAndChartsPackages_formNoCycle() {
        SlicesRuleDefinition.slices().matching("org.slotlab.model.(*)..").should().beFreeOfCycles().check(CLASSES);
        SlicesRuleDefinition.slices().matching("org.slotlab.charts.(*)..").should().beFreeOfCycles().allowEmptyShould(true)
                .check(CLASSES);
    }

    @Test
    void thePictureOfThePackages_isWhatTheClassesSay() throws IOException {
        Path picture = repositoryRoot().resolve(PICTURE);
        assertThat(picture).as("run ArchitectureTest.main to draw it").exists();
        assertThat(Files.readString(picture)).isEqualTo(picture());
    }

    /** Each class of app, by its package below org.slotlab.app ("app" for the root package). */
    private static final SliceAssignment APP_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String p = c.getPackageName();
            if (p.equals("org.slotlab.app")) {
                return SliceIdentifier.of("app");
            }
            if (p.startsWith("org.slotlab.app.")) {
                return SliceIdentifier.of("app." + p.substring("org.slotlab.app.".length()).split("\\.")[0]);
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "packages of org.slotlab.app";
        }
    };

    /** "model.heap", "charts", "app.cli": a package of org.slotlab, top-level package below a module. */
    static String node(String pkg) {
        String p = pkg.substring("org.slotlab.".length());
        String[] parts = p.split("\\.");
        return parts.length == 1 ? parts[0] : parts[0] + "." + parts[1];
    }

    /** The package graph as Markdown with a Mermaid diagram and the same edges as a list. */
    static String picture() {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (JavaClass c : CLASSES) {
            if (!c.getPackageName().startsWith("org.slotlab.")) {
                continue;
            }
            String from = node(c.getPackageName());
            edges.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getPackageName();
                if (target.startsWith("org.slotlab.")) {
                    String to = node(target);
                    if (!to.equals(from)) {
                        edges.get(from).add(to);
                    }
                }
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("# The packages\n\n");
        b.append("Which package uses which, read from the compiled classes by `ArchitectureTest` (every reference in\n");
        b.append("the byte code). Arrows point one way: `app` uses `charts` and `model`, `charts` uses `model`, and the\n");
        b.append("packages of each module form no cycle. The test fails when this file and the classes disagree;\n");
        b.append("`ArchitectureTest.main` draws it again.\n\n");
        b.append("## Modules\n\n");
        Map<String, Set<String>> modules = new TreeMap<>();
        edges.forEach((from, tos) -> tos.forEach(to -> {
            String m = from.split("\\.")[0];
            String n = to.split("\\.")[0];
            modules.computeIfAbsent(m, k -> new TreeSet<>());
            if (!m.equals(n)) {
                modules.get(m).add(n);
            }
        }));
        diagram(b, modules);
        for (String module : java.util.List.of("app", "charts", "model")) {
            Map<String, Set<String>> inside = new TreeMap<>();
            edges.forEach((from, tos) -> {
                if (from.split("\\.")[0].equals(module)) {
                    Set<String> own = new TreeSet<>();
                    tos.stream().filter(t -> t.split("\\.")[0].equals(module)).forEach(own::add);
                    inside.put(from, own);
                }
            });
            b.append("## Inside `").append(module).append("`\n\n");
            diagram(b, inside);
        }
        b.append("## Every package\n\n| package | uses |\n|---|---|\n");
        edges.forEach((from, tos) -> b.append("| ").append(from).append(" | ")
                .append(tos.isEmpty() ? "-" : String.join(", ", tos)).append(" |\n"));
        return b.toString();
    }

    private static void diagram(StringBuilder b, Map<String, Set<String>> edges) {
        b.append("```mermaid\nflowchart TD\n");
        edges.keySet().forEach(n -> b.append("    ").append(id(n)).append("[\"").append(n).append("\"]\n"));
        edges.forEach((from, tos) -> tos.forEach(to -> b.append("    ").append(id(from)).append(" --> ").append(id(to))
                .append('\n')));
        b.append("```\n\n");
    }

    private static String id(String node) {
        return node.replace('.', '_');
    }

    private static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        return Files.exists(p.resolve("docs")) ? p : p.getParent();
    }

    /** Writes docs/packages.md from the classes. */
    public static void main(String[] args) throws IOException {
        Files.writeString(repositoryRoot().resolve(PICTURE), picture());
    }
}
