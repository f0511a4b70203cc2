package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;

/**
 * Two nodes with an {@code ib-npf-hca} each, joined by a 100 Gbps switch; each side is a process
 * with a protection domain, completion queues and queue pairs made on demand; completions are
 * collected as soon as they are written.
 */
final class HcaTestbed {
    final Simulation sim;
    final Side a;
    final Side b;

    /** One node's process, HCA and queue pairs. */
    final class Side {
        final SimNode node;
        final MemoryManager mm;
        final NpfHca hca;
        final AddressSpace space;
        final ProtectionDomain pd;
        final CompletionQueue sendCq;
        final CompletionQueue recvCq;
        final List<WorkCompletion> sent = new ArrayList<>();
        final List<WorkCompletion> received = new ArrayList<>();

        Side(String name) {
            node = sim.node(name).orElseThrow();
            mm = node.memoryManager();
            hca = (NpfHca) node.requireRole(Nic.class);
            space = mm.createAddressSpace("proc-" + name);
            pd = hca.allocateProtectionDomain(space);
            sendCq = hca.createCompletionQueue(1024);
            recvCq = hca.createCompletionQueue(1024);
            sendCq.setListener(() -> sim.kernel().schedule(0, () -> sent.addAll(sendCq.poll(1 << 20))));
            recvCq.setListener(() -> sim.kernel().schedule(0, () -> received.addAll(recvCq.poll(1 << 20))));
        }

        /** A fresh anonymous mapping, never touched. */
        long map(long length) {
            return mm.mmap(space, length, MapOptions.DEFAULT);
        }

        /** A fresh mapping filled with random bytes from {@code seed} (resident in the OS). */
        long mapFilled(long length, long seed) {
            long va = map(length);
            mm.write(space, va, random(length, seed), 0, (int) length);
            return va;
        }

        MemoryRegion register(long va, long length, boolean onDemand) {
            return hca.registerMemory(pd, va, length, true, true, onDemand).requireRegion();
        }

        QueuePair queuePair(ProtectionDomain domain, QueuePairConfig config) {
            return hca.createQueuePair(domain, sendCq, recvCq, config);
        }

        byte[] read(long va, int length) {
            byte[] bytes = new byte[length];
            mm.read(space, va, bytes, 0, length);
            return bytes;
        }

        long counter(String name) {
            MetricValue v = sim.metrics().snapshot().get(node.id().name() + ".nic0." + name);
            assertThat(v).as("metric %s", name).isNotNull();
            return v instanceof MetricValue.CounterValue c ? c.value() : ((MetricValue.GaugeValue) v).value();
        }

        MetricValue.HistogramSummary histogram(String name) {
            return (MetricValue.HistogramSummary) sim.metrics().snapshot().get(node.id().name() + ".nic0." + name);
        }
    }

    HcaTestbed(Map<String, String> nicParameters, double loss) {
        this(nicParameters, loss, Tracer.NONE);
    }

    HcaTestbed(Map<String, String> nicParameters, double loss, Tracer tracer) {
        LinkSpec link = new LinkSpec(DataRate.gbps(100), Time.nanos(500), loss);
        sim = Simulation.build(new PlatformSpec(11, link, Time.nanos(300),
                List.of(node("node1", nicParameters), node("node2", nicParameters))), ScenarioFiles.REGISTRY,
                tracer);
        a = new Side("node1");
        b = new Side("node2");
    }

    HcaTestbed(Map<String, String> nicParameters) {
        this(nicParameters, 0);
    }

    HcaTestbed() {
        this(Map.of());
    }

    /** Connects a new queue pair of {@code a} to a new one of {@code b}; returns them. */
    QueuePair[] connect(QueuePairConfig config) {
        return connect(a.pd, b.pd, config);
    }

    QueuePair[] connect(ProtectionDomain pdA, ProtectionDomain pdB, QueuePairConfig config) {
        QueuePair qa = a.queuePair(pdA, config);
        QueuePair qb = b.queuePair(pdB, config);
        qa.connect(b.hca.endpoint(), qb.qpn());
        qb.connect(a.hca.endpoint(), qa.qpn());
        return new QueuePair[] {qa, qb};
    }

    void run() {
        sim.kernel().run();
    }

    long now() {
        return sim.kernel().now();
    }

    static byte[] random(long length, long seed) {
        byte[] bytes = new byte[(int) length];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    private static NodeSpec node(String name, Map<String, String> nic) {
        return new NodeSpec(name, MemorySpec.of(4L << 30), List.of(new CoreGroup("cpu", 2)),
                List.of(new ComponentSpec("nic0", "ib-npf-hca", nic)));
    }
}
