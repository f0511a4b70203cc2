/**
 * The smmuv3-pri plugin: an Arm SMMUv3 (IHI 0070) at register level with its stream table, context
 * descriptors, stage-1 walks, TLB, command/event/PRI queues in memory, stall and PRI recovery; a
 * PCIe endpoint with an Address Translation Cache (ATS) and page requests (PRI); and Linux's I/O
 * page-fault path (drivers/iommu/io-pgfault.c) with shared virtual addressing.
 *
 * <p>Depends on {@code framework-api} and {@code framework-toolkit} only.
 */
package org.iopf.plugin.smmuv3pri;
