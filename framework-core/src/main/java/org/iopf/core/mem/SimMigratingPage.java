package org.iopf.core.mem;

import java.util.OptionalLong;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.PageSize;

/** One page of a {@link SimMigrationBatch}: the page-table entry it holds and its source and destination. */
final class SimMigratingPage implements MigratingPage {
    final SimMigrationBatch batch;
    final PageTableSlot slot;
    final long sourcePa;
    long destinationPa = -1;
    MigratingPageState state = MigratingPageState.COLLECTED;

    SimMigratingPage(SimMigrationBatch batch, PageTableSlot slot, long sourcePa) {
        this.batch = batch;
        this.slot = slot;
        this.sourcePa = sourcePa;
    }

    @Override
    public long va() {
        return slot.va;
    }

    @Override
    public PageSize size() {
        return slot.size;
    }

    @Override
    public OptionalLong sourcePa() {
        return sourcePa < 0 ? OptionalLong.empty() : OptionalLong.of(sourcePa);
    }

    @Override
    public OptionalLong destinationPa() {
        return destinationPa < 0 ? OptionalLong.empty() : OptionalLong.of(destinationPa);
    }

    @Override
    public void setDestination(long pa) {
        if (batch.phase != SimMigrationBatch.Phase.COLLECTED) {
            throw new IllegalStateException("the batch of page 0x" + Long.toHexString(slot.va) + " is " + batch.phase);
        }
        if (pa < 0) {
            throw new IllegalArgumentException("pa must be >= 0: " + pa);
        }
        destinationPa = pa;
    }

    @Override
    public MigratingPageState state() {
        return state;
    }

    long basePages() {
        return slot.size.bytes() / PageSize.BASE.bytes();
    }

    @Override
    public String toString() {
        return String.format("MigratingPage[0x%x %s %s src=0x%x dst=0x%x]", slot.va, slot.size, state, sourcePa,
                destinationPa);
    }
}
