package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.Payload;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.mem.SparsePhysicalMemory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The content path of a transfer: one operation moves one 1 MiB message between two memories as
 * 256 packets of 4 KiB (each captured from the source and written to the destination, as an RDMA
 * WRITE's packets are), or checks it page by page. Side by side: one {@code System.arraycopy} of
 * the same 1 MiB (the floor for real bytes), the bytes-mode packets, the fingerprint-mode packets
 * of generated content, and the integrity check of 1 MiB of generated content in both modes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ContentPathBenchmark {
    private static final int MESSAGE = 1 << 20;
    private static final int PACKET = 4096;
    private static final long SRC = 1L << 30;
    /** Destination not page-aligned to the source by 64 B, as a receive buffer may be. */
    private static final long DST = (2L << 30) + 64;

    private byte[] from;
    private byte[] to;
    private SparsePhysicalMemory bytesSource;
    private SparsePhysicalMemory bytesTarget;
    private SparsePhysicalMemory printsSource;
    private SparsePhysicalMemory printsTarget;
    private Payload generated;

    /** Two 4 GiB memories per mode, their source message filled with generated content. */
    @Setup(Level.Trial)
    public void setUp() {
        from = new byte[MESSAGE];
        to = new byte[MESSAGE];
        bytesSource = memory(ContentMode.BYTES);
        bytesTarget = memory(ContentMode.BYTES);
        printsSource = memory(ContentMode.FINGERPRINT);
        printsTarget = memory(ContentMode.FINGERPRINT);
        generated = bytesSource.generated(42, MESSAGE);
        bytesSource.write(SRC, generated);
        printsSource.write(SRC, generated);
        bytesSource.read(SRC, from, 0, MESSAGE);
        move(bytesSource, bytesTarget);
        move(printsSource, printsTarget);
    }

    private static SparsePhysicalMemory memory(ContentMode mode) {
        return new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(4L << 30), mode);
    }

    private static long move(SparsePhysicalMemory source, SparsePhysicalMemory target) {
        long moved = 0;
        for (int off = 0; off < MESSAGE; off += PACKET) {
            Payload packet = source.capture(SRC + off, PACKET);
            target.write(DST + off, packet);
            moved += packet.length();
        }
        return moved;
    }

    private static long check(SparsePhysicalMemory target, Payload expected) {
        long matched = 0;
        for (int off = 0; off < MESSAGE; off += PACKET) {
            if (target.holds(DST + off, expected.slice(off, PACKET))) {
                matched++;
            }
        }
        return matched;
    }

    /** The floor: one copy of the message's bytes. */
    @Benchmark
    public byte[] arraycopy() {
        System.arraycopy(from, 0, to, 0, MESSAGE);
        return to;
    }

    /** 256 packets of real bytes: a view captured, one copy into the destination pages. */
    @Benchmark
    public long bytesPackets() {
        return move(bytesSource, bytesTarget);
    }

    /** 256 packets of generated content described as runs. */
    @Benchmark
    public long fingerprintPackets() {
        return move(printsSource, printsTarget);
    }

    /** 256 page checks of real bytes against the generated content (byte comparison). */
    @Benchmark
    public long bytesCheck() {
        return check(bytesTarget, generated);
    }

    /** 256 page checks of runs against the generated content (run fingerprints, O(log n) each). */
    @Benchmark
    public long fingerprintCheck() {
        return check(printsTarget, generated);
    }
}
