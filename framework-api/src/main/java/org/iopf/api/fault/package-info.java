/**
 * The fault path: fault records and their kinds, the node-owned fault sink that breaks the
 * IOMMU/fault-handler cycle, and the {@link org.iopf.api.fault.FaultHandler} role.
 *
 * <p>Faults are values, never exceptions: a device that misses a translation raises a
 * {@link org.iopf.api.fault.PageFault} into the node's {@link org.iopf.api.fault.FaultSink}; the
 * node's fault handler resolves it and answers retry or terminate through the fault's listener.
 */
package org.iopf.api.fault;
