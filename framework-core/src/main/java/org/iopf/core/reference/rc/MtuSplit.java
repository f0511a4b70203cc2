package org.iopf.core.reference.rc;

/**
 * Splits a message into packets at MTU-aligned addresses, so that with an MTU of at most 4 KiB no
 * packet crosses a page on the side whose addresses are split.
 */
final class MtuSplit {
    private MtuSplit() {
    }

    /** Number of packets for {@code length} bytes starting at {@code address}; at least one. */
    static long packets(long address, long length, long mtu) {
        if (length == 0) {
            return 1;
        }
        long firstEnd = Math.min(address + length, firstBoundary(address, mtu));
        long rest = address + length - firstEnd;
        return 1 + (rest + mtu - 1) / mtu;
    }

    /** Offset within the message of packet {@code index}. */
    static long offset(long address, long mtu, long index) {
        if (index == 0) {
            return 0;
        }
        return firstBoundary(address, mtu) - address + (index - 1) * mtu;
    }

    /** Length of the packet at {@code offset}. */
    static long length(long address, long length, long mtu, long offset) {
        long start = address + offset;
        return Math.min(address + length, firstBoundary(start, mtu)) - start;
    }

    private static long firstBoundary(long address, long mtu) {
        return (address / mtu + 1) * mtu;
    }
}
