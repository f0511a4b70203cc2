package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import jakarta.inject.Inject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;

/**
 * The ARM SMMU (MMU-500) of Zynq UltraScale+ as the node's {@link Iommu} (seed 000 §2.2,
 * FIDELITY A2, A3): the ARM SMMU driver over the hardware model.
 *
 * <p>Three parts: {@link Mmu500Hardware} is the device (registers, stream matching, TLB, walk,
 * fault recording, stall and RESUME, with {@link StallQueues}); this class is the driver, which
 * only programs the hardware through its registers and writes the I/O page tables; and
 * {@link SmmuViews} renders the inspection views. Software (the ExaNeSt handler, tests) reaches
 * the registers with {@link #readRegister} and {@link #writeRegister}.
 *
 * <p>At construction the driver probes ID0/ID1/ID2 as Linux {@code arm_smmu_device_cfg_probe} does
 * ({@link SmmuProbe}): the banks, the stream-match groups and where the context-bank pages sit.
 * {@link #attach} gives a domain a context bank and programs it with the configure sequence of
 * seed 000 §2.2 (CBAR, TTBR0, TCR, SCTLR = M | ...), then an SMR/S2CR pair for the stream;
 * {@link #map} writes real descriptors into tables it allocates from physical memory;
 * {@link #invalidate} is TLBIVA over the range, {@link #invalidateAll} TLBIASID; {@link #unmap} frees
 * the tables whose whole range it unmaps and invalidates as {@code unmapInvalidation} says. Like
 * Linux's {@code arm_lpae_map}, {@link #map} does not invalidate the TLB. {@link #translate} is the hardware's.
 *
 * <p>With {@code pipelining} off, a stalled fault in any context holds every other translation
 * until it is resumed (a held transaction hears RETRY then); with it on, the contexts are
 * programmed with HUPCF and only the faulting transactions wait.
 */
public final class Mmu500Smmu implements Iommu, Inspectable {
    private static final long MAIR_NORMAL_WB = 0xffL;
    /**
     * TCR for stage 1: T0SZ = 16 (48-bit VA), 4 KiB granule, write-back walks, inner shareable, EPD1 (no
     * TTBR1 region, as Linux drivers/iommu/arm/arm-smmu/arm-smmu.c arm_smmu_init_context_bank programs it).
     */
    private static final long TCR_S1 = 16 | (1L << 8) | (1L << 10) | (3L << 12) | TCR_EPD1;
    /** VTCR for stage 2: T0SZ = 16, SL0 = 2 (start at level 0), PS = 40 bits. */
    private static final long TCR_S2 = 16 | (2L << TCR_SL0_SHIFT) | (1L << 8) | (1L << 10) | (3L << 12)
            | (2L << VTCR_PS_SHIFT);

    private final ComponentContext context;
    private final SmmuSettings settings;
    private final TableMemory tables;
    private final PageTableWriter writer;
    private final SmmuCounters counters;
    private final SmmuDomains domains = new SmmuDomains();
    private final TreeMap<Integer, Integer> streamToSmr = new TreeMap<>();
    private final Mmu500Hardware hardware;
    private final SmmuProbe probe;
    private final SmmuViews views;

    @Inject
    Mmu500Smmu(ComponentContext context, FaultSink faults, MemoryManager memoryManager) {
        this(context, faults, memoryManager, SmmuSettings.from(context.parameters()));
    }

