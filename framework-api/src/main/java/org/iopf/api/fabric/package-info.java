/**
 * The fabric joining the nodes: ports attached through links (bandwidth, latency, loss) to a
 * switch, and packets that carry real payload.
 */
package org.iopf.api.fabric;
