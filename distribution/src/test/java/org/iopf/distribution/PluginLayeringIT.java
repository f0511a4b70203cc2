package org.iopf.distribution;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * What a plugin may build on, checked over the stock plugins' classes (on this module's class
 * path): the API, the plugin toolkit (which the plugin carries in its zip) and the libraries the
 * host shares — never core; and the toolkit itself never reaches core or a plugin.
 */
final class PluginLayeringIT {
    private static final String[] ALLOWED = {"org.iopf.plugin..", "org.iopf.api..", "org.iopf.toolkit..", "java..", "javax.annotation..",
        "org.slf4j..", "jakarta.inject..", "org.pf4j..", "com.google.inject.."};

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.iopf.plugin", "org.iopf.toolkit");

    @Test
    void pluginsUseTheApiAndTheToolkitButNeverCore() {
        noClasses().that().resideInAPackage("org.iopf.plugin..")
                .should().dependOnClassesThat().resideInAPackage("org.iopf.core..")
                .check(classes);
        classes().that().resideInAPackage("org.iopf.plugin..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(ALLOWED)
                .check(classes);
    }

    @Test
    void theToolkitNeverReachesCoreOrAPlugin() {
        noClasses().that().resideInAPackage("org.iopf.toolkit..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iopf.core..", "org.iopf.plugin..",
                        "org.iopf.reference..")
                .check(classes);
    }
}
