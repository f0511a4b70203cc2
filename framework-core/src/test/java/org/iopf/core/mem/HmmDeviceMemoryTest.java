package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.core.mem.PagingParts.MIB;
import static org.iopf.core.mem.PagingParts.PAGE;

import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.junit.jupiter.api.Test;

/**
 * {@link HmmDeviceMemory} with {@link MigrationEntries} and the fault path: a page moves to the
 * device with its content, a CPU touch brings it back through its owner, and a page the CPU takes
 * back during a migration is skipped, not lost.
 */
final class HmmDeviceMemoryTest {
    private final PagingParts parts = PagingParts.small();
    private final ProcessAddressSpace p = parts.process("app", 4 * PAGE, MapOptions.DEFAULT);
    private final long va = p.vmas().get(0).range().start();
    private int faultBacks;
    private final SimDevicePagemap vram = parts.device.addDevicePagemap("vram", 2 * MIB, this::migrateToRam);

    private OptionalLong migrateToRam(DevicePrivateFault fault) {
        faultBacks++;
        migrate(fault.entry().va(), MigrationKind.TO_RAM);
        return OptionalLong.of(parts.scheduler.now() + 1_000);
    }

    private MigrationResult migrate(long at, MigrationKind kind) {
        MigrationBatch batch = parts.device.migrateSetup(p, at, PAGE, kind, vram);
        for (var page : batch.pages()) {
            if (kind == MigrationKind.TO_DEVICE) {
                page.setDestination(vram.memory().allocateFrame(page.size(), 0, org.iopf.api.mem.NumaPolicy.ANY)
                        .orElseThrow());
            }
            (kind == MigrationKind.TO_RAM ? parts.memory : vram.memory()).write(page.destinationPa().getAsLong(),
                    (kind == MigrationKind.TO_RAM ? vram.memory() : parts.memory)
                            .capture(page.sourcePa().getAsLong(), page.size().bytes()));
        }
        parts.device.migrateCommit(batch);
        return parts.device.migrateFinalize(batch);
    }

    @Test
    void aPageOnTheDeviceFaultsBackToTheHostWhenTheCpuTouchesIt() {
        parts.faults.resolve(p, va, Access.WRITE);
        parts.memory.write(p.slot(va).pa, new byte[] {3}, 0, 1);

        assertThat(migrate(va, MigrationKind.TO_DEVICE).migratedPages()).isEqualTo(1);
        assertThat(p.slot(va).devicePrivate).isTrue();
        assertThat(PageFaultPath.translate(p, va, Access.READ)).isEqualTo(-1);
        assertThat(parts.device.devicePrivateEntry(p, va)).isPresent();

        assertThat(parts.faults.resolve(p, va, Access.READ)).isEqualTo(FaultInResult.SWAPPED_IN);
        assertThat(faultBacks).isEqualTo(1);
        assertThat(parts.faults.deviceFaultBacks()).isEqualTo(1);
        assertThat(p.slot(va).present).isTrue();
        byte[] b = new byte[1];
        parts.memory.read(p.slot(va).pa, b, 0, 1);
        assertThat(b[0]).isEqualTo((byte) 3);
        assertThat(vram.memory().freeBytes()).isEqualTo(2 * MIB);
    }

    @Test
    void aPageTheCpuTouchesBetweenSetupAndCommitIsSkippedAndStaysInSystemMemory() {
        parts.faults.resolve(p, va, Access.WRITE);
        long pa = p.slot(va).pa;
        MigrationBatch batch = parts.device.migrateSetup(p, va, PAGE, MigrationKind.TO_DEVICE, vram);
        batch.pages().get(0).setDestination(vram.memory().allocateFrame(org.iopf.api.mem.PageSize.BASE, 0,
                org.iopf.api.mem.NumaPolicy.ANY).orElseThrow());
        assertThat(p.slot(va).present).isFalse();

        assertThat(parts.faults.resolve(p, va, Access.WRITE)).isEqualTo(FaultInResult.ALREADY_PRESENT);
        parts.device.migrateCommit(batch);
        MigrationResult result = parts.device.migrateFinalize(batch);

        assertThat(batch.pages().get(0).state()).isEqualTo(MigratingPageState.SKIPPED);
        assertThat(result.migratedPages()).isZero();
        assertThat(p.slot(va).pa).isEqualTo(pa);
        assertThat(p.slot(va).devicePrivate).isFalse();
        assertThat(vram.memory().freeBytes()).isEqualTo(2 * MIB);
    }
}
