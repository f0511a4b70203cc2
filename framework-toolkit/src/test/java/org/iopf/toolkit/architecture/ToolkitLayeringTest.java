package org.iopf.toolkit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The toolkit is built on the API alone, like a plugin: never on core (which a plugin cannot
 * see) nor on any library the host does not share with plugins.
 */
final class ToolkitLayeringTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iopf.toolkit");

    @Test
    void theToolkitUsesOnlyTheApiAndTheJdk() {
        classes().that().resideInAPackage("org.iopf.toolkit..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("org.iopf.toolkit..", "org.iopf.api..",
                        "java..")
                .check(classes);
    }
}
