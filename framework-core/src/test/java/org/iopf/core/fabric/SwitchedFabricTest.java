package org.iopf.core.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Payload;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.mem.BytesPayload;
import org.iopf.core.sim.EventKernel;
import org.iopf.core.sim.SplitRandomStreams;
import org.junit.jupiter.api.Test;

final class SwitchedFabricTest {
    /** 10 Gbps: 0.8 ns per byte, so 1000 bytes take exactly 800 ns. */
    private static final LinkSpec LINK = LinkSpec.lossless(DataRate.gbps(10), Time.nanos(500));
    private static final long SWITCH_LATENCY = Time.nanos(300);
    private static final long SERIALIZE_1000 = Time.nanos(800);

    private final EventKernel kernel = new EventKernel();
    private final SwitchedFabric fabric = new SwitchedFabric(kernel, new SplitRandomStreams(42), LINK, SWITCH_LATENCY);
    private final List<Arrival> arrivals = new ArrayList<>();

    private record Arrival(String at, long time, Packet packet) {
    }

    private static Endpoint endpoint(String node) {
        return new Endpoint(new NodeId(node), "nic0");
    }

    private FabricPort attach(String node, LinkSpec link) {
        return fabric.attach(endpoint(node), link, p -> arrivals.add(new Arrival(node, kernel.now(), p)));
    }

