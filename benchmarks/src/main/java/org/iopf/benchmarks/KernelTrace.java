package org.iopf.benchmarks;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * A recorded event-time mix of a scenario: what the first kernel of an {@code iopf run} did with
 * its pending events, recorded with {@code IOPF_OPTS=-Diopf.kernel.trace=FILE} (see
 * {@code org.iopf.core.sim.KernelTraceRecorder} for the format). Loaded once from a resource in
 * {@code traces/}; the events still pending at the end of the recording are appended as executions,
 * so that a replay of the whole trace leaves the kernel empty and can start over.
 *
 * <p>Each operation is one long: its two low bits the kind ({@link #FIRE}, {@link #SCHEDULE},
 * {@link #CANCEL}), the rest the delay in ns (scheduling) or how many schedulings back the cancelled
 * event was scheduled (cancellation).
 */
final class KernelTrace {
    static final int FIRE = 0;
    static final int SCHEDULE = 1;
    static final int CANCEL = 2;
    private static final int END = 3;
    private static final byte[] MAGIC = {'I', 'O', 'P', 'F', 'K', 'T', 'R', '1'};

    /** The operations of one lap. */
    final long[] operations;
    /** Schedulings in one lap. */
    final int schedulings;
    /** Events executed in one lap (the recorded ones and those appended to empty the kernel). */
    final int executions;

    private KernelTrace(long[] operations, int schedulings, int executions) {
        this.operations = operations;
        this.schedulings = schedulings;
        this.executions = executions;
    }

    /** Loads {@code traces/NAME.ktr.gz} from the class path. */
    static KernelTrace load(String name) {
        String resource = "/traces/" + name + ".ktr.gz";
        try (InputStream raw = KernelTrace.class.getResourceAsStream(resource)) {
            if (raw == null) {
                throw new IllegalArgumentException("no trace " + resource);
            }
            return read(new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    private static KernelTrace read(DataInputStream in) throws IOException {
        byte[] magic = new byte[MAGIC.length];
        in.readFully(magic);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new IOException("not a kernel trace");
        }
        long[] ops = new long[1 << 16];
        int n = 0;
        int schedulings = 0;
        int fires = 0;
        int cancels = 0;
        while (true) {
            long value = readVarint(in);
            int kind = (int) (value & 3);
            if (kind == END) {
                break;
            }
            if (n == ops.length) {
                ops = Arrays.copyOf(ops, 2 * n);
            }
            ops[n++] = value;
            if (kind == SCHEDULE) {
                schedulings++;
            } else if (kind == FIRE) {
                fires++;
            } else {
                cancels++;
            }
        }
        int pending = schedulings - fires - cancels;
        ops = Arrays.copyOf(ops, n + pending);
        Arrays.fill(ops, n, n + pending, FIRE);
        return new KernelTrace(ops, schedulings, fires + pending);
    }

    private static long readVarint(DataInputStream in) throws IOException {
        long value = 0;
        int shift = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("kernel trace ends without its end mark");
            }
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
            shift += 7;
        }
    }
}
