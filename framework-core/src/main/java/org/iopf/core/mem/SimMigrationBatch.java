package org.iopf.core.mem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;

/** The state of one migration between setup, commit and finalize (see {@link MigrationBatch}). */
final class SimMigrationBatch implements MigrationBatch {
    /** Where a batch stands. */
    enum Phase { COLLECTED, COMMITTED, FINALIZED }

    final ProcessAddressSpace space;
    final AddressRange range;
    final MigrationKind kind;
    final SimDevicePagemap pagemap;
    final List<SimMigratingPage> pages = new ArrayList<>();
    long skippedAtSetup;
    long outOfMemoryPages;
    Phase phase = Phase.COLLECTED;

    SimMigrationBatch(ProcessAddressSpace space, AddressRange range, MigrationKind kind, SimDevicePagemap pagemap) {
        this.space = space;
        this.range = range;
        this.kind = kind;
        this.pagemap = pagemap;
    }

    @Override
    public ProcessAddressSpace space() {
        return space;
    }

    @Override
    public AddressRange range() {
        return range;
    }

    @Override
    public MigrationKind kind() {
        return kind;
    }

    @Override
    public SimDevicePagemap pagemap() {
        return pagemap;
    }

    @Override
    public List<MigratingPage> pages() {
        return Collections.unmodifiableList(pages);
    }

    @Override
    public long skippedAtSetup() {
        return skippedAtSetup;
    }

    @Override
    public long outOfMemoryPages() {
        return outOfMemoryPages;
    }

    @Override
    public String toString() {
        return "MigrationBatch[" + kind + " " + range + " " + pagemap.name() + ", " + pages.size() + " pages, " + phase + "]";
    }
}
