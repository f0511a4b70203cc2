package org.iopf.plugin.pldma;

import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.sim.Scheduler;

/**
 * What an outbound transfer runs on: the node's scheduler, IOMMU and memory, the engine's packet
 * settings and its port's address.
 *
 * @param scheduler the node's scheduler
 * @param iommu translates every packet's source
 * @param memory the node's physical memory, read for payloads
 * @param mtu bytes per packet at most (packets split at MTU-aligned addresses)
 * @param retransmitTimeout ns without an ACK before packets are sent again
 * @param transportRetries timeouts in a row after which a transfer fails with {@code TIMEOUT}
 * @param local the engine's port address, the source of every data packet
 * @param headerBytes wire bytes of a packet's header
 */
record TransferServices(Scheduler scheduler, Iommu iommu, PhysicalMemory memory, long mtu, long retransmitTimeout,
        int transportRetries, Endpoint local, int headerBytes) {
    long now() {
        return scheduler.now();
    }

    /** A data packet from this engine to {@code destination}. */
    Packet dataPacket(Endpoint destination, PldmaHeader.Data header, Payload payload) {
        return new Packet(local, destination, headerBytes, header, payload);
    }
}
