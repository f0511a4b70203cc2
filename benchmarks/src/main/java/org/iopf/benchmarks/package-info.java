/**
 * JMH benchmarks of the simulation kernel. The hold model ({@code Hold*Benchmark}) compares
 * {@link org.iopf.core.sim.EventKernel} with SSJ's default event list and with
 * {@link java.util.PriorityQueue} (recycling its entries, and allocating one per scheduling call as
 * a generic scheduler must) on the same model, with the same pre-generated delays. See
 * {@code benchmarks/README.md} for results and the command that reproduces them.
 */
package org.iopf.benchmarks;
