/**
 * The hmm plugin's workloads: bulk migrate, device compute and read back (F7), the ping-pong
 * adversary (F3) and the malloc-style mixed heap whose CPU-shared pages never migrate.
 */
package org.iopf.plugin.hmm.workload;
