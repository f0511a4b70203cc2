/**
 * The infiniband-npf plugin: an InfiniBand HCA with network page faults on on-demand (unpinned)
 * memory regions, the RC transport with RNR NAKs and timeouts, and the RDMA READ fault drop
 * (seed 001 §2, FIDELITY B1–B6). The component type is {@link
 * org.iopf.plugin.infinibandnpf.NpfHcaType} ({@code ib-npf-hca}); the HCA is {@link
 * org.iopf.plugin.infinibandnpf.NpfHca}, its fault path {@code NpfEngine}.
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.infinibandnpf;
