package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

final class ReclaimTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(8 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, scheduler,
            MemoryManagerConfig.defaults().withWatermarks(MIB, 2 * MIB).withSwap(64 * MIB));

    /** A device with a translation cache (va page to pa) that an MMU notifier keeps coherent. */
    private final class CachingDevice implements MmuNotifier {
        final AddressSpace space;
        final TreeMap<Long, Long> tlb = new TreeMap<>();
        final List<String> violations = new ArrayList<>();
        final List<InvalidationReason> reasons = new ArrayList<>();

        CachingDevice(AddressSpace space) {
            this.space = space;
            mm.registerNotifier(space, this);
        }

        void dmaWrite(long va, byte value) {
            long page = PageSize.BASE.alignDown(va);
            Long pa = tlb.get(page);
            if (pa == null) {
                if (mm.translate(space, page, Access.WRITE).orElse(-1) < 0) {
                    assertThat(mm.faultInNow(space, page, Access.WRITE)).isIn(FaultInResult.ZERO_FILLED,
                            FaultInResult.SWAPPED_IN);
                }
                pa = mm.translate(space, page, Access.WRITE).orElse(-1);
                tlb.put(page, pa);
            }
            dram.write(pa + (va - page), new byte[] {value}, 0, 1);
        }

        @Override
        public void invalidateRange(AddressSpace s, AddressRange range, InvalidationReason reason) {
            reasons.add(reason);
            for (long page = range.start(); page < range.end(); page += PAGE) {
                Long cached = tlb.get(page);
                if (cached != null) {
                    var entry = s.entry(page).orElseThrow();
                    if (!entry.present() || entry.physicalAddress(page) != cached
                            || !dram.isAllocated(PageSize.BASE.alignDown(cached), PageSize.BASE)) {
                        violations.add(String.format("0x%x: frame already gone when notified", page));
                    }
                }
            }
            tlb.subMap(range.start(), range.end()).clear();
        }
    }

    @Test
    void reclaimNotifiesBeforeTheFrameIsReusedSoNoStaleTranslationIsUsed() {
        ProcessAddressSpace a = mm.createAddressSpace("a");
        ProcessAddressSpace b = mm.createAddressSpace("b");
        long bufA = mm.mmap(a, 4 * MIB, MapOptions.DEFAULT);
        CachingDevice nic = new CachingDevice(a);
        for (long off = 0; off < 4 * MIB; off += PAGE) {
            nic.dmaWrite(bufA + off, (byte) 0xA1);
        }
        Map<Long, Long> oldFrames = new HashMap<>(nic.tlb);

        long bufB = mm.mmap(b, 4 * MIB, MapOptions.DEFAULT);
        for (long off = 0; off < 4 * MIB; off += PAGE) {
            mm.write(b, bufB + off, new byte[] {(byte) 0xB2}, 0, 1);
        }

        assertThat(mm.stats().reclaimedPages()).isPositive();
        assertThat(nic.reasons).isNotEmpty().containsOnly(InvalidationReason.RECLAIM);
        assertThat(nic.violations).isEmpty();
        long reused = 0;
        for (long off = 0; off < 4 * MIB; off += PAGE) {
            long pa = mm.translate(b, bufB + off, Access.READ).orElse(-1);
            if (pa >= 0 && oldFrames.containsValue(pa)) {
                reused++;
            }
        }
        assertThat(reused).as("B now owns frames that A's pages had").isPositive();
        for (var cached : nic.tlb.entrySet()) {
            assertThat(mm.translate(a, cached.getKey(), Access.READ)).hasValue(cached.getValue());
        }

        for (long off = 0; off < 4 * MIB; off += PAGE) {
            nic.dmaWrite(bufA + off + 1, (byte) 0xA3);
        }
        byte[] two = new byte[2];
        for (long off = 0; off < 4 * MIB; off += PAGE) {
            mm.read(b, bufB + off, two, 0, 2);
            assertThat(two).as("B's page at +0x%x untouched by the device", off).containsExactly(0xB2, 0);
            mm.read(a, bufA + off, two, 0, 2);
            assertThat(two).as("A's page at +0x%x", off).containsExactly(0xA1, 0xA3);
        }
        assertThat(nic.violations).isEmpty();
    }

    @Test
    void pressureKeepsTheLowWatermarkFreeUpToTheHighOne() {
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 7 * MIB + MIB / 2, MapOptions.DEFAULT);
        for (long off = 0; off < 7 * MIB + MIB / 2; off += PAGE) {
            mm.faultInNow(p, va + off, Access.WRITE);
            assertThat(dram.freeBytes()).isGreaterThanOrEqualTo(MIB);
        }
        assertThat(mm.stats().reclaimedPages()).isPositive();
        assertThat(mm.stats().swappedBytes()).isEqualTo(mm.stats().reclaimedPages() * PAGE);
        assertThat(mm.stats().residentBytes() + mm.stats().swappedBytes()).isEqualTo(7 * MIB + MIB / 2);
        assertThat(dram.freeBytes()).as("reclaim went up to the high watermark").isGreaterThanOrEqualTo(MIB + PAGE);
        assertThat(p.entry(va).orElseThrow().swapped()).as("the oldest page went first").isTrue();
        assertThat(p.entry(va + 7 * MIB + MIB / 2 - PAGE).orElseThrow().present()).isTrue();
    }

    @Test
    void recentlyAccessedPagesGetASecondChance() {
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, MIB, MapOptions.DEFAULT);
        for (long off = 0; off < 4 * PAGE; off += PAGE) {
            mm.faultInNow(p, va + off, Access.READ);
        }
        mm.reclaim(0);
        assertThat(mm.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(p.entry(va).orElseThrow().swapped()).as("all accessed: one round clears, then oldest").isTrue();
        mm.translate(p, va + PAGE, Access.READ).orElse(-1);
        assertThat(mm.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(p.entry(va + PAGE).orElseThrow().present()).as("touched again").isTrue();
        assertThat(p.entry(va + 2 * PAGE).orElseThrow().swapped()).isTrue();
    }

    @Test
    void aPinnedPageIsNeverReclaimedEvenUnderHeavyPressure() {
        ProcessAddressSpace pinner = mm.createAddressSpace("pinner");
        long buf = mm.mmap(pinner, MIB, MapOptions.DEFAULT);
        byte[] pattern = new byte[(int) MIB];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i * 13);
        }
        mm.write(pinner, buf, pattern, 0, pattern.length);
        assertThat(mm.pin(pinner, buf, MIB)).isEqualTo(PinResult.PINNED);
        Map<Long, Long> frames = new HashMap<>();
        for (long off = 0; off < MIB; off += PAGE) {
            frames.put(off, mm.translate(pinner, buf + off, Access.READ).orElse(-1));
        }
        List<AddressRange> invalidated = new ArrayList<>();
        mm.registerNotifier(pinner, (s, r, why) -> invalidated.add(r));

        ProcessAddressSpace hog = mm.createAddressSpace("hog");
        long big = mm.mmap(hog, 24 * MIB, MapOptions.DEFAULT);
        for (long off = 0; off < 24 * MIB; off += PAGE) {
            mm.write(hog, big + off, new byte[] {1}, 0, 1);
        }
        assertThat(mm.reclaim(Long.MAX_VALUE)).isPositive();

        assertThat(mm.stats().reclaimedPages()).isGreaterThan(16 * MIB / PAGE);
        assertThat(invalidated).isEmpty();
        for (long off = 0; off < MIB; off += PAGE) {
            var entry = pinner.entry(buf + off).orElseThrow();
            assertThat(entry.present()).isTrue();
            assertThat(entry.pinned()).isTrue();
            assertThat(entry.pa()).isEqualTo(frames.get(off));
        }
        byte[] back = new byte[pattern.length];
        mm.read(pinner, buf, back, 0, back.length);
        assertThat(back).isEqualTo(pattern);
        assertThat(pinner.residentBytes()).isEqualTo(MIB);

        mm.unpin(pinner, buf, MIB);
        assertThat(mm.reclaim(Long.MAX_VALUE)).isGreaterThanOrEqualTo(MIB);
        assertThat(pinner.residentBytes()).isZero();
        assertThat(invalidated).isNotEmpty();
    }

    @Test
    void swapOutAndInRestoresExactContentsInBothModes() {
        for (ContentMode mode : ContentMode.values()) {
            SparsePhysicalMemory mem = new SparsePhysicalMemory("m", SlitNumaTopology.singleNode(16 * MIB), mode);
            DemandPagingMemoryManager m = new DemandPagingMemoryManager(mem, scheduler, MemoryManagerConfig.defaults());
            ProcessAddressSpace p = m.createAddressSpace("p");
            long va = m.mmap(p, 4 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
            FingerprintPayload data = FingerprintPayload.generated(77, 3 * MIB);
            m.faultInNow(p, va, Access.WRITE);
            m.faultInNow(p, va + 2 * MIB, Access.WRITE);
            mem.write(m.translate(p, va + 5, Access.WRITE).orElse(-1), data.slice(0, 2 * MIB - 5));
            mem.write(m.translate(p, va + 2 * MIB, Access.WRITE).orElse(-1), data.slice(2 * MIB - 5, MIB + 5));
            assertThat(p.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);

            assertThat(m.reclaim(Long.MAX_VALUE)).isEqualTo(4 * MIB);
            assertThat(p.residentBytes()).isZero();
            assertThat(m.stats().swappedBytes()).isEqualTo(4 * MIB);
            assertThat(mem.storedBytes()).isZero();
            assertThat(p.entry(va + 5 * PAGE).orElseThrow().swapped()).as("split to base pages in swap").isTrue();

            for (long off = 0; off < 4 * MIB; off += PAGE) {
                assertThat(m.faultInNow(p, va + off, Access.READ)).isEqualTo(FaultInResult.SWAPPED_IN);
            }
            ContentRuns.Builder all = new ContentRuns.Builder(4 * MIB);
            all.addSlice(data.runs(), 0, 3 * MIB, 5);
            assertThat(PayloadBytes.equal(new FingerprintPayload(all.build().slice(0, 4 * MIB)),
                    contentsOfSpace(m, mem, p, va, 4 * MIB))).as(mode.toString()).isTrue();
            assertThat(m.stats().majorFaults()).isEqualTo(4 * MIB / PAGE);
            assertThat(m.stats().swappedBytes()).isZero();
        }
    }

    private static FingerprintPayload contentsOfSpace(DemandPagingMemoryManager m, SparsePhysicalMemory mem,
            ProcessAddressSpace p, long va, long length) {
        ContentRuns.Builder b = new ContentRuns.Builder(length);
        for (long off = 0; off < length; off += PAGE) {
            FingerprintPayload page = toRuns(mem.capture(m.translate(p, va + off, Access.READ).orElse(-1), PAGE));
            b.addSlice(page.runs(), 0, PAGE, off);
        }
        return new FingerprintPayload(b.build());
    }

    private static FingerprintPayload toRuns(org.iopf.api.mem.Payload payload) {
        if (payload instanceof FingerprintPayload f) {
            return f;
        }
        return FingerprintPayload.copyOf(payload.bytes());
    }
}
