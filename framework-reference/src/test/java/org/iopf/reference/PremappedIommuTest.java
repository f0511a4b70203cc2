package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
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
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.junit.jupiter.api.Test;

final class PremappedIommuTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            PremappedIommuTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(3);
    private static final DomainId DOMAIN = new DomainId(5);
    /** Defaults of premapped-iommu and terminate. */
    private static final long LOOKUP = Time.nanos(50);
    private static final long REPORT = Time.micros(10);

    private final Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
    private final SimNode node = sim.node("node1").orElseThrow();
    private final MemoryManager mm = node.memoryManager();
    private final Iommu iommu = node.requireRole(Iommu.class);
    private final AddressSpace space = mm.createAddressSpace("iommu-test");
    private final long va = mm.mmap(space, 4 * 4096, MapOptions.DEFAULT);
    private final List<Object[]> heard = new ArrayList<>();
    private final FaultResolutionListener listener = (fault, resolution) ->
            heard.add(new Object[] {fault, resolution, sim.kernel().now()});

    /** Pins the first two pages and maps page 0 writable and page 1 read-only at the same iova. */
    private void mapTwoPages() {
        assertThat(mm.pin(space, va, 2 * 4096)).isEqualTo(PinResult.PINNED);
        iommu.attach(STREAM, DOMAIN, space);
        iommu.map(DOMAIN, va, pa(va), 4096, true);
        iommu.map(DOMAIN, va + 4096, pa(va + 4096), 4096, false);
    }

    private long pa(long address) {
        return mm.translate(space, address, Access.READ).orElse(-1);
    }

    @Test
    void mappedPageTranslatesToItsFrameWithTheLookupLatency() {
        mapTwoPages();

        Translation t = iommu.translate(STREAM, va + 0x123, Access.WRITE, listener);
        Translation ro = iommu.translate(STREAM, va + 4096 + 0xfff, Access.READ, listener);

        assertThat(t.isFault()).isFalse();
        assertThat(t.address().getAsLong()).isEqualTo(pa(va) + 0x123);
        assertThat(t.latencyNanos()).isEqualTo(LOOKUP);
        assertThat(ro.address().getAsLong()).isEqualTo(pa(va + 4096) + 0xfff);
        assertThat(iommu.domainOf(STREAM)).contains(DOMAIN);
        assertThat(node.faultQueue().raised()).isZero();
    }

    @Test
    void unmappedPageRaisesATranslationFaultWithWhoWhereAndWhat() {
        mapTwoPages();
        sim.kernel().runUntil(Time.micros(1));

        Translation t = iommu.translate(STREAM, va + 2 * 4096 + 8, Access.READ, listener);

        assertThat(t.isFault()).isTrue();
        assertThat(t.address()).isEmpty();
        assertThat(t.latencyNanos()).isEqualTo(LOOKUP);
        FaultRecord record = t.record().orElseThrow();
        assertThat(record.kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(record.address()).isEqualTo(va + 2 * 4096 + 8);
        assertThat(record.stream()).isEqualTo(STREAM);
        assertThat(record.domain()).isEqualTo(DOMAIN);
        assertThat(record.pid()).hasValue(space.pid());
        assertThat(record.access()).isEqualTo(Access.READ);
        assertThat(record.timeNanos()).isEqualTo(Time.micros(1));
        assertThat(record.source()).isEqualTo("node1/iommu");
        assertThat(node.faultQueue().raised()).isEqualTo(1);
    }

    @Test
    void writeToAReadOnlyPageRaisesAPermissionFault() {
        mapTwoPages();

        Translation t = iommu.translate(STREAM, va + 4096, Access.WRITE, listener);

        assertThat(t.isFault()).isTrue();
        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(t.record().orElseThrow().access()).isEqualTo(Access.WRITE);
        assertThat(t.record().orElseThrow().address()).isEqualTo(va + 4096);
    }

    @Test
    void detachedStreamRaisesAConfigurationFault() {
        mapTwoPages();
        iommu.detach(STREAM);

        Translation t = iommu.translate(STREAM, va, Access.READ, listener);

        assertThat(t.isFault()).isTrue();
        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.CONFIGURATION);
        assertThat(t.record().orElseThrow().stream()).isEqualTo(STREAM);
        assertThat(t.record().orElseThrow().pid()).isEmpty();
        assertThat(iommu.domainOf(STREAM)).isEmpty();
    }

    @Test
    void theRememberedStreamFollowsDetachAndAttachToAnotherDomain() {
        mapTwoPages();
        assertThat(iommu.translate(STREAM, va, Access.WRITE, listener).isFault()).isFalse();
        iommu.detach(STREAM);
        assertThat(iommu.translate(STREAM, va, Access.WRITE, listener).record().orElseThrow().kind())
                .as("a lookup after detach must not use the remembered binding")
                .isEqualTo(FaultKind.CONFIGURATION);
        DomainId other = new DomainId(6);
        iommu.attach(STREAM, other, space);
        iommu.map(other, va, pa(va + 4096), 4096, false);

        Translation read = iommu.translate(new StreamId(3), va + 8, Access.READ, listener);
        Translation write = iommu.translate(STREAM, va, Access.WRITE, listener);

        assertThat(read.address().getAsLong()).as("an equal stream id translates through the new domain")
                .isEqualTo(pa(va + 4096) + 8);
        assertThat(write.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(write.record().orElseThrow().domain()).isEqualTo(other);
    }

    @Test
    void unmapRemovesTheTranslation() {
        mapTwoPages();
        iommu.unmap(DOMAIN, va, 4096);

        assertThat(iommu.translate(STREAM, va, Access.READ, listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.TRANSLATION);
        assertThat(iommu.translate(STREAM, va + 4096, Access.READ, listener).isFault()).isFalse();
    }

    @Test
    void theListenerHearsTheTerminationThroughTheNodesFaultQueueAfterTheReportRunsOnACore() {
        mapTwoPages();

        Translation miss = iommu.translate(STREAM, va + 3 * 4096, Access.WRITE, listener);
        Translation denied = iommu.translate(STREAM, va + 4096, Access.WRITE, listener);
        assertThat(heard).isEmpty();
        sim.kernel().run();

        assertThat(heard).hasSize(2);
        assertThat(heard.get(0)).containsExactly(miss.record().orElseThrow(), FaultResolution.TERMINATE, REPORT);
        // Both reports are interrupt work on the node's first core: the second waits for the first.
        assertThat(heard.get(1)).containsExactly(denied.record().orElseThrow(), FaultResolution.TERMINATE, 2 * REPORT);
        assertThat(miss.record().orElseThrow().id()).isNotEqualTo(denied.record().orElseThrow().id());
    }

    @Test
    void aStreamAttachesOnceAndADomainTranslatesForOneProcess() {
        iommu.attach(STREAM, DOMAIN, space);
        AddressSpace other = mm.createAddressSpace("other");

        assertThatThrownBy(() -> iommu.attach(STREAM, new DomainId(6), space))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> iommu.attach(new StreamId(4), DOMAIN, other))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void domainsAreIsolated() {
        mapTwoPages();
        AddressSpace other = mm.createAddressSpace("other");
        StreamId otherStream = new StreamId(9);
        iommu.attach(otherStream, new DomainId(6), other);

        assertThat(iommu.translate(otherStream, va, Access.READ, listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.TRANSLATION);
    }
}
