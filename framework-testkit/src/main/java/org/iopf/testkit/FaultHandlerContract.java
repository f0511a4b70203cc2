package org.iopf.testkit;

/**
 * The contract of the {@link org.iopf.api.fault.FaultHandler} role. A fault handler's test class
 * implements this interface and supplies {@link #faultHandlerPlatform()}; it inherits the tests that
 * prove the handler honours the role: every fault, raised by a translation that really misses, is
 * resolved or terminated exactly once and never forgotten; a resolved fault's retry hits; a fault on
 * an address the process never mapped is terminated; and the same seed gives the same trace.
 *
 * @since 0.1
 */
public interface FaultHandlerContract {
    /**
     * The platform the handler under test runs on, as platform-file text: a node {@code node1} with
     * an IOMMU (through whose {@code Iommu} role the suite raises faults) and the handler under test
     * as its fault handler.
     */
    String faultHandlerPlatform();

    /**
     * Whether the handler resolves a fault on a page the process mapped (retry after making the page
     * resident and translatable). A handler that only terminates returns {@code false}.
     */
    default boolean resolvesFaults() {
        return true;
    }
}
