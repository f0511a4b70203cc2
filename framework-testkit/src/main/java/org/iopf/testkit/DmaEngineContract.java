package org.iopf.testkit;

/**
 * The contract of the {@link org.iopf.api.dma.DmaEngine} role. A DMA engine's test class implements
 * this interface and supplies {@link #dmaPlatform()}; it inherits the tests that prove the engine
 * honours the role: every submitted descriptor completes exactly once, a successful transfer
 * delivers every byte exactly once and intact, a transfer that cannot complete reports an error
 * status, and the same seed gives the same trace.
 *
 * @since 0.1
 */
public interface DmaEngineContract {
    /**
     * The platform the engine under test runs on, as platform-file text: a node {@code node1} whose
     * {@code DmaEngine} role is the component under test, with the IOMMU and fault handler it needs.
     */
    String dmaPlatform();
}
