package org.iopf.core.sim;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Records what the first {@link EventKernel} of a process does with its pending events — every
 * scheduling (as its delay from now), every executed event and every cancellation of a pending
 * event — so that a benchmark can replay the event-time mix of a real scenario on any event set.
 * Off unless the system property {@value #FILE_PROPERTY} names a file; then the first
 * {@value #LIMIT_PROPERTY} operations (default {@value #DEFAULT_LIMIT}) are written there when the
 * limit is reached or the process exits. Recording costs nothing when off: the kernel's hook is a
 * static final field that is null.
 *
 * <p><b>Format</b> (gzip): the magic {@code IOPFKTR1}, then one unsigned LEB128 varint per
 * operation, its two low bits the kind: {@code 0} an executed event (the value is 0), {@code 1} a
 * scheduling with the delay in ns in the upper bits, {@code 2} a cancellation of a pending event
 * with, in the upper bits, how many schedulings back (1 = the latest) it was scheduled; then a
 * varint {@code 3} as the end.
 */
final class KernelTraceRecorder {
    /** The system property naming the file to record into. */
    static final String FILE_PROPERTY = "iopf.kernel.trace";
    /** The system property bounding the number of operations recorded. */
    static final String LIMIT_PROPERTY = "iopf.kernel.trace.limit";
    static final long DEFAULT_LIMIT = 2_000_000;
    static final byte[] MAGIC = {'I', 'O', 'P', 'F', 'K', 'T', 'R', '1'};
    static final int FIRE = 0;
    static final int SCHEDULE = 1;
    static final int CANCEL = 2;
    static final int END = 3;

    /** The recorder of this process, or null when recording is off. */
    static final KernelTraceRecorder INSTANCE = fromSystemProperties();

    private final Path file;
    private final long limit;
    private final DataOutputStream out;
    /** Scheduling index by handle, for the events pending in the recorded kernel. */
    private final Map<Long, Long> scheduledAt = new HashMap<>();
    private Object kernel;
    private long schedulings;
    private long operations;
    private boolean closed;

    private KernelTraceRecorder(Path file, long limit) throws IOException {
        this.file = file;
        this.limit = limit;
        OutputStream raw = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16);
        this.out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16));
        out.write(MAGIC);
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "kernel-trace-close"));
    }

    private static KernelTraceRecorder fromSystemProperties() {
        String name = System.getProperty(FILE_PROPERTY);
        if (name == null || name.isBlank()) {
            return null;
        }
        long limit = Long.getLong(LIMIT_PROPERTY, DEFAULT_LIMIT);
        try {
            return new KernelTraceRecorder(Path.of(name), limit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the kernel trace into " + name, e);
        }
    }

    /** Whether operations of this kernel are recorded: the first kernel to ask is. */
    synchronized boolean records(Object k) {
        if (kernel == null) {
            kernel = k;
        }
        return kernel == k && !closed;
    }

    synchronized void scheduled(Object k, long delay, long handle) {
        if (records(k)) {
            scheduledAt.put(handle, schedulings++);
            write(((long) delay << 2) | SCHEDULE);
        }
    }

    synchronized void fired(Object k) {
        if (records(k)) {
            write(FIRE);
        }
    }

    synchronized void cancelled(Object k, long handle) {
        if (records(k)) {
            Long index = scheduledAt.remove(handle);
            if (index != null) {
                write(((schedulings - index) << 2) | CANCEL);
            }
        }
    }

    private void write(long value) {
        try {
            long v = value;
            while ((v & ~0x7FL) != 0) {
                out.writeByte((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.writeByte((int) v);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the kernel trace " + file, e);
        }
        if (++operations >= limit) {
            close();
        }
    }

    private synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.writeByte(END);
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the kernel trace " + file, e);
        }
    }
}
