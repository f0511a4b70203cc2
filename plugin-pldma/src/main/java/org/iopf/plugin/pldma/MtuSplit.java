package org.iopf.plugin.pldma;

/**
 * Cuts a transfer into MTU packets aligned to MTU boundaries of the source address, so that no
 * packet crosses a source page (the MTU divides 4 KiB): the first packet runs to the first
 * boundary, the others are whole MTUs, the last takes what is left.
 */
final class MtuSplit {
    private MtuSplit() {
    }

    /** Packets for {@code length} bytes starting at {@code source}. */
    static int packets(long source, long length, long mtu) {
        long head = source % mtu;
        return Math.toIntExact((head + length + mtu - 1) / mtu);
    }

    /** Offset within the transfer of packet {@code index}. */
    static long offset(long source, long mtu, int index) {
        return index == 0 ? 0 : index * mtu - source % mtu;
    }

    /** Bytes of packet {@code index}. */
    static long length(long source, long length, long mtu, int index) {
        long start = offset(source, mtu, index);
        long end = Math.min(length, offset(source, mtu, index + 1));
        return end - start;
    }
}
