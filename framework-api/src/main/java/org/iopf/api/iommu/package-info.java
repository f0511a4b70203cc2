/**
 * The IOMMU role: streams (devices) attached to protection domains, translation of I/O virtual
 * addresses with typed faults, mapping and invalidation.
 */
package org.iopf.api.iommu;
