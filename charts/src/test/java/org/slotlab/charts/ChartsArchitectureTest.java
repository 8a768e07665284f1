package org.slotlab.charts;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The charts render headless with Java2D: no class of this
 * module refers to JavaFX, Swing or the workbench and command line of {@code app}. Checked on the
 * compiled classes, so a fully qualified name counts as much as an import.
 */
class ChartsArchitectureTest {

    /** This module's own compiled classes. */
    private static final JavaClasses CHARTS = new ClassFileImporter().importPath(Path.of("target", "classes"));

    static final ArchRule HEADLESS = noClasses().that().resideInAPackage("org.slotlab.charts..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "javax.swing..", "org.slotlab.app..");

    @Test
    void chartClasses_referNoJavaFxSwingNorApp() {
        assertThat(CHARTS.containPackage("org.slotlab.charts.table")).as("compiled chart classes found").isTrue();
        HEADLESS.check(CHARTS);
    }

    @Test
    void rule_catchesAFullyQualifiedSwingReferenceWithoutAnImport() {
        EvaluationResult r = HEADLESS.evaluate(new ClassFileImporter().importClasses(UsesSwingWithoutImport.class));

        assertThat(r.hasViolation()).isTrue();
        assertThat(r.getFailureReport().toString()).contains("javax.swing.JPanel");
    }

    /** A charts-package class that names a Swing class only by its full name. */
    static final class UsesSwingWithoutImport {
        Object panel() {
            return new javax.swing.JPanel();
        }
    }
}
