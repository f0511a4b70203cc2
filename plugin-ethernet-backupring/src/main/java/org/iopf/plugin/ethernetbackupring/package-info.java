/**
 * The ethernet-backupring plugin: Ethernet NIC with unpinned rx rings and the backup ring (seed 001 §3, §4).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.ethernetbackupring;
