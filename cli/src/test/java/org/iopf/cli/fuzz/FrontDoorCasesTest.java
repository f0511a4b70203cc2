package org.iopf.cli.fuzz;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every failure the front-door fuzz test ({@link FrontDoorFuzzTest}) found, as a fixed case that
 * must now end as its file says ({@link FrontDoorCase}): exit 2 with one located message, or a run.
 */
final class FrontDoorCasesTest {
    @TestFactory
    Stream<DynamicTest> eachFoundFailureNowEndsAsItsCaseSays() {
        return FrontDoorCase.tests(FrontDoorCase.folder("fixed"));
    }
}
