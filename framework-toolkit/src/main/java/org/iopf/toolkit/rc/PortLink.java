package org.iopf.toolkit.rc;

import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.sim.Scheduler;

/**
 * The link most NICs give the engine: their node's clock and memory, packets from their fabric
 * port, a transmitter that takes queue pairs' turns, and a timeout counter. A NIC that counts more
 * (RNR NAKs, fault stalls) or frames packets differently overrides those methods.
 */
public class PortLink implements RcLink {
    private final Scheduler scheduler;
    private final PhysicalMemory memory;
    private final FabricPort port;
    private final Consumer<RcQueuePairEngine<?>> transmitter;
    private final Counter timeouts;

    /**
     * Creates the link.
     *
     * @param scheduler the node's scheduler
     * @param memory the node's physical memory
     * @param port the NIC's fabric port, the source of its packets
     * @param transmitter gives a queue pair with something to send its turns
     * @param timeouts counts local ACK timeouts
     */
    public PortLink(Scheduler scheduler, PhysicalMemory memory, FabricPort port,
            Consumer<RcQueuePairEngine<?>> transmitter, Counter timeouts) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.port = Objects.requireNonNull(port, "port is null");
        this.transmitter = Objects.requireNonNull(transmitter, "transmitter is null");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts is null");
    }

    @Override
    public Scheduler scheduler() {
        return scheduler;
    }

    @Override
    public PhysicalMemory memory() {
        return memory;
    }

    @Override
    public Packet packet(Endpoint destination, int headerBytes, RcHeader header, Payload payload) {
        return new Packet(port.endpoint(), destination, headerBytes, header, payload);
    }

    @Override
    public void kick(RcQueuePairEngine<?> queuePair) {
        transmitter.accept(queuePair);
    }

    @Override
    public void countTimeout() {
        timeouts.increment();
    }
}