    Mmu500Smmu(ComponentContext context, FaultSink faults, MemoryManager memoryManager, SmmuSettings settings) {
        this.context = Objects.requireNonNull(context, "context is null");
        Objects.requireNonNull(faults, "faults is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.tables = new TableMemory(memoryManager.physicalMemory());
        this.writer = new PageTableWriter(tables, settings.blockMappings());
        this.counters = new SmmuCounters(context.metrics());
        this.hardware = new Mmu500Hardware(context, faults, settings, counters, tables, domains);
        this.probe = SmmuProbe.of(hardware);
        this.views = new SmmuViews(context.path(), hardware, counters, settings.tlbWays());
        SmmuCounters.TLB_OCCUPIED.gauge(context.metrics(), hardware.tlb()::occupied);
        SmmuCounters.TABLE_FRAMES.gauge(context.metrics(), tables::tableFrames);
    }

    // ------------------------------------------------------------------ registers (the hardware's)

    /** Reads a register at {@code offset} from the SMMU base; unknown offsets read as zero. */
    public long readRegister(long offset) {
        return hardware.readRegister(offset);
    }

    /** Writes {@code value} to the register at {@code offset} from the SMMU base, with its side effects. */
    public void writeRegister(long offset, long value) {
        hardware.writeRegister(offset, value);
    }

    /** The context bank a domain was given, if it has one. */
    public OptionalInt bankOf(DomainId domain) {
        return domains.bankOf(domain);
    }

    /** Transactions of {@code bank} stalled and waiting for a RESUME. */
    public int stalledIn(int bank) {
        return hardware.stalledIn(bank);
    }

    @Override
    public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(access, "access is null");
        Objects.requireNonNull(onResolved, "onResolved is null");
        return hardware.translate(stream, iova, access, onResolved);
    }

    // ------------------------------------------------------------------ the Iommu role (the driver)

