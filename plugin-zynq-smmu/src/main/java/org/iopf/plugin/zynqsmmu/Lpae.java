package org.iopf.plugin.zynqsmmu;

/**
 * ARMv8 long-descriptor (LPAE) format with the 4 KiB granule: descriptor bits, per-level address
 * arithmetic and descriptor builders. Levels 0..3 resolve VA bits [47:39], [38:30], [29:21],
 * [20:12]; a level-1 block maps 1 GiB, a level-2 block 2 MiB, a level-3 page 4 KiB.
 *
 * @since 0.1
 */
public final class Lpae {
    /** Bytes of one granule (and of one table). */
    public static final long GRANULE = 4096;
    /** Descriptor bit 0: valid. */
    public static final long VALID = 1L;
    /** Descriptor bit 1: table (levels 0-2) or page (level 3); clear at levels 1-2 for a block. */
    public static final long TABLE_OR_PAGE = 1L << 1;
    /** Stage 1 AP[1] (bit 6): unprivileged (device) access allowed. */
    public static final long AP_UNPRIV = 1L << 6;
    /** Stage 1 AP[2] (bit 7): read-only. */
    public static final long AP_RDONLY = 1L << 7;
    /** Stage 2 S2AP[0] (bit 6): read allowed. */
    public static final long S2AP_READ = 1L << 6;
    /** Stage 2 S2AP[1] (bit 7): write allowed. */
    public static final long S2AP_WRITE = 1L << 7;
    /** Inner shareable (SH = 0b11, bits [9:8]). */
    public static final long SH_INNER = 3L << 8;
    /** Access flag (bit 10). */
    public static final long AF = 1L << 10;
    /** Not global (bit 11): the entry is tagged with the ASID. */
    public static final long NG = 1L << 11;
    /** Execute never (bit 54). */
    public static final long XN = 1L << 54;
    /**
     * Table descriptor APTable[0] (bit 61): no unprivileged access at any later level (VMSAv8-64
     * hierarchical permissions; devices are unprivileged, so nothing below is accessible).
     */
    public static final long APTABLE_NO_UNPRIV = 1L << 61;
    /** Table descriptor APTable[1] (bit 62): everything below is read-only. */
    public static final long APTABLE_RDONLY = 1L << 62;
    /** Output address bits [47:12]. */
    public static final long ADDRESS_MASK = 0x0000_ffff_ffff_f000L;

    private Lpae() {
    }

    /** The index of {@code va} in a table of {@code level}. */
    public static int index(long va, int level) {
        return (int) ((va >>> shift(level)) & 0x1ff);
    }

    /** The lowest VA bit resolved at {@code level} (39, 30, 21, 12). */
    public static int shift(int level) {
        return 39 - 9 * level;
    }

    /** Bytes mapped by one entry of {@code level} (512 GiB, 1 GiB, 2 MiB, 4 KiB). */
    public static long entrySize(int level) {
        return 1L << shift(level);
    }

    /** Whether a valid descriptor at {@code level} points to a next-level table. */
    public static boolean isTable(long descriptor, int level) {
        return level < 3 && (descriptor & TABLE_OR_PAGE) != 0;
    }

    /** A table descriptor pointing at the table at {@code tablePa}. */
    public static long table(long tablePa) {
        return (tablePa & ADDRESS_MASK) | TABLE_OR_PAGE | VALID;
    }

    /**
     * A stage-1 leaf (page at level 3, block at levels 1-2) for a device: unprivileged access,
     * read-only unless {@code writable}, attribute index 0, inner shareable, access flag set, non-global.
     */
    public static long stage1Leaf(long pa, int level, boolean writable) {
        long d = (pa & ADDRESS_MASK) | VALID | AP_UNPRIV | SH_INNER | AF | NG | XN;
        if (level == 3) {
            d |= TABLE_OR_PAGE;
        }
        return writable ? d : d | AP_RDONLY;
    }

    /** A stage-2 leaf: readable, writable if {@code writable}, normal memory, access flag set. */
    public static long stage2Leaf(long pa, int level, boolean writable) {
        long d = (pa & ADDRESS_MASK) | VALID | S2AP_READ | (0xfL << 2) | SH_INNER | AF | XN;
        if (level == 3) {
            d |= TABLE_OR_PAGE;
        }
        return writable ? d | S2AP_WRITE : d;
    }
}
