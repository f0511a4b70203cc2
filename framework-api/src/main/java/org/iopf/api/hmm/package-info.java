/**
 * Heterogeneous memory management (seed 003): the extension point through which a plugin supplies
 * the policy that decides which ranges a device migrates into its private memory.
 *
 * <p>The memory-model side of HMM (device-private pages, migration, the fault-back callback) is in
 * {@link org.iopf.api.mem}.
 *
 * @since 0.1
 */
package org.iopf.api.hmm;
