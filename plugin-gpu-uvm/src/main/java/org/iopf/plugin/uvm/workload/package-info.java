/**
 * The gpu-uvm workloads: {@code uvm-stream}, a kernel over a managed allocation whose content the
 * CPU checks at the end.
 */
package org.iopf.plugin.uvm.workload;
