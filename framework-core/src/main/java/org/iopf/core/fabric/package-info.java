/**
 * The fabric: a store-and-forward switch with one full-duplex link per attached port. Each link
 * direction serializes packets at the link's rate in FIFO order, adds its propagation latency,
 * and may lose a packet with the link's loss probability (drawn from the link's own random
 * stream, so lossless links consume no randomness).
 */
package org.iopf.core.fabric;
