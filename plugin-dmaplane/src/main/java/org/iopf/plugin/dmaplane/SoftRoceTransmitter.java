package org.iopf.plugin.dmaplane;

import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.Packet;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;
import org.iopf.toolkit.rc.RcHeader;
import org.iopf.toolkit.rc.RcQueuePairEngine;
import org.iopf.toolkit.rc.RcReadyQueue;

/**
 * Soft-RoCE's transmit side: where a hardware NIC's port takes the queue pairs' packets as fast as
 * the wire allows ({@code RcPortScheduler}), rxe builds each one in software first. Queue pairs
 * with something to send take turns, one packet at a time; each packet's software cost runs on a
 * core before it goes on the wire — requests (WRITE, SEND, READ request) on the requester's
 * transmit core ({@code rxe_requester}, plus the work request's cost on its first packet),
 * acknowledgements and READ responses on the receive core, where rxe's responder runs
 * ({@code rxe_responder}, in the receive tasklet). Linux: {@code drivers/infiniband/sw/rxe/rxe_req.c},
 * {@code rxe_resp.c}.
 */
final class SoftRoceTransmitter {
    private final SoftRoceConfig config;
    private final CpuCore txCore;
    private final CpuCore rxCore;
    private final FabricPort port;
    private final Runnable sent;
    private final RcReadyQueue ready = new RcReadyQueue();
    private boolean building;

    SoftRoceTransmitter(SoftRoceConfig config, CpuCore txCore, CpuCore rxCore, FabricPort port, Runnable sent) {
        this.config = config;
        this.txCore = txCore;
        this.rxCore = rxCore;
        this.port = port;
        this.sent = sent;
    }

    /** A queue pair has a packet to send: give it turns. */
    void kick(RcQueuePairEngine<?> queuePair) {
        ready.add(queuePair);
        buildNext();
    }

    /** Takes the next queue pair's next packet, runs its software cost, then sends it and goes on. */
    private void buildNext() {
        if (building) {
            return;
        }
        Packet packet = ready.poll();
        if (packet == null) {
            return;
        }
        building = true;
        Object header = packet.header();
        boolean response = header instanceof RcHeader.Ack || header instanceof RcHeader.ReadResponse;
        CpuCore core = response ? rxCore : txCore;
        String step = header instanceof RcHeader.Ack ? "rxe/ack" : response ? "rxe/responder" : "rxe/requester";
        core.run(step, WorkPriority.SOFTIRQ, cost(packet), () -> {
            port.send(packet);
            sent.run();
            building = false;
            buildNext();
        });
    }

    /** CPU time to build {@code packet} in software. */
    private long cost(Packet packet) {
        Object header = packet.header();
        if (header instanceof RcHeader.Ack) {
            return config.ackCost();
        }
        long cost = config.packetNanos(packet.payloadBytes());
        boolean firstOfRequest = header instanceof RcHeader.ReadRequest
                || header instanceof RcHeader.Data data && data.offset() == 0;
        return firstOfRequest ? config.wrCost() + cost : cost;
    }

    /** CPU time to take in {@code packet} in software on the receive core. */
    long receiveCost(Packet packet) {
        return packet.header() instanceof RcHeader.Ack ? config.ackCost() : config.packetNanos(packet.payloadBytes());
    }
}
