package org.iopf.core.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PinResult;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

final class NodeFaultQueueTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            NodeFaultQueueTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(3);
    private static final DomainId DOMAIN = new DomainId(5);
    /** The terminate handler's default report latency, run as interrupt work on the node's first core. */
    private static final long REPORT = Time.micros(10);

    @Test
    void realIommuFaultsAreCountedByKindAndTheirResolutionTimedThroughTheTerminateHandler() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
        SimNode node = sim.node("node1").orElseThrow();
        MemoryManager mm = node.memoryManager();
        Iommu iommu = node.requireRole(Iommu.class);
        AddressSpace space = mm.createAddressSpace("faults-test");
        long va = mm.mmap(space, 4 * 4096, MapOptions.DEFAULT);
        assertThat(mm.pin(space, va, 4096)).isEqualTo(PinResult.PINNED);
        iommu.attach(STREAM, DOMAIN, space);
        iommu.map(DOMAIN, va, mm.translate(space, va, Access.READ).orElse(-1), 4096, false);
        List<Long> heardAt = new ArrayList<>();
        sim.kernel().runUntil(Time.micros(1));

        Translation miss = iommu.translate(STREAM, va + 2 * 4096, Access.READ,
                (f, r) -> heardAt.add(sim.kernel().now()));
        Translation denied = iommu.translate(STREAM, va, Access.WRITE, (f, r) -> heardAt.add(sim.kernel().now()));
        sim.kernel().run();

        assertThat(miss.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(denied.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        // Raised at 1 us; the two reports run back to back on the first core.
        assertThat(heardAt).containsExactly(Time.micros(1) + REPORT, Time.micros(1) + 2 * REPORT);
        var snapshot = sim.metrics().snapshot();
        assertThat(snapshot.get("node1.faultQueue.translation")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        assertThat(snapshot.get("node1.faultQueue.permission")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        assertThat(snapshot.get("node1.faultQueue.access")).isEqualTo(new MetricValue.CounterValue("faults", 0));
        assertThat(snapshot.get("node1.faultQueue.configuration")).isEqualTo(new MetricValue.CounterValue("faults", 0));
        assertThat(snapshot.get("node1.faultQueue.terminated")).isEqualTo(new MetricValue.CounterValue("faults", 2));
        assertThat(snapshot.get("node1.faultQueue.retried")).isEqualTo(new MetricValue.CounterValue("faults", 0));
        assertThat(snapshot.get("node2.faultQueue.translation")).isEqualTo(new MetricValue.CounterValue("faults", 0));
        var resolution = (MetricValue.HistogramSummary) snapshot.get("node1.faultQueue.resolution");
        assertThat(resolution.unit()).isEqualTo("ns");
        assertThat(resolution.count()).isEqualTo(2);
        assertThat(resolution.min()).isEqualTo(REPORT);
        assertThat(resolution.max()).isEqualTo(2 * REPORT);
        assertThat(resolution.mean()).isEqualTo(1.5 * REPORT);
    }

    @Test
    void aRetryIsTimedFromTheRaiseAndCountedOnceEvenIfTheHandlerAnswersTwice() {
        EventKernel kernel = new EventKernel();
        MetricRegistry metrics = new MetricRegistry(kernel::now);
        NodeFaultQueue queue = new NodeFaultQueue("n", kernel, metrics.scope("n"));
        queue.connect(new FaultHandler() {
            @Override
            public void handle(PageFault fault) {
                kernel.schedule(Time.nanos(2_500), () -> {
                    fault.retry();
                    fault.terminate();
                });
            }

            @Override
            public long resolved() {
                return 0;
            }

            @Override
            public long terminated() {
                return 0;
            }
        });
        List<FaultResolution> heard = new ArrayList<>();
        FaultRecord record = new FaultRecord(queue.nextFaultId(), "n/dev", STREAM, DOMAIN, OptionalInt.of(7), 0x1000, Access.WRITE,
                FaultKind.ACCESS, 0);
        kernel.schedule(Time.micros(4), () -> queue.raise(new PageFault(record, (f, r) -> {
            assertThat(f).isSameAs(record);
            heard.add(r);
        })));

        kernel.run();

        assertThat(heard).containsExactly(FaultResolution.RETRY, FaultResolution.TERMINATE);
        assertThat(queue.raised()).isEqualTo(1);
        var snapshot = metrics.snapshot();
        assertThat(snapshot.get("n.faultQueue.access")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        assertThat(snapshot.get("n.faultQueue.retried")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        assertThat(snapshot.get("n.faultQueue.terminated")).isEqualTo(new MetricValue.CounterValue("faults", 0));
        var resolution = (MetricValue.HistogramSummary) snapshot.get("n.faultQueue.resolution");
        assertThat(resolution.count()).isEqualTo(1);
        assertThat(resolution.max()).isEqualTo(2_500);
        assertThat(metrics.series("n.faultQueue.access").orElseThrow().values()).containsExactly(0, 0, 0, 0, 1);
    }

    @Test
    void aFaultADeviceHandledItselfIsCountedAndTimedLikeARaisedOne() {
        EventKernel kernel = new EventKernel();
        MetricRegistry metrics = new MetricRegistry(kernel::now);
        NodeFaultQueue queue = new NodeFaultQueue("n", kernel, metrics.scope("n"));
        long id = queue.nextFaultId();
        kernel.schedule(Time.micros(3), () -> queue.handledByDevice(id, FaultKind.TRANSLATION, Time.micros(1),
                FaultResolution.RETRY));
        kernel.schedule(Time.micros(5), () -> queue.handledByDevice(queue.nextFaultId(), FaultKind.TRANSLATION,
                Time.micros(5), FaultResolution.TERMINATE));

        kernel.run();

        assertThat(queue.raised()).isEqualTo(2);
        var snapshot = metrics.snapshot();
        assertThat(snapshot.get("n.faultQueue.translation")).isEqualTo(new MetricValue.CounterValue("faults", 2));
        assertThat(snapshot.get("n.faultQueue.retried")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        assertThat(snapshot.get("n.faultQueue.terminated")).isEqualTo(new MetricValue.CounterValue("faults", 1));
        var resolution = (MetricValue.HistogramSummary) snapshot.get("n.faultQueue.resolution");
        assertThat(resolution.count()).isEqualTo(2);
        assertThat(resolution.max()).isEqualTo(2_000);
        assertThat(resolution.min()).isZero();
    }
}
