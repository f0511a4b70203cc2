package org.iopf.reference.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
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
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;

/**
 * Two nodes with a {@code pinned-rc-nic} each, one process per node with a buffer, a registered
 * region over it and a connected queue pair; completions are collected as they are written.
 */
final class RcTestbed {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(RcTestbed.class.getClassLoader());
    static final long BUFFER = 1L << 20;

    /** How to build a testbed. */
    record Options(long seed, double loss, Map<String, String> nicParameters, long pinnableLimit,
            QueuePairConfig qpConfig, int cqCapacity, boolean remoteWrite, boolean remoteRead) {
        static Options defaults() {
            return new Options(7, 0, Map.of(), 1L << 30, QueuePairConfig.DEFAULT, 1024, true, true);
        }

        Options withLoss(double p, long seedValue) {
            return new Options(seedValue, p, nicParameters, pinnableLimit, qpConfig, cqCapacity, remoteWrite,
                    remoteRead);
        }

        Options withNic(Map<String, String> parameters) {
            return new Options(seed, loss, parameters, pinnableLimit, qpConfig, cqCapacity, remoteWrite, remoteRead);
        }

        Options withQp(QueuePairConfig config) {
            return new Options(seed, loss, nicParameters, pinnableLimit, config, cqCapacity, remoteWrite, remoteRead);
        }

        Options withCq(int capacity) {
            return new Options(seed, loss, nicParameters, pinnableLimit, qpConfig, capacity, remoteWrite, remoteRead);
        }

        Options withPinnableLimit(long bytes) {
            return new Options(seed, loss, nicParameters, bytes, qpConfig, cqCapacity, remoteWrite, remoteRead);
        }

        Options withRemoteRights(boolean write, boolean read) {
            return new Options(seed, loss, nicParameters, pinnableLimit, qpConfig, cqCapacity, write, read);
        }
    }

    /** One side: node, NIC, process, buffer, region, queue pair, completions. */
    final class Side {
        final SimNode node;
        final MemoryManager mm;
        final Nic nic;
        final AddressSpace space;
        final long base;
        final ProtectionDomain pd;
        final MemoryRegion region;
        final CompletionQueue sendCq;
        final CompletionQueue recvCq;
        final QueuePair qp;
        final List<WorkCompletion> sendCompletions = new ArrayList<>();
        final List<WorkCompletion> recvCompletions = new ArrayList<>();

        Side(String name, Options options, long fillSeed) {
            node = sim.node(name).orElseThrow();
            mm = node.memoryManager();
            nic = node.requireRole(Nic.class);
            space = mm.createAddressSpace("rc-" + name);
            base = mm.mmap(space, BUFFER, MapOptions.DEFAULT);
            byte[] bytes = new byte[(int) BUFFER];
            new SplittableRandom(fillSeed).nextBytes(bytes);
            mm.write(space, base, bytes, 0, bytes.length);
            pd = nic.allocateProtectionDomain(space);
            region = nic.registerMemory(pd, base, BUFFER, options.remoteWrite(), options.remoteRead(), false)
                    .requireRegion();
            sendCq = nic.createCompletionQueue(options.cqCapacity());
            recvCq = nic.createCompletionQueue(options.cqCapacity());
            qp = nic.createQueuePair(pd, sendCq, recvCq, options.qpConfig());
        }

        /** Collects completions as soon as they are written (unless the test wants them left). */
        void drainEagerly() {
            sendCq.setListener(() -> sim.kernel().schedule(0, () -> sendCompletions.addAll(sendCq.poll(1 << 20))));
            recvCq.setListener(() -> sim.kernel().schedule(0, () -> recvCompletions.addAll(recvCq.poll(1 << 20))));
        }

        byte[] read(long va, int length) {
            byte[] bytes = new byte[length];
            mm.read(space, va, bytes, 0, length);
            return bytes;
        }
    }

    final Simulation sim;
    final Side a;
    final Side b;

    RcTestbed(Options options) {
        Map<String, String> nic = new HashMap<>(options.nicParameters());
        LinkSpec link = new LinkSpec(DataRate.gbps(100), Time.nanos(500), options.loss());
        sim = Simulation.build(new PlatformSpec(options.seed(), link, Time.nanos(300),
                List.of(node("node1", options, nic), node("node2", options, nic))), REGISTRY);
        a = new Side("node1", options, 1);
        b = new Side("node2", options, 2);
        a.qp.connect(b.nic.endpoint(), b.qp.qpn());
        b.qp.connect(a.nic.endpoint(), a.qp.qpn());
        a.drainEagerly();
        b.drainEagerly();
    }

    RcTestbed() {
        this(Options.defaults());
    }

    private static NodeSpec node(String name, Options options, Map<String, String> nic) {
        return new NodeSpec(name, MemorySpec.of(4L << 30)
                .withManager(MemoryManagerConfig.defaults().withPinnableLimit(options.pinnableLimit())),
                List.of(new CoreGroup("cpu", 1)), List.of(new ComponentSpec("nic0", "pinned-rc-nic", nic)));
    }

    void run() {
        sim.kernel().run();
    }

    long counter(String suffix) {
        var matches = sim.metrics().snapshot().entrySet().stream()
                .filter(e -> e.getKey().endsWith(suffix)).toList();
        assertThat(matches).as("metric *%s", suffix).hasSize(1);
        return ((MetricValue.CounterValue) matches.get(0).getValue()).value();
    }
}
