package org.iopf.toolkit.rc;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.function.Predicate;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * Two RC engines joined back to back, with a clock of its own: packets cross at once, in the
 * order the engines give them, unless a filter drops them; the test messages carry no bytes, so
 * no physical memory is needed. Every packet put on the wire is logged with its time.
 */
final class Wire implements Scheduler {
    /** One packet as it left its engine. */
    record Sent(long time, String from, RcHeader header) {
    }

    static final MemoryRegion REGION = new MemoryRegion(1, 1, 1, 0x1000, 0x1000, true, true, false);

    private final PriorityQueue<long[]> queue = new PriorityQueue<>((x, y) -> x[0] != y[0]
            ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
    private final java.util.Map<Long, Event> events = new java.util.HashMap<>();
    private long now;
    private long nextHandle;
    final List<Sent> log = new ArrayList<>();
    final Side a;
    final Side b;
    Predicate<Sent> drop = s -> false;

    Wire(RcSettings settingsA, RcSettings settingsB, QueuePairConfig config) {
        a = new Side("a", settingsA, config);
        b = new Side("b", settingsB, config);
    }

    /** One engine and its counters. */
    final class Side implements RcLink {
        final String name;
        final BoundedCompletionQueue sendCq = new BoundedCompletionQueue(64);
        final BoundedCompletionQueue recvCq = new BoundedCompletionQueue(64);
        final RcQueuePairEngine<MemoryRegion> qp;
        int timeouts;
        int rnrReceived;
        int rnrSent;

        Side(String name, RcSettings settings, QueuePairConfig config) {
            this.name = name;
            ProtectionDomain pd = new ProtectionDomain() {
                @Override
                public int pdn() {
                    return 1;
                }

                @Override
                public AddressSpace space() {
                    throw new UnsupportedOperationException();
                }
            };
            this.qp = new RcQueuePairEngine<>(this, new Regions(), settings, 1, pd, sendCq, recvCq, config);
        }

        @Override
        public Scheduler scheduler() {
            return Wire.this;
        }

        @Override
        public PhysicalMemory memory() {
            throw new UnsupportedOperationException("the test messages carry no bytes");
        }

        @Override
        public Packet packet(Endpoint destination, int headerBytes, RcHeader header, Payload payload) {
            return new Packet(new Endpoint(new NodeId(name), "nic0"), destination, headerBytes, header, payload);
        }

        @Override
        public void kick(RcQueuePairEngine<?> queuePair) {
            // the wire polls both engines
        }

        @Override
        public void countTimeout() {
            timeouts++;
        }

        @Override
        public void countRnrSent() {
            rnrSent++;
        }

        @Override
        public void countRnrReceived() {
            rnrReceived++;
        }
    }

    /** One region, its addresses their own physical addresses. */
    static final class Regions implements RcMemory<MemoryRegion> {
        @Override
        public MemoryRegion localRegion(int lkey) {
            return lkey == REGION.lkey() ? REGION : null;
        }

        @Override
        public MemoryRegion remoteRegion(int rkey) {
            return rkey == REGION.rkey() ? REGION : null;
        }

        @Override
        public MemoryRegion registration(MemoryRegion region) {
            return region;
        }

        @Override
        public long physical(MemoryRegion region, long va) {
            return va;
        }
    }

    void connect() {
        a.qp.connect(new Endpoint(new NodeId("b"), "nic0"), 1);
        b.qp.connect(new Endpoint(new NodeId("a"), "nic0"), 1);
    }

    /** Moves packets and fires events until nothing is left or {@code until} is reached. */
    void run(long until) {
        while (true) {
            boolean moved = true;
            while (moved) {
                moved = cross(a, b) | cross(b, a);
            }
            long[] next = queue.peek();
            if (next == null || next[0] > until) {
                return;
            }
            queue.poll();
            Event event = events.remove(next[1]);
            now = next[0];
            event.fire();
        }
    }

    private boolean cross(Side from, Side to) {
        if (!from.qp.hasPacket()) {
            return false;
        }
        Packet packet = from.qp.nextPacket();
        if (packet == null) {
            return true;
        }
        Sent sent = new Sent(now, from.name, (RcHeader) packet.header());
        log.add(sent);
        if (!drop.test(sent)) {
            to.qp.onPacket(packet);
        }
        return true;
    }

    /** The wire PSNs of the packets {@code from} sent of the given header type, in order. */
    List<Integer> psns(String from, Class<? extends RcHeader> type) {
        return log.stream().filter(s -> s.from().equals(from) && type.isInstance(s.header()))
                .map(s -> s.header().psn()).toList();
    }

    static RcSettings settings(int ackTimeout, int rnrTimer) {
        OptionalLong timeout = LocalAckTimeout.nanos(ackTimeout);
        return new RcSettings(4096, timeout, rnrTimer);
    }

    /** Events scheduled and neither fired nor cancelled. */
    int pendingEvents() {
        return events.size();
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long schedule(long delayNanos, Event event) {
        return scheduleAt(now + delayNanos, event);
    }

    @Override
    public long scheduleAt(long timeNanos, Event event) {
        long handle = nextHandle++;
        events.put(handle, event);
        queue.add(new long[] {timeNanos, handle});
        return handle;
    }

    @Override
    public boolean cancel(long handle) {
        boolean pending = events.remove(handle) != null;
        queue.removeIf(e -> e[1] == handle);
        return pending;
    }

    @Override
    public boolean isPending(long handle) {
        return events.containsKey(handle);
    }
}
