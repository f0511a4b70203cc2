package org.iopf.testkit;

/**
 * The contract of the {@link org.iopf.api.iommu.Iommu} role. An IOMMU's test class implements this
 * interface and supplies {@link #iommuPlatform()}; it inherits the tests that prove the IOMMU honours
 * the role: an unmapped address faults with the right kind and address, a mapped one translates to
 * the mapped frame, an invalidated range is never served from a cache afterwards, and the same seed
 * gives the same trace.
 *
 * @since 0.1
 */
public interface IommuContract {
    /**
     * The platform the IOMMU under test runs on, as platform-file text: a node {@code node1} whose
     * {@code Iommu} role is the component under test, with a fault handler (usually
     * {@code terminate}, so that faults are observed and not resolved).
     */
    String iommuPlatform();
}
