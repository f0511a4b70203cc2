package org.iopf.toolkit.rc;

import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.sim.Scheduler;

/**
 * What the RC engine needs of its NIC besides memory: the clock, the node's physical memory, the
 * port (packets are built here and sent when the NIC gives the queue pair a turn) and the NIC's
 * counters.
 */
public interface RcLink {
    /**
     * The node's scheduler.
     *
     * @return the scheduler
     */
    Scheduler scheduler();

    /**
     * The node's physical memory, which payloads are captured from and written to.
     *
     * @return the memory
     */
    PhysicalMemory memory();

    /**
     * Builds a packet from this NIC's port.
     *
     * @param destination the peer's port
     * @param headerBytes header bytes on the wire
     * @param header the transport header
     * @param payload the data, or null
     * @return the packet
     */
    Packet packet(Endpoint destination, int headerBytes, RcHeader header, Payload payload);

    /**
     * The queue pair has a packet to send: give it a turn on the port, where the NIC calls
     * {@link RcQueuePairEngine#nextPacket()}.
     *
     * @param queuePair the queue pair
     */
    void kick(RcQueuePairEngine<?> queuePair);

    /** The local ACK timer expired with requests unacknowledged. */
    default void countTimeout() {
    }

    /** The responder answered an RNR NAK. */
    default void countRnrSent() {
    }

    /** The requester received an RNR NAK it waits out. */
    default void countRnrReceived() {
    }

    /**
     * The responder took the packet it had refused or dropped on a page fault, {@code nanos} after
     * the first refusal.
     *
     * @param nanos the stall
     */
    default void faultStall(long nanos) {
    }
}
