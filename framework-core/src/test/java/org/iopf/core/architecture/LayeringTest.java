package org.iopf.core.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Keeps the API free of core and of anything outside DESIGN.md's list. */
final class LayeringTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iopf");

    @Test
    void apiDependsOnNoCoreClass() {
        noClasses().that().resideInAPackage("org.iopf.api..")
                .should().dependOnClassesThat().resideInAPackage("org.iopf.core..")
                .check(classes);
    }

    @Test
    void apiDependsOnlyOnTheAllowedLibraries() {
        noClasses().that().resideInAPackage("org.iopf.api..")
                .should().dependOnClassesThat().resideOutsideOfPackages("org.iopf.api..", "java..", "javax.annotation..",
                        "org.slf4j..", "jakarta.inject..", "org.pf4j..", "com.google.inject..")
                .check(classes);
    }

    @Test
    void referenceComponentsReachEachOtherOnlyThroughTheApi() {
        noClasses().that().resideInAPackage("org.iopf.core.reference..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core.platform..", "org.iopf.core.node..",
                        "org.iopf.core.mem..", "org.iopf.core.sim..", "org.iopf.core.fabric..")
                .check(classes);
    }
}
