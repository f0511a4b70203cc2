package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What the component that detected a fault knows about it beyond the common fields of
 * {@link FaultRecord}: an ARM SMMU context bank's syndrome registers, an SMMUv3 event record, a PCIe
 * page request's group index. A fault handler that understands a detail asks for it by type
 * ({@link FaultRecord#detail(Class)}) instead of testing which IOMMU raised the fault; one that does
 * not, ignores it.
 *
 * <p>Implementations are immutable values, defined by the plugin that raises them.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public interface FaultDetail {
}
