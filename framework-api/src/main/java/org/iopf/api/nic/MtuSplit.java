package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Splits a message into packets at MTU-aligned addresses of the side whose addresses are split, as
 * RDMA NICs do: the first packet ends at the next MTU boundary, the others are MTU-sized, so that
 * with an MTU of at most 4 KiB no packet crosses a page on that side.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class MtuSplit {
    private MtuSplit() {
    }

    /**
     * The number of packets of a message.
     *
     * @param address the message's first address on the split side
     * @param length its length in bytes, {@code >= 0}; an empty message is one packet
     * @param mtu the MTU in bytes, {@code > 0}
     * @return the number of packets, at least one
     */
    public static long packets(long address, long length, long mtu) {
        if (length == 0) {
            return 1;
        }
        long firstEnd = Math.min(address + length, nextBoundary(address, mtu));
        long rest = address + length - firstEnd;
        return 1 + (rest + mtu - 1) / mtu;
    }

    /**
     * The offset within the message of packet {@code index}.
     *
     * @param address the message's first address on the split side
     * @param mtu the MTU in bytes, {@code > 0}
     * @param index the packet's index, {@code >= 0}
     * @return its offset in bytes
     */
    public static long offset(long address, long mtu, long index) {
        if (index == 0) {
            return 0;
        }
        return nextBoundary(address, mtu) - address + (index - 1) * mtu;
    }

    /**
     * The length of the packet that starts at {@code offset}.
     *
     * @param address the message's first address on the split side
     * @param length the message's length in bytes
     * @param mtu the MTU in bytes, {@code > 0}
     * @param offset the packet's offset within the message
     * @return its length in bytes
     */
    public static long length(long address, long length, long mtu, long offset) {
        long start = address + offset;
        return Math.min(address + length, nextBoundary(start, mtu)) - start;
    }

    private static long nextBoundary(long address, long mtu) {
        return (address / mtu + 1) * mtu;
    }
}
