package org.iopf.plugin.hmm;

import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;

/** The buffers of the HMM selftest's cases: {@code ptr[i] = i + add} as little-endian ints, and a CPU read-back. */
final class SelftestBuffers {
    private SelftestBuffers() {
    }

    /** {@code size} bytes holding {@code ptr[i] = i + add} as little-endian 32-bit ints. */
    static byte[] ints(long size, int add) {
        byte[] data = new byte[Math.toIntExact(size)];
        for (int i = 0; i < data.length / 4; i++) {
            int v = i + add;
            data[4 * i] = (byte) v;
            data[4 * i + 1] = (byte) (v >>> 8);
            data[4 * i + 2] = (byte) (v >>> 16);
            data[4 * i + 3] = (byte) (v >>> 24);
        }
        return data;
    }

    /** What the CPU reads at {@code va}: {@code length} bytes through the memory manager. */
    static byte[] read(MemoryManager mm, AddressSpace p, long va, long length) {
        byte[] seen = new byte[Math.toIntExact(length)];
        mm.read(p, va, seen, 0, seen.length);
        return seen;
    }
}
