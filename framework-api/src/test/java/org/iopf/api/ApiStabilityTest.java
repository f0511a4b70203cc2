package org.iopf.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * Every public type of the API says how stable it is ({@code @API(status, since)}, as JUnit 5's
 * own types do), so a plugin author can tell a contract from a type that may still change.
 */
final class ApiStabilityTest {
    private static final JavaClasses API_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.iopf.api");

    @Test
    void everyPublicTopLevelTypeCarriesItsStability() {
        classes().that().arePublic().and().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
                .should().beAnnotatedWith(API.class)
                .because("a plugin author must see whether a type is STABLE or EXPERIMENTAL")
                .check(API_CLASSES);
    }
}