    /** A packet with a 1000-byte payload (header bytes 0) numbered {@code n}. */
    private static Packet packet(String from, String to, int n) {
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + n);
        }
        return new Packet(endpoint(from), endpoint(to), 0, "p" + n, BytesPayload.copyOf(bytes));
    }

    @Test
    void arrivalIsUplinkSerializationPlusLatencyPlusSwitchPlusDownlinkSerializationPlusLatency() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);

        long leaves = a.send(packet("a", "b", 0));
        kernel.run();

        assertThat(leaves).isEqualTo(SERIALIZE_1000);
        assertThat(arrivals).singleElement().satisfies(arrival -> {
            assertThat(arrival.at()).isEqualTo("b");
            assertThat(arrival.time()).isEqualTo(800 + 500 + 300 + 800 + 500);
        });
        assertThat(a.packetsSent()).isEqualTo(1);
        assertThat(fabric.port(endpoint("b")).orElseThrow().packetsReceived()).isEqualTo(1);
    }

    @Test
    void aPortFasterThanTheFabricsLinkRunsAtTheLinksRateAndASlowerOneAtItsOwn() {
        FabricPort fast = attach("a", LinkSpec.lossless(DataRate.gbps(100), Time.nanos(500)));
        FabricPort slow = attach("b", LinkSpec.lossless(DataRate.gbps(5), Time.nanos(500)));

        assertThat(fast.link().rate()).isEqualTo(DataRate.gbps(10));
        assertThat(slow.link().rate()).isEqualTo(DataRate.gbps(5));
        long leaves = fast.send(packet("a", "b", 0));
        kernel.run();

        assertThat(leaves).as("serialized at 10 Gbps, not 100").isEqualTo(SERIALIZE_1000);
        // uplink at 10 Gbps (800 ns), latency, switch, downlink at 5 Gbps (1600 ns), latency
        assertThat(arrivals).singleElement().satisfies(a -> assertThat(a.time()).isEqualTo(800 + 500 + 300 + 1600 + 500));
    }

    @Test
    void linkUtilisationIsTheFractionOfTimeSpentSerializing() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);
        for (int i = 0; i < 3; i++) {
            a.send(packet("a", "b", i));
        }
        kernel.run();

        // 3 x 800 ns on each direction; the last packet arrives at 2400 + 500 + 300 + 800 + 500 = 4500 ns.
        assertThat(kernel.now()).isEqualTo(4500);
        SwitchPort sender = (SwitchPort) a;
        SwitchPort receiver = (SwitchPort) fabric.port(endpoint("b")).orElseThrow();
        assertThat(sender.transmitUtilisation()).isEqualTo(2400 / 4500.0);
        assertThat(receiver.receiveUtilisation()).isEqualTo(2400 / 4500.0);
        assertThat(receiver.transmitUtilisation()).isZero();
    }

    @Test
    void downlinkSerializesAtTheReceiversOwnRate() {
        FabricPort a = attach("a", LINK);
        attach("slow", LinkSpec.lossless(DataRate.gbps(1), Time.nanos(2000)));

        a.send(packet("a", "slow", 0));
        kernel.run();

        // 800 ns up at 10 Gbps + 500 ns, 300 ns switch, 8000 ns down at 1 Gbps + 2000 ns
        assertThat(arrivals).singleElement().extracting(Arrival::time).isEqualTo(800L + 500 + 300 + 8000 + 2000);
    }

    @Test
    void backToBackPacketsQueueOnTheUplinkAndArriveInOrderOneSerializationApart() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);

        long[] leaves = new long[3];
        for (int i = 0; i < 3; i++) {
            leaves[i] = a.send(packet("a", "b", i));
        }
        kernel.run();

        assertThat(leaves).containsExactly(800, 1600, 2400);
        assertThat(a.transmitBusyUntil()).isEqualTo(2400);
        assertThat(arrivals).extracting(x -> x.packet().header()).containsExactly("p0", "p1", "p2");
        assertThat(arrivals).extracting(Arrival::time).containsExactly(2900L, 3700L, 4500L);
    }

    @Test
    void twoSendersToOneReceiverContendOnItsDownlink() {
        FabricPort a = attach("a", LINK);
        FabricPort c = attach("c", LINK);
        attach("b", LINK);

        a.send(packet("a", "b", 1));
        c.send(packet("c", "b", 2));
        kernel.run();

        // both reach the switch at 1600 ns; the downlink takes them one after the other
        assertThat(arrivals).extracting(x -> x.packet().header()).containsExactly("p1", "p2");
        assertThat(arrivals).extracting(Arrival::time).containsExactly(2900L, 2900L + SERIALIZE_1000);
    }

    @Test
    void sendersToDifferentReceiversDoNotContend() {
        FabricPort a = attach("a", LINK);
        FabricPort c = attach("c", LINK);
        attach("b", LINK);
        attach("d", LINK);

        a.send(packet("a", "b", 1));
        c.send(packet("c", "d", 2));
        kernel.run();

        assertThat(arrivals).extracting(Arrival::time).containsExactly(2900L, 2900L);
    }

    @Test
    void payloadBytesArriveIntact() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);
        Packet sent = packet("a", "b", 7);

        a.send(sent);
        kernel.run();

        Packet got = arrivals.get(0).packet();
        assertThat(got.payload().bytes()).isEqualTo(sent.payload().bytes());
        assertThat(got.wireBytes()).isEqualTo(1000);
    }

    @Test
    void packetToAnUnknownDestinationCountsAsLostOnTheSender() {
        FabricPort a = attach("a", LINK);

        a.send(packet("a", "nowhere", 0));
        kernel.run();

        assertThat(arrivals).isEmpty();
        assertThat(a.packetsSent()).isEqualTo(1);
        assertThat(a.packetsLost()).isEqualTo(1);
    }

    @Test
    void lossyLinksLoseAboutTheirProbabilityAndTheSameSeedLosesTheSamePackets() {
        List<Object> first = lossyRun(42);
        List<Object> second = lossyRun(42);
        List<Object> otherSeed = lossyRun(43);

        assertThat(second).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
        @SuppressWarnings("unchecked")
        List<Object> received = (List<Object>) first.get(0);
        long lost = (Long) first.get(1);
        // 5% on the uplink and 5% on the downlink: 1 - 0.95^2 = 9.75% of 2000 = 195 expected (sd ~13)
        assertThat(lost).isBetween(130L, 260L);
        assertThat(received.size() + lost).isEqualTo(2000);
    }

    /** Sends 2000 packets over 5%-lossy links; returns the headers received and the count lost. */
    private static List<Object> lossyRun(long seed) {
        EventKernel k = new EventKernel();
        LinkSpec lossy = new LinkSpec(DataRate.gbps(10), Time.nanos(500), 0.05);
        SwitchedFabric f = new SwitchedFabric(k, new SplitRandomStreams(seed), lossy, SWITCH_LATENCY);
        List<Object> received = new ArrayList<>();
        FabricPort a = f.attach(endpoint("a"), lossy, p -> { });
        f.attach(endpoint("b"), lossy, p -> received.add(p.header()));
        for (int i = 0; i < 2000; i++) {
            a.send(new Packet(endpoint("a"), endpoint("b"), 64, i, null));
        }
        k.run();
        return List.of(received, a.packetsLost());
    }

    @Test
    void losslessLinksLoseNothing() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);
        for (int i = 0; i < 100; i++) {
            a.send(new Packet(endpoint("a"), endpoint("b"), 64, i, null));
        }
        kernel.run();

        assertThat(arrivals).hasSize(100);
        assertThat(a.packetsLost()).isZero();
    }

    @Test
    void detachedPortReceivesNothingAndPacketsToItAreLost() {
        FabricPort a = attach("a", LINK);
        FabricPort b = attach("b", LINK);

        a.send(packet("a", "b", 0));
        // detach while the packet is on the wire
        kernel.runUntil(Time.nanos(1000));
        fabric.detach(endpoint("b"));
        a.send(packet("a", "b", 1));
        kernel.run();

        assertThat(arrivals).isEmpty();
        assertThat(a.packetsLost()).isEqualTo(2);
        assertThat(fabric.port(endpoint("b"))).isEmpty();
        assertThatThrownBy(() -> b.send(packet("b", "a", 2))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void detachedEndpointCanBeAttachedAgain() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);
        fabric.detach(endpoint("b"));
        attach("b", LINK);

        a.send(packet("a", "b", 0));
        kernel.run();

        assertThat(arrivals).hasSize(1);
    }

    @Test
    void packetsToOneEndpointInstanceFollowItsDetachAndReattach() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);
        Endpoint to = endpoint("b");
        List<Long> atSecondB = new ArrayList<>();

        a.send(new Packet(a.endpoint(), to, 0, "first", Payload.empty()));
        kernel.run();
        fabric.detach(to);
        a.send(new Packet(a.endpoint(), to, 0, "lost", Payload.empty()));
        kernel.run();
        fabric.attach(to, LINK, p -> atSecondB.add(kernel.now()));
        a.send(new Packet(a.endpoint(), to, 0, "second", Payload.empty()));
        kernel.run();

        assertThat(arrivals).extracting(arrival -> arrival.packet().header()).containsExactly("first");
        assertThat(atSecondB).hasSize(1);
        assertThat(a.packetsLost()).isEqualTo(1);
    }

    @Test
    void attachingAnEndpointTwiceIsAnError() {
        attach("a", LINK);

        assertThatThrownBy(() -> attach("a", LINK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a:nic0");
    }

    @Test
    void aPortSendsOnlyItsOwnPackets() {
        FabricPort a = attach("a", LINK);
        attach("b", LINK);

        assertThatThrownBy(() -> a.send(packet("b", "a", 0))).isInstanceOf(IllegalArgumentException.class);
    }
}
