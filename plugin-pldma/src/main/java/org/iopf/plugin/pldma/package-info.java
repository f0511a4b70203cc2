/**
 * The pldma plugin: the FORTH PLDMA engine, the Cortex-R5 transfer-scheduler firmware and the
 * user-space RDMA library of the ExaNeSt platform (seed 000 §2.3, §4; FIDELITY A4, A5, A8, A9,
 * A11). Component type {@code pldma}; workload types {@code pldma-stream} and
 * {@code pldma-compare}.
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.pldma;
