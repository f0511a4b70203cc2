/**
 * The simulation kernel and its resources: {@link org.iopf.core.sim.EventKernel} (the event loop,
 * over a calendar queue in primitive arrays), {@link org.iopf.core.sim.SplitRandomStreams}
 * (per-path random streams), {@link org.iopf.core.sim.FifoBandwidthResource},
 * {@link org.iopf.core.sim.SimCpuCore} and {@link org.iopf.core.sim.NodeResources}.
 *
 * <p>Everything here runs on the simulation's one thread and is not thread-safe. Times are
 * {@code long} nanoseconds of virtual time since the start of the run.
 */
package org.iopf.core.sim;
