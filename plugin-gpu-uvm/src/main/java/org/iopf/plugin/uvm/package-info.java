/**
 * The gpu-uvm plugin: the {@code uvm-gpu} device (SMs and warps, per-SM µTLBs, a GPU page table, the
 * replayable fault buffer, copy engines over the host link, device memory in 2 MiB chunks) and the
 * {@code uvm-driver} fault handler that fetches, deduplicates, services per 2 MiB VA block and
 * replays, following NVIDIA's open GPU kernel modules ({@code kernel-open/nvidia-uvm}).
 *
 * <p>Depends on {@code framework-api} and {@code framework-toolkit} only.
 */
package org.iopf.plugin.uvm;
