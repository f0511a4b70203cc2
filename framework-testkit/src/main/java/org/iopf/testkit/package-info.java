/**
 * The plugin development kit's tests. {@link org.iopf.testkit.TestBench} builds a platform from a
 * platform file's text inside a plain JUnit 5 test; the {@code *Contract} interfaces are the role
 * contract suites: a test class of an implementation implements one, supplies the platform its
 * component runs on, and inherits the tests that prove it honours the role.
 *
 * <p>A plugin takes this module in test scope only; it brings framework-core (to run the bench),
 * JUnit 5 and AssertJ with it.
 *
 * @since 0.1
 */
package org.iopf.testkit;
