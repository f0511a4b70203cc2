package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

/**
 * Protection-domain isolation as a property: over thousands of random maps, unmaps, invalidations
 * and accesses by devices attached to four domains that share I/O virtual addresses, a device
 * reaches exactly what its own domain maps — never a frame of another domain — and faults
 * everywhere else. A small TLB keeps evicting, so walks and hits are both exercised. (A seeded
 * loop: jqwik is not available offline.)
 */
final class DomainIsolationPropertyTest {
    private static final int DOMAINS = 4;
    private static final int IOVA_PAGES = 64;
    private static final long IOVA_BASE = 0x0000_2000_0000_0000L;

    private record Mapping(long frame, boolean writable) {
    }

    @Test
    void aDeviceNeverReachesAnotherBanksPages() {
        for (long seed = 1; seed <= 4; seed++) {
            run(seed, 2_000);
        }
    }

    private void run(long seed, int operations) {
        SplittableRandom random = new SplittableRandom(seed);
        SmmuNode n = SmmuNode.terminating(Map.of("faultMode", "terminate", "tlbEntries", "16", "tlbWays", "2"));
        List<TreeMap<Long, Mapping>> model = new ArrayList<>();
        List<Set<Long>> owned = new ArrayList<>();
        for (int d = 0; d < DOMAINS; d++) {
            n.smmu.attach(new StreamId(10 + d), new DomainId(d), n.mm.createAddressSpace("p" + d));
            model.add(new TreeMap<>());
            owned.add(new HashSet<>());
        }
        int hits = 0;
        int faults = 0;
        for (int op = 0; op < operations; op++) {
            int d = random.nextInt(DOMAINS);
            DomainId domain = new DomainId(d);
            long iova = IOVA_BASE + random.nextInt(IOVA_PAGES) * 4096L;
            int kind = random.nextInt(10);
            if (kind < 3) {
                long frame = n.mm.physicalMemory().allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY).orElseThrow();
                boolean writable = random.nextBoolean();
                owned.get(d).add(frame);
                n.smmu.map(domain, iova, frame, 4096, writable);
                n.smmu.invalidate(domain, new AddressRange(iova, 4096));
                model.get(d).put(iova, new Mapping(frame, writable));
            } else if (kind == 3) {
                n.smmu.unmap(domain, iova, 4096);
                model.get(d).remove(iova);
            } else {
                Access access = random.nextBoolean() ? Access.WRITE : Access.READ;
                long offset = random.nextInt(4096);
                Translation t = n.smmu.translate(new StreamId(10 + d), iova + offset, access, n.listener);
                Mapping m = model.get(d).get(iova);
                if (m == null) {
                    assertThat(t.record().orElseThrow()).as("seed %d op %d", seed, op).isNotNull();
                    assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
                    faults++;
                } else if (access.isWrite() && !m.writable()) {
                    assertThat(t.record().orElseThrow().kind()).as("seed %d op %d", seed, op).isEqualTo(FaultKind.PERMISSION);
                    faults++;
                } else {
                    assertThat(t.isFault()).as("seed %d op %d", seed, op).isFalse();
                    long frame = t.address().getAsLong() - offset;
                    assertThat(frame).isEqualTo(m.frame());
                    assertThat(owned.get(d)).contains(frame);
                    for (int other = 0; other < DOMAINS; other++) {
                        if (other != d) {
                            assertThat(owned.get(other)).doesNotContain(frame);
                        }
                    }
                    hits++;
                }
            }
        }
        assertThat(hits).isGreaterThan(operations / 10);
        assertThat(faults).isGreaterThan(operations / 10);
    }
}
