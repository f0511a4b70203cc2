package org.iopf.plugin.dmaplane;

/** How the CPU reaches GPU memory (seed 004 §5.1, E8). */
enum GpuBarMode {
    /** ioremap: every access a non-posted or uncombined PCIe transaction. */
    UNCACHED,
    /** ioremap_wc: writes combined into full bursts. */
    WRITE_COMBINED,
    /** cudaMemcpy: the GPU's copy engine moves the data. */
    EXPLICIT_COPY
}
