package org.iopf.plugin.dmaplane;

import java.util.random.RandomGenerator;
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
    private final RandomGenerator random;
    private boolean building;

    SoftRoceTransmitter(SoftRoceConfig config, CpuCore txCore, CpuCore rxCore, FabricPort port, Runnable sent,
            RandomGenerator random) {
        this.config = config;
        this.random = random;
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

    /**
     * Takes the queue pairs' next packets and runs their software cost, then sends them. Requests
     * (on the transmit core) and READ responses (on the receive core) are built one at a time, each
     * taken from its queue pair only when the previous one is sent, so a packet reads its region
     * when it is built (rxe looks the MR up per packet); an ACK carries no payload and is queued on
     * the receive core at once, so it never holds up the requests (rxe's responder sends its ACKs
     * from its own task).
     */
    private void buildNext() {
        while (!building) {
            Packet packet = ready.poll();
            if (packet == null) {
                return;
            }
            Object header = packet.header();
            if (header instanceof RcHeader.Ack) {
                rxCore.run("rxe/ack", WorkPriority.SOFTIRQ, cost(packet), () -> {
                    port.send(packet);
                    sent.run();
                });
                continue;
            }
            building = true;
            boolean response = header instanceof RcHeader.ReadResponse;
            CpuCore core = response ? rxCore : txCore;
            core.run(response ? "rxe/responder" : "rxe/requester", WorkPriority.SOFTIRQ, cost(packet), () -> {
                port.send(packet);
                sent.run();
                building = false;
                buildNext();
            });
        }
    }

    /** CPU time to build {@code packet} in software. */
    private long cost(Packet packet) {
        Object header = packet.header();
        if (header instanceof RcHeader.Ack) {
            return config.ackCost().draw(random);
        }
        long cost = config.packetNanos(packet.payloadBytes(), random);
        boolean firstOfRequest = header instanceof RcHeader.ReadRequest
                || header instanceof RcHeader.Data data && data.offset() == 0;
        return firstOfRequest ? config.wrCost().draw(random) + cost : cost;
    }

    /** CPU time to take in {@code packet} in software on the receive core. */
    long receiveCost(Packet packet) {
        return packet.header() instanceof RcHeader.Ack ? config.ackCost().draw(random) : config.packetNanos(packet.payloadBytes(), random);
    }
}
