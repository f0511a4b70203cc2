/**
 * The DMA-engine role: descriptors submitted on channels of a protection domain, moved through
 * the IOMMU and bandwidth resources, completed with a status.
 */
package org.iopf.api.dma;
