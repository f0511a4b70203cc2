package org.iopf.testkit;

/**
 * The contract of the {@link org.iopf.api.nic.Nic} role. A NIC's test class implements this
 * interface and supplies {@link #nicPlatform()}; it inherits the tests that prove the NIC honours the
 * role: every transfer delivers every byte exactly once and intact or reports an error, on a
 * lossless and on a lossy link, and the same seed gives the same trace.
 *
 * @since 0.1
 */
public interface NicContract {
    /**
     * The platform the NIC under test runs on, as platform-file text: nodes {@code node1} and
     * {@code node2}, each with the NIC under test in the {@code Nic} role and what it needs (IOMMU,
     * fault handler).
     */
    String nicPlatform();
}
