package org.slotlab.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The model stays pure Java (no toolkit below the model): no class of this module refers to
 * JavaFX, AWT, Swing, JFreeChart or the other modules. Checked on the compiled classes, so a fully
 * qualified name in a field, a cast or a method body counts as much as an import.
 */
class ModelPurityTest {

    /** The model's own compiled classes (this module's output folder, not the test classes). */
    private static final JavaClasses MODEL = new ClassFileImporter().importPath(Path.of("target", "classes"));

    static final ArchRule NO_UI_TOOLKIT = noClasses().that().resideInAPackage("org.slotlab.model..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.awt..", "javax.swing..", "org.jfree..",
                    "org.slotlab.charts..", "org.slotlab.app..");

    @Test
    void modelClasses_referNoUiToolkitNorOtherModule() {
        assertThat(MODEL.containPackage("org.slotlab.model.heap")).as("compiled model classes found").isTrue();
        NO_UI_TOOLKIT.check(MODEL);
    }

    @Test
    void rule_catchesAFullyQualifiedAwtReferenceWithoutAnImport() {
        EvaluationResult r = NO_UI_TOOLKIT.evaluate(new ClassFileImporter().importClasses(UsesAwtWithoutImport.class));

        assertThat(r.hasViolation()).isTrue();
        assertThat(r.getFailureReport().toString()).contains("java.awt.Color");
    }

    /** A model-package class that names an AWT class only by its full name. */
    static final class UsesAwtWithoutImport {
        Object colour() {
            return java.awt.Color.RED;
        }
    }
}
