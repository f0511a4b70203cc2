/**
 * JMH benchmarks of the simulation kernel. The hold model ({@code Hold*Benchmark}) compares
 * {@link org.iopf.core.sim.EventKernel} with SSJ's default event list and with
 * {@link java.util.PriorityQueue} on the same model, with the same pre-generated delays.
 */
package org.iopf.benchmarks;
