/**
 * The ethernet-backupring plugin: a 10 GbE NIC with unpinned rx buffers behind the IOMMU, a
 * TCP-like transport, the cold-ring problem and the IOprovider's backup ring (seed 001 §3, §4;
 * FIDELITY C1-C6).
 *
 * <p>Component types {@code eth-nic} ({@link org.iopf.plugin.ethernetbackupring.EthernetNicType})
 * and {@code eth-os-faults} ({@link org.iopf.plugin.ethernetbackupring.OsFaultHandlerType}), and
 * the workload {@code eth-stream} ({@link org.iopf.plugin.ethernetbackupring.EthStreamType}).
 * Depends on {@code framework-api} only.
 */
package org.iopf.plugin.ethernetbackupring;
