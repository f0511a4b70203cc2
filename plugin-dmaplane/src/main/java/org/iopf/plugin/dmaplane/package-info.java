/**
 * The dmaplane plugin (seed 004, FIDELITY E1–E11): component type {@code dmaplane} in the
 * buffer-manager role — refcounted NUMA-placed buffers with dma-buf export, channels with submit
 * and completion rings, the lock hierarchy with an order checker, a memory-system model (LLC and
 * SLIT-scaled fill latency), an RDMA engine with dual credits over the node's NIC or a built-in
 * Soft-RoCE transport, GPU BAR modes and the unpin callback — and the workloads
 * {@code dmaplane-credit-stream} (E7), {@code dmaplane-numa-bandwidth} (E5) and
 * {@code dmaplane-kv-transfer} (E10).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.dmaplane;
