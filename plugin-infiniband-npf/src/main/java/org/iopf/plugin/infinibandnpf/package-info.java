/**
 * The infiniband-npf plugin: InfiniBand HCA with network page faults, RC transport and RNR (seed 001 §2).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.infinibandnpf;
