package org.iopf.reference.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The reference components and built-in workloads are built like a plugin: on the API, the
 * toolkit and the libraries the host shares with plugins, never on core; components reach each
 * other only through the API, and the workloads use no component's classes.
 */
final class ReferenceLayeringTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iopf.reference");

    @Test
    void referenceCodeUsesTheApiAndTheToolkitButNeverCore() {
        classes().that().resideInAPackage("org.iopf.reference..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("org.iopf.reference..", "org.iopf.api..",
                        "org.iopf.toolkit..", "java..", "javax.annotation..", "org.slf4j..", "jakarta.inject..",
                        "org.pf4j..", "com.google.inject..")
                .check(classes);
    }

    @Test
    void builtInWorkloadsUseNoComponentsClasses() {
        noClasses().that().resideInAPackage("org.iopf.reference.workload..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.reference", "org.iopf.reference.rc..")
                .check(classes);
    }
}
