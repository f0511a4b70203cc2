package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.SCR0_CLIENTPD;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.SMR_ID_MASK;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.SMR_MASK_SHIFT;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The inspection views of an MMU-500 ({@code iopf inspect}): {@code registers} (sCR0, GFSR/GFAR,
 * the valid stream-match groups, every context bank in use with its stalled transactions, TLB
 * occupancy) and {@code faults} (the fault log, each fault with how it ended). Read-only.
 */
final class SmmuViews {
    private static final List<String> VIEWS = List.of("registers", "faults");

    private final String path;
    private final Mmu500Hardware hardware;
    private final SmmuCounters counters;
    private final int tlbWays;

    SmmuViews(String path, Mmu500Hardware hardware, SmmuCounters counters, int tlbWays) {
        this.path = path;
        this.hardware = hardware;
        this.counters = counters;
        this.tlbWays = tlbWays;
    }

    List<String> views() {
        return VIEWS;
    }

    List<String> render(String view) {
        Objects.requireNonNull(view, "view is null");
        return switch (view) {
            case "registers" -> registers();
            case "faults" -> faults();
            default -> throw new IllegalArgumentException("no view '" + view + "' of " + path + "; views are " + VIEWS);
        };
    }

    private List<String> registers() {
        List<String> lines = new ArrayList<>();
        long scr0 = hardware.scr0();
        lines.add(String.format("%s sCR0=0x%x[%s] GFSR=0x%x GFAR=0x%x", path, scr0,
                (scr0 & SCR0_CLIENTPD) != 0 ? "CLIENTPD bypass" : "translating", hardware.gfsr(), hardware.gfar()));
        for (int i = 0; i < hardware.streamMatchGroups(); i++) {
            if (hardware.groupValid(i)) {
                long smr = hardware.smr(i);
                lines.add(String.format("SMR%-2d=0x%08x id=%d mask=0x%x  S2CR%-2d=0x%08x -> cb%d", i, smr,
                        smr & SMR_ID_MASK, (smr >>> SMR_MASK_SHIFT) & SMR_ID_MASK, i, hardware.s2cr(i),
                        hardware.bankOfGroup(i)));
            }
        }
        for (int b = 0; b < hardware.bankCount(); b++) {
            ContextBank cb = hardware.bank(b);
            if (cb.enabled() || cb.cbar != 0 || cb.fsr != 0) {
                lines.add(cb.dump() + "  stalled=" + hardware.stalledIn(cb.index()));
            }
        }
        lines.add(String.format("TLB %d/%d entries (%d-way)", hardware.tlb().occupied(), hardware.tlb().capacity(),
                tlbWays));
        return lines;
    }

    private List<String> faults() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%s fault log (last %d of %d faults)", path, hardware.faultLogSize(),
                counters.totalFaults()));
        for (LoggedFault f : hardware.faultLog()) {
            lines.add(f.render());
        }
        return lines;
    }
}
