package org.iopf.core.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Keeps the API free of core and of anything outside DESIGN.md's list, and core's layers in order:
 * the simulation model below assembly, assembly below the plugin host and reports. (The built-in
 * components and workloads live in {@code framework-reference}, which checks its own layering.)
 */
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
                        "org.slf4j..", "jakarta.inject..", "org.pf4j..", "com.google.inject..",
                        // @API(status, since): annotations only, which a JVM without the jar ignores
                        "org.apiguardian.api..")
                .check(classes);
    }

    @Test
    void theSimulationModelKnowsNothingOfAssemblyPluginsFilesOrReports() {
        noClasses().that().resideInAnyPackage("org.iopf.core.sim..", "org.iopf.core.mem..", "org.iopf.core.fabric..",
                "org.iopf.core.observe..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core.platform..", "org.iopf.core.plugin..",
                        "org.iopf.core.run..", "org.iopf.core.report..")
                .check(classes);
    }

    @Test
    void platformFilesAndThePluginHostDoNotDependOnEachOtherOrOnRuns() {
        noClasses().that().resideInAPackage("org.iopf.core.platform..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core.plugin..", "org.iopf.core.run..",
                        "org.iopf.core.report..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iopf.core.plugin..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core.platform.file..",
                        "org.iopf.core.report..")
                .check(classes);
    }

    @Test
    void reportsReadRunsButNeverThePluginHost() {
        noClasses().that().resideInAPackage("org.iopf.core.report..")
                .should().dependOnClassesThat().resideInAPackage("org.iopf.core.plugin..")
                .check(classes);
    }

    @Test
    void runRecordsTakePluginsAsValuesAndNeverRunAnything() {
        noClasses().that().resideInAPackage("org.iopf.core.record..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core.plugin..", "org.iopf.core.run..")
                .check(classes);
    }
}
