package org.iopf.toolkit.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.sim.DataRate;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/** The shared fault-resolution tail, on the reference node's OS model and premapped IOMMU. */
final class IoMappingsTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            IoMappingsTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);
    private static final long PAGE = 4096;

    private final Simulation sim = Simulation.build(new PlatformSpec(1,
            org.iopf.api.fabric.LinkSpec.lossless(DataRate.gbps(100), 0), 0, List.of(new NodeSpec("node1",
                    MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)), List.of(
                            ComponentSpec.of("iommu", "premapped-iommu"),
                            ComponentSpec.of("faults", "terminate"))))),
            REGISTRY);
    private final SimNode node = sim.node("node1").orElseThrow();
    private final MemoryManager mm = node.memoryManager();
    private final Iommu iommu = node.requireRole(Iommu.class);
    private final AddressSpace space = mm.createAddressSpace("process");
    private final long buffer = mm.mmap(space, 16 * PAGE, MapOptions.DEFAULT);
    private final List<String> unmapped = new ArrayList<>();
    private final IoMappings mappings = new IoMappings(mm, () -> iommu,
            (pid, domain, range) -> unmapped.add(pid + "/" + domain.value() + "/" + range));

    IoMappingsTest() {
        iommu.attach(STREAM, DOMAIN, space);
    }

    private Translation deviceWrite(long va) {
        return iommu.translate(STREAM, va, Access.WRITE, (f, r) -> { });
    }

    @Test
    void resolveFaultsThePageInMapsItsFrameAndTheDeviceThenTranslatesToIt() {
        assertThat(deviceWrite(buffer + PAGE + 8).isFault()).isTrue();
        List<Optional<PageTableEntry>> told = new ArrayList<>();

        mappings.resolve(space, DOMAIN, buffer + PAGE + 8, Access.WRITE, told::add);
        sim.kernel().run();

        assertThat(told).singleElement().satisfies(entry -> assertThat(entry).isPresent());
        long frame = mm.translate(space, buffer + PAGE + 8, Access.WRITE).orElseThrow();
        assertThat(deviceWrite(buffer + PAGE + 8)).isInstanceOfSatisfying(Translation.Hit.class,
                hit -> assertThat(hit.physicalAddress()).isEqualTo(frame));
        assertThat(deviceWrite(buffer + 2 * PAGE).isFault()).as("only the faulting page is mapped").isTrue();
    }

    @Test
    void aPageTheMemoryManagerCannotMakePresentIsToldEmptyAndNothingIsMapped() {
        List<Optional<PageTableEntry>> told = new ArrayList<>();
        long outside = buffer + 64 * PAGE;

        mappings.resolve(space, DOMAIN, outside, Access.WRITE, told::add);
        sim.kernel().run();

        assertThat(told).containsExactly(Optional.empty());
        assertThat(deviceWrite(outside).isFault()).isTrue();
    }

    @Test
    void aReadOnlyEntryIsMappedReadOnlySoADeviceWriteStillFaults() {
        long readOnly = mm.mmap(space, PAGE, new MapOptions(false, false, 0, org.iopf.api.mem.NumaPolicy.NEAREST, false));
        mappings.faultInAndMap(space, DOMAIN, readOnly, Access.READ, e -> { });
        sim.kernel().run();

        assertThat(iommu.translate(STREAM, readOnly, Access.READ, (f, r) -> { }).isFault()).isFalse();
        assertThat(deviceWrite(readOnly).isFault()).isTrue();
    }

    @Test
    void whatTheOsTakesAwayLeavesTheDomainAndTheListenerHearsIt() {
        mappings.resolve(space, DOMAIN, buffer, Access.WRITE, e -> { });
        sim.kernel().run();
        assertThat(deviceWrite(buffer).isFault()).isFalse();

        mm.munmap(space, buffer, 16 * PAGE);

        assertThat(deviceWrite(buffer).isFault()).as("a stale frame must not stay reachable").isTrue();
        assertThat(unmapped).containsExactly(space.pid() + "/1/" + new AddressRange(buffer, 16 * PAGE));
    }

    @Test
    void oneNotifierPerProcessAndDomainHoweverManyPagesAreMapped() {
        for (int i = 0; i < 4; i++) {
            mappings.resolve(space, DOMAIN, buffer + i * PAGE, Access.WRITE, e -> { });
        }
        sim.kernel().run();

        mm.munmap(space, buffer, PAGE);

        assertThat(unmapped).hasSize(1);
    }
}