    @Override
    public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(space, "space is null");
        if (streamToSmr.containsKey(stream.value())) {
            throw new IllegalArgumentException(stream + " is attached already to " + domainOf(stream).orElseThrow());
        }
        if (stream.value() > SMR_ID_MASK) {
            throw new IllegalArgumentException(stream + " does not fit the 15-bit SMR.ID");
        }
        SmmuDomains.Domain d = domain(domain);
        if (d.space != null && d.space != space) {
            throw new IllegalArgumentException(
                    domain + " translates for pid " + d.space.pid() + ", not " + space.pid());
        }
        d.space = space;
        int group = -1;
        for (int i = 0; i < probe.mappingGroups() && group < 0; i++) {
            if (!hardware.groupValid(i) && !streamToSmr.containsValue(i)) {
                group = i;
            }
        }
        if (group < 0) {
            throw new IllegalStateException(context.path() + ": all " + probe.mappingGroups()
                    + " stream-match groups are in use");
        }
        writeRegister(S2CR + 4L * group, ((long) S2CR_TYPE_TRANSLATE << S2CR_TYPE_SHIFT) | d.bank);
        writeRegister(SMR + 4L * group, SMR_VALID | stream.value());
        streamToSmr.put(stream.value(), group);
        writeRegister(SCR0, SCR0_GFRE | SCR0_GFIE | SCR0_USFCFG);
    }

    /** The domain's state, giving it a context bank programmed as seed 000 §2.2 does on first use. */
    private SmmuDomains.Domain domain(DomainId domain) {
        SmmuDomains.Domain d = domains.find(domain);
        if (d != null) {
            return d;
        }
        int bank = freeBank();
        d = domains.add(domain, bank);
        configureBank(bank, tables.allocateTable(), domain.value() & 0xffff);
        return d;
    }

    private int freeBank() {
        for (int i = 0; i < probe.contextBanks(); i++) {
            if (!domains.holds(i) && !hardware.bank(i).enabled()) {
                return i;
            }
        }
        throw new IllegalStateException(context.path() + ": all " + probe.contextBanks()
                + " context banks are in use (one per protection domain)");
    }

    /** The configure sequence of seed 000 §2.2: attributes, ACTLR, TTBR0, TCR, then SCTLR with M. */
    private void configureBank(int bank, long root, int asid) {
        boolean stage2 = settings.stage2();
        writeRegister(CBAR + 4L * bank, stage2 ? ((long) CBAR_TYPE_S2 << CBAR_TYPE_SHIFT) | (asid & 0xff)
                : (long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        writeRegister(CBA2R + 4L * bank, CBA2R_VA64);
        writeRegister(probe.layout().cb(bank, CB_ACTLR), 0);
        writeRegister(probe.layout().cb(bank, CB_TCR2), 2);
        writeRegister(probe.layout().cb(bank, CB_TTBR0), stage2 ? root : root | ((long) asid << 48));
        writeRegister(probe.layout().cb(bank, CB_TCR), stage2 ? TCR_S2 : TCR_S1);
        writeRegister(probe.layout().cb(bank, CB_MAIR0), MAIR_NORMAL_WB);
        writeRegister(probe.layout().cb(bank, CB_FSR), FSR_FAULT | FSR_SS | FSR_MULTI);
        long sctlr = SCTLR_M | SCTLR_TRE | SCTLR_AFE | SCTLR_CFRE | SCTLR_CFIE
                | (settings.stall() ? SCTLR_CFCFG : 0) | (settings.pipelining() ? SCTLR_HUPCF : 0);
        writeRegister(probe.layout().cb(bank, CB_SCTLR), sctlr);
    }

    @Override
    public void detach(StreamId stream) {
        Integer group = streamToSmr.remove(stream.value());
        if (group != null) {
            writeRegister(SMR + 4L * group, 0);
        }
    }

    @Override
    public Optional<DomainId> domainOf(StreamId stream) {
        Integer group = streamToSmr.get(stream.value());
        if (group == null) {
            return Optional.empty();
        }
        return Optional.of(domains.domainOf(hardware.bankOfGroup(group)));
    }

    @Override
    public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
        SmmuDomains.Domain d = domain(domain);
        writer.map(requireConfig(d), iova, pa, length, writable);
        counters.mappedPages.add(length / Lpae.GRANULE);
    }

    /**
     * Unmaps as io-pgtable-arm.c {@code __arm_lpae_unmap} does (a table whose whole range goes is
     * freed), then invalidates: the unmapped pages at the last level (TLBIVAL, {@code tlb_add_page})
     * and, with {@code unmapInvalidation: walk}, each freed table's range at every level (TLBIVA,
     * {@code tlb_flush_walk}: the walk cache's entries that point at the freed table go). With
     * {@code leaf} the walk cache keeps them, and a later walk of the range reads the freed table.
     */
    @Override
    public void unmap(DomainId domain, long iova, long length) {
        SmmuDomains.Domain d = domain(domain);
        List<AddressRange> freed = writer.unmap(requireConfig(d), iova, length);
        int tag = hardware.tlbTag(d.bank);
        counters.invalidationsRange.increment();
        counters.invalidationEntries.add(hardware.tlb().invalidateRange(tag, iova, length));
        if (settings.walkInvalidationOnUnmap()) {
            for (AddressRange table : freed) {
                hardware.walkCache().invalidateRange(tag, table.start(), table.length());
            }
        }
    }

    private WalkConfig requireConfig(SmmuDomains.Domain d) {
        WalkConfig config = hardware.walkConfig(d.bank);
        if (config == null) {
            throw new IllegalStateException("context bank " + d.bank + " of " + d.id + " is not configured");
        }
        return config;
    }

    @Override
    public void invalidate(DomainId domain, AddressRange range) {
        SmmuDomains.Domain d = domain(domain);
        counters.invalidationsRange.increment();
        counters.invalidationEntries.add(hardware.tlb().invalidateRange(hardware.tlbTag(d.bank), range.start(),
                range.length()));
        hardware.walkCache().invalidateRange(hardware.tlbTag(d.bank), range.start(), range.length());
    }

    @Override
    public void invalidateAll(DomainId domain) {
        SmmuDomains.Domain d = domain(domain);
        counters.invalidationsAll.increment();
        counters.invalidationEntries.add(hardware.tlb().invalidateContext(hardware.tlbTag(d.bank)));
        hardware.walkCache().invalidateContext(hardware.tlbTag(d.bank));
    }

    // ------------------------------------------------------------------ inspection

    @Override
    public List<String> views() {
        return views.views();
    }

    @Override
    public List<String> render(String view) {
        return views.render(view);
    }
}
