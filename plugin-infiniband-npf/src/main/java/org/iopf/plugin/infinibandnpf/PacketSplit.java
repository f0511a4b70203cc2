package org.iopf.plugin.infinibandnpf;

/**
 * Splits a message into packets at MTU-aligned addresses of the side whose addresses are split, so
 * that with an MTU of at most 4 KiB no packet crosses a page on that side.
 */
final class PacketSplit {
    private PacketSplit() {
    }

    /** Number of packets for {@code length} bytes starting at {@code address}; at least one. */
    static long packets(long address, long length, long mtu) {
        if (length == 0) {
            return 1;
        }
        long firstEnd = Math.min(address + length, nextBoundary(address, mtu));
        long rest = address + length - firstEnd;
        return 1 + (rest + mtu - 1) / mtu;
    }

    /** Offset within the message of packet {@code index}. */
    static long offset(long address, long mtu, long index) {
        if (index == 0) {
            return 0;
        }
        return nextBoundary(address, mtu) - address + (index - 1) * mtu;
    }

    /** Length of the packet at {@code offset}. */
    static long length(long address, long length, long mtu, long offset) {
        long start = address + offset;
        return Math.min(address + length, nextBoundary(start, mtu)) - start;
    }

    private static long nextBoundary(long address, long mtu) {
        return (address / mtu + 1) * mtu;
    }
}
