package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.junit.jupiter.api.Test;

final class SparseContentsTest {
    private static final long MIB = 1L << 20;

    private final SparsePhysicalMemory mem =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);

    private static byte[] pattern(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    @Test
    void neverWrittenMemoryReadsAsZeroAndCostsNothing() {
        byte[] dst = new byte[10_000];
        Arrays.fill(dst, (byte) 7);
        mem.read(5 * MIB + 100, dst, 0, dst.length);
        assertThat(dst).containsOnly(0);
        assertThat(mem.storedBytes()).isZero();
    }

    @Test
    void writesAcrossPageBoundariesReadBackExactly() {
        byte[] src = pattern(9000, 3);
        long pa = 3 * 4096 - 17;
        mem.write(pa, src, 0, src.length);

        byte[] dst = new byte[src.length];
        mem.read(pa, dst, 0, dst.length);
        assertThat(dst).isEqualTo(src);
        assertThat(mem.storedBytes()).as("touches 4 pages").isEqualTo(4 * 4096);
        byte[] before = new byte[17];
        mem.read(pa - 17, before, 0, 17);
        assertThat(before).containsOnly(0);
    }

    @Test
    void zeroAndFreeFrameDiscardStorage() {
        long pa = mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        byte[] src = pattern(3 * 4096, 1);
        mem.write(pa, src, 0, src.length);
        mem.zero(pa + 10, 4096);
        byte[] dst = new byte[src.length];
        mem.read(pa, dst, 0, dst.length);
        assertThat(Arrays.copyOfRange(dst, 0, 10)).isEqualTo(Arrays.copyOfRange(src, 0, 10));
        assertThat(Arrays.copyOfRange(dst, 10, 4106)).containsOnly(0);
        assertThat(Arrays.copyOfRange(dst, 4106, dst.length)).isEqualTo(Arrays.copyOfRange(src, 4106, src.length));

        mem.freeFrame(pa, PageSize.HUGE_2M);
        assertThat(mem.storedBytes()).isZero();
        assertThat(mem.readsAsZero(pa, PageSize.HUGE_2M.bytes())).isTrue();
    }

    @Test
    void captureIsACopyAndWritesBackExactly() {
        byte[] src = pattern(5000, 9);
        mem.write(1000, src, 0, src.length);
        Payload captured = mem.capture(1000, 5000);
        mem.write(1000, new byte[5000], 0, 5000);

        assertThat(captured.bytes()).isEqualTo(src);
        mem.write(9 * MIB + 123, captured);
        assertThat(mem.fingerprint(9 * MIB + 123, 5000)).isEqualTo(captured.fingerprint());
        assertThat(captured.slice(100, 50).bytes()).isEqualTo(Arrays.copyOfRange(src, 100, 150));
    }

    @Test
    void fingerprintIsAContentHashNotAnAddressHash() {
        byte[] src = pattern(6000, 5);
        mem.write(77, src, 0, src.length);
        mem.write(40 * MIB + 4000, src, 0, src.length);

        assertThat(mem.fingerprint(77, 6000)).isEqualTo(mem.fingerprint(40 * MIB + 4000, 6000))
                .isEqualTo(BytesPayload.copyOf(src).fingerprint())
                .isEqualTo(mem.capture(77, 6000).fingerprint());
        assertThat(mem.fingerprint(77, 6000)).isNotEqualTo(mem.fingerprint(78, 6000));
        assertThat(mem.fingerprint(20 * MIB, 4096)).isEqualTo(mem.fingerprint(30 * MIB + 5, 4096))
                .isEqualTo(BytesPayload.copyOf(new byte[4096]).fingerprint())
                .isNotEqualTo(mem.fingerprint(20 * MIB, 4095));
    }

    @Test
    void generatedPayloadWrittenAsBytesKeepsItsFingerprint() {
        FingerprintPayload generated = FingerprintPayload.generated(1234, 3 * 4096 + 5);
        mem.write(2 * MIB + 11, generated);
        assertThat(mem.holds(2 * MIB + 11, generated)).isTrue();
        assertThat(mem.capture(2 * MIB + 11, generated.length()).fingerprint())
                .isEqualTo(BytesPayload.copyOf(generated.bytes()).fingerprint())
                .isEqualTo(mem.fingerprint(2 * MIB + 11, generated.length()));
        mem.write(2 * MIB + 11 + 4100, new byte[] {(byte) ~generated.slice(4100, 1).bytes()[0]}, 0, 1);
        assertThat(mem.holds(2 * MIB + 11, generated)).as("a flipped byte").isFalse();
    }

    @Test
    void aCaptureIsACopyOnWriteViewThatLaterWritesDoNotChange() {
        byte[] src = pattern(3 * 4096, 9);
        mem.write(MIB + 100, src, 0, src.length);
        Payload view = mem.capture(MIB + 100, src.length);
        long storedBefore = mem.storedBytes();

        mem.write(MIB + 5000, new byte[] {1, 2, 3}, 0, 3); // into a page the view shares
        mem.zero(MIB + 8192, 100); // a partial zero of another shared page
        mem.zero(MIB, 4096); // a whole shared page dropped
        assertThat(view.bytes()).as("the view keeps the bytes of the capture").isEqualTo(src);
        assertThat(view.fingerprint()).isEqualTo(BytesPayload.copyOf(src).fingerprint());
        assertThat(view).isEqualTo(BytesPayload.copyOf(src));
        assertThat(view.slice(4000, 200).bytes()).isEqualTo(Arrays.copyOfRange(src, 4000, 4200));
        assertThat(mem.storedBytes()).isEqualTo(storedBefore - 4096);

        mem.write(9 * MIB + 7, view);
        byte[] back = new byte[src.length];
        mem.read(9 * MIB + 7, back, 0, back.length);
        assertThat(back).isEqualTo(src);
        assertThat(mem.holds(9 * MIB + 7, view)).isTrue();
        byte[] now = new byte[src.length];
        mem.read(MIB + 100, now, 0, now.length);
        assertThat(now).as("the source shows its own writes").isNotEqualTo(src);
        assertThat(mem.holds(MIB + 100, view)).isFalse();
    }

    @Test
    void aCaptureWithinOnePageIsACopyOnWriteViewToo() {
        byte[] src = pattern(4096, 4);
        mem.write(2 * MIB, src, 0, src.length);
        Payload packet = mem.capture(2 * MIB + 64, 4000);
        Payload whole = mem.capture(2 * MIB, 4096);

        mem.write(2 * MIB + 100, new byte[] {9, 9, 9}, 0, 3);
        assertThat(packet.bytes()).isEqualTo(Arrays.copyOfRange(src, 64, 4064));
        assertThat(whole.bytes()).isEqualTo(src);
        assertThat(packet).isEqualTo(BytesPayload.copyOf(src, 64, 4000));
        assertThat(packet.slice(10, 20).bytes()).isEqualTo(Arrays.copyOfRange(src, 74, 94));

        mem.write(3 * MIB + 4000, packet); // across a page boundary of the destination
        assertThat(mem.holds(3 * MIB + 4000, BytesPayload.copyOf(src, 64, 4000))).isTrue();
        assertThat(mem.capture(5 * MIB + 8, 100).bytes()).as("a page never written").isEqualTo(new byte[100]);
    }

    @Test
    void aCaptureOfNeverWrittenPagesIsZerosAndWritingItStoresThem() {
        Payload blank = mem.capture(20 * MIB + 10, 5000);
        assertThat(blank.bytes()).isEqualTo(new byte[5000]);
        mem.write(30 * MIB, blank);
        assertThat(mem.storedBytes()).isEqualTo(2 * 4096);
        assertThat(mem.holds(30 * MIB, BytesPayload.copyOf(new byte[5000]))).isTrue();
    }
}
