package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;

/**
 * The receiving side of the TCP-like transport: which segments of the stream are missing, waiting
 * in the backup ring for a fault (pending) or placed in the user buffer, and the cumulative ACK.
 * Segments start at multiples of the MSS, so a segment is known by its index.
 *
 * <p>Bytes are delivered to the application exactly once and in order: when the segment at the
 * cumulative ACK point becomes placed, the point moves over every placed segment behind it and
 * {@link Delivery#delivered} hears the bytes it passed. The application consumes them at once, so
 * the advertised window is the whole user buffer.
 *
 * <p>Ordering under faults (FIDELITY C3): while the segment at the ACK point is pending in the
 * backup ring, nothing is acknowledged — neither it nor any later segment — so the sender sees no
 * duplicate ACKs for data that is not lost, only late.
 */
final class TcpReceiver {
    /** What a receiver makes of an arriving segment. */
    enum Arrival {
        /** Not seen before and inside the window: place it (or store it, or drop it). */
        NEW,
        /** Already placed or pending: discard the copy. */
        DUPLICATE,
        /** Beyond the window: the buffer has no room for it. */
        OUT_OF_WINDOW
    }

    /** Hears the bytes delivered to the application, in order, each once. */
    @FunctionalInterface
    interface Delivery {
        /** Bytes {@code [seq, seq + length)} of the stream are now the application's. */
        void delivered(long seq, long length);
    }

    private static final byte MISSING = 0;
    private static final byte IN_FLIGHT = 1;
    private static final byte PENDING = 2;
    private static final byte PLACED = 3;

    private final long total;
    private final int mss;
    private final long window;
    private final byte[] states;
    private final Delivery delivery;
    private int next;
    private long rcvNxt;
    private int pending;
    private int lastPlaced = -1;
    /** Segments placed in all, and the highest index placed: bound the SACK scan. */
    private int placedCount;
    private int highestPlaced = -1;

    /**
     * A receiver of a {@code total}-byte stream cut at multiples of {@code mss}, into a buffer of
     * {@code window} bytes.
     */
    TcpReceiver(long total, int mss, long window, Delivery delivery) {
        if (total <= 0 || mss <= 0 || window < mss) {
            throw new IllegalArgumentException("need total > 0, mss > 0, window >= mss: " + total + ", " + mss
                    + ", " + window);
        }
        this.total = total;
        this.mss = mss;
        this.window = window;
        this.states = new byte[Math.toIntExact((total + mss - 1) / mss)];
        this.delivery = Objects.requireNonNull(delivery, "delivery is null");
    }

    /** Classifies an arriving segment. */
    Arrival classify(EthHeader.Segment segment) {
        if (segment.seq() % mss != 0 || segment.seq() + segment.length() > total) {
            throw new IllegalArgumentException("segment off the MSS grid or past the stream: " + segment);
        }
        if (segment.seq() + segment.length() > rcvNxt + window) {
            return Arrival.OUT_OF_WINDOW;
        }
        return states[index(segment.seq())] == MISSING ? Arrival.NEW : Arrival.DUPLICATE;
    }

    /** The NIC took a new segment in: later copies of it are duplicates until it is dropped. */
    void accept(long seq) {
        move(seq, MISSING, IN_FLIGHT);
    }

    /** An accepted segment was dropped (fault, full ring, full FIFO): it is missing again. */
    void drop(long seq) {
        int i = index(seq);
        if (states[i] == PENDING) {
            pending--;
        } else if (states[i] != IN_FLIGHT) {
            throw new IllegalStateException("segment at " + seq + " is neither in flight nor pending");
        }
        states[i] = MISSING;
    }

    /** An accepted segment went to the backup ring: it waits for its fault. */
    void pending(long seq) {
        move(seq, IN_FLIGHT, PENDING);
        pending++;
    }

    private void move(long seq, byte from, byte to) {
        int i = index(seq);
        if (states[i] != from) {
            throw new IllegalStateException("segment at " + seq + " is in state " + states[i] + ", not " + from);
        }
        states[i] = to;
    }

    /** An accepted or pending segment's bytes are now in the user buffer. */
    void placed(long seq) {
        int i = index(seq);
        if (states[i] != IN_FLIGHT && states[i] != PENDING) {
            throw new IllegalStateException("segment at " + seq + " was not accepted, or was placed already");
        }
        if (states[i] == PENDING) {
            pending--;
        }
        states[i] = PLACED;
        placedCount++;
        highestPlaced = Math.max(highestPlaced, i);
        lastPlaced = i;
        long from = rcvNxt;
        while (next < states.length && states[next] == PLACED) {
            next++;
        }
        rcvNxt = Math.min(total, (long) next * mss);
        if (rcvNxt > from) {
            delivery.delivered(from, rcvNxt - from);
        }
    }

    /** Whether an ACK may go out now: not while the segment at the ACK point waits for a fault. */
    boolean mayAcknowledge() {
        return next >= states.length || states[next] != PENDING;
    }

    /** The cumulative ACK: the next byte expected. */
    long ackPoint() {
        return rcvNxt;
    }

    /**
     * The SACK blocks of the segments placed above the cumulative ACK (RFC 2018 §4): the block
     * holding the most recently placed segment first, then the highest others, at most
     * {@link EthHeader#MAX_SACK_BLOCKS}. Empty when nothing above the ACK point is placed.
     */
    java.util.List<EthHeader.SackBlock> sackBlocks() {
        // every segment below next is placed, so these are the placed ones above it
        int placedAbove = placedCount - next;
        if (placedAbove == 0) {
            return java.util.List.of();
        }
        java.util.List<EthHeader.SackBlock> blocks = new java.util.ArrayList<>(EthHeader.MAX_SACK_BLOCKS);
        int first = -1;
        if (lastPlaced > next && states[lastPlaced] == PLACED) {
            first = runStart(lastPlaced);
            blocks.add(block(first));
        }
        int limit = Math.min(states.length, Math.toIntExact((rcvNxt + window + mss - 1) / mss));
        int seen = 0; // placed segments of the runs passed; none is left below once all are seen
        for (int i = Math.min(limit - 1, highestPlaced); i > next && blocks.size() < EthHeader.MAX_SACK_BLOCKS
                && seen < placedAbove; i--) {
            if (states[i] == PLACED) {
                int start = runStart(i);
                if (start != first) {
                    blocks.add(block(start));
                }
                seen += i - start + 1;
                i = start;
            }
        }
        return blocks;
    }

    private int runStart(int i) {
        int start = i;
        while (start - 1 > next && states[start - 1] == PLACED) {
            start--;
        }
        return start;
    }

    private EthHeader.SackBlock block(int start) {
        int end = start;
        while (end < states.length && states[end] == PLACED) {
            end++;
        }
        return new EthHeader.SackBlock((long) start * mss, Math.min(total, (long) end * mss));
    }

    /** The advertised window in bytes. */
    long window() {
        return window;
    }

    /** Segments waiting in the backup ring. */
    int pendingSegments() {
        return pending;
    }

    /** Whether the whole stream has been delivered. */
    boolean isComplete() {
        return rcvNxt >= total;
    }

    private int index(long seq) {
        return Math.toIntExact(seq / mss);
    }
}
