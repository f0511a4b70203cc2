package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.Payload;
import org.junit.jupiter.api.Test;

final class FingerprintModeTest {
    private static final long MIB = 1L << 20;

    private final SparsePhysicalMemory mem =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(256 * MIB), ContentMode.FINGERPRINT);

    @Test
    void copiesPreserveTheFingerprintWithoutStoringBytes() {
        FingerprintPayload data = FingerprintPayload.generated(7, 4 * MIB);
        mem.write(3, data);
        Payload copy = mem.capture(3, 4 * MIB);
        mem.write(100 * MIB + 4096 * 3 + 1, copy);

        assertThat(mem.fingerprint(100 * MIB + 4096 * 3 + 1, 4 * MIB)).isEqualTo(data.fingerprint());
        assertThat(copy.fingerprint()).isEqualTo(data.fingerprint());
        assertThat(mem.storedBytes()).as("runs, not bytes").isLessThan(4 * MIB / 20);
    }

    @Test
    void generatedRunsAndTheBytesOfTheSameContentAreHeldExactlyInBothModes() {
        byte[] bytes = new byte[10_000];
        new GeneratedSource(99).copyTo(0, bytes, 0, bytes.length);
        SparsePhysicalMemory bytesMemory =
                new SparsePhysicalMemory("b", SlitNumaTopology.singleNode(16 * MIB), ContentMode.BYTES);
        bytesMemory.write(5, bytes, 0, bytes.length);

        FingerprintPayload generated = FingerprintPayload.generated(99, bytes.length);
        mem.write(50 * MIB, generated);
        assertThat(mem.fingerprint(50 * MIB, bytes.length)).isEqualTo(generated.fingerprint())
                .as("a generated run fingerprints from its seed, not its bytes")
                .isNotEqualTo(BytesPayload.copyOf(bytes).fingerprint());
        assertThat(bytesMemory.fingerprint(5, bytes.length)).isEqualTo(BytesPayload.copyOf(bytes).fingerprint());
        assertThat(mem.holds(50 * MIB, BytesPayload.copyOf(bytes))).isTrue();
        assertThat(mem.holds(50 * MIB, bytesMemory.capture(5, bytes.length))).isTrue();
        assertThat(bytesMemory.holds(5, generated)).isTrue();
        assertThat(bytesMemory.holds(5, mem.capture(50 * MIB, bytes.length))).isTrue();

        bytes[7777] ^= 1;
        bytesMemory.write(5 + 7777, bytes, 7777, 1);
        assertThat(bytesMemory.holds(5, generated)).as("a flipped byte in bytes mode").isFalse();
        assertThat(mem.holds(50 * MIB, BytesPayload.copyOf(bytes))).isFalse();
        mem.write(50 * MIB + 7777, bytes, 7777, 1);
        assertThat(mem.holds(50 * MIB, generated)).as("a flipped byte in fingerprint mode").isFalse();
        assertThat(mem.holds(50 * MIB, BytesPayload.copyOf(bytes))).isTrue();
    }

    @Test
    void aGeneratedRunFingerprintsAlikeHoweverItIsCutAndMoved() {
        FingerprintPayload whole = FingerprintPayload.generated(3, 5 * 4096 + 17);
        mem.write(MIB + 100, whole.slice(0, 9000));
        mem.write(MIB + 100 + 9000, whole.slice(9000, whole.length() - 9000));
        mem.write(8 * MIB, mem.capture(MIB + 100, whole.length()));
        assertThat(mem.fingerprint(8 * MIB, whole.length())).isEqualTo(whole.fingerprint())
                .isEqualTo(mem.fingerprint(MIB + 100, whole.length()));
        assertThat(mem.fingerprint(8 * MIB + 1, 4096)).isEqualTo(whole.slice(1, 4096).fingerprint())
                .as("another offset of the same seed").isNotEqualTo(whole.slice(2, 4096).fingerprint())
                .as("zeros").isNotEqualTo(FingerprintPayload.zeros(4096).fingerprint());
    }

    @Test
    void differentContentGivesDifferentFingerprints() {
        mem.write(0, FingerprintPayload.generated(1, 8192));
        mem.write(MIB, FingerprintPayload.generated(2, 8192));
        mem.write(2 * MIB, FingerprintPayload.generated(1, 8192));
        mem.write(2 * MIB + 4000, new byte[] {42}, 0, 1);

        long a = mem.fingerprint(0, 8192);
        assertThat(mem.fingerprint(MIB, 8192)).isNotEqualTo(a);
        assertThat(mem.fingerprint(2 * MIB, 8192)).as("one byte changed").isNotEqualTo(a);
        mem.write(2 * MIB + 4000, FingerprintPayload.generated(1, 8192).slice(4000, 1));
        assertThat(mem.fingerprint(2 * MIB, 8192)).as("byte restored").isEqualTo(a);
    }

    @Test
    void partialOverwritesAndZeroingStayExact() {
        byte[] bytes = new byte[3 * 4096];
        new GeneratedSource(5).copyTo(0, bytes, 0, bytes.length);
        byte[] patch = {1, 2, 3, 4, 5};
        System.arraycopy(patch, 0, bytes, 4094, patch.length);
        java.util.Arrays.fill(bytes, 8000, 8100, (byte) 0);

        mem.write(MIB, FingerprintPayload.generated(5, bytes.length));
        mem.write(MIB + 4094, patch, 0, patch.length);
        mem.zero(MIB + 8000, 100);

        assertThat(mem.holds(MIB, BytesPayload.copyOf(bytes))).isTrue();
        assertThat(PayloadBytes.equal(mem.capture(MIB + 7, 5000), BytesPayload.copyOf(bytes).slice(7, 5000))).isTrue();
        assertThat(mem.capture(MIB + 7, 5000).bytes()).isEqualTo(BytesPayload.copyOf(bytes).slice(7, 5000).bytes());
    }

    @Test
    void aCaptureWithinOnePageDescribesThatPiecesBytes() {
        byte[] bytes = new byte[4096];
        new GeneratedSource(8).copyTo(0, bytes, 0, bytes.length);
        byte[] patch = {7, 7, 7};
        System.arraycopy(patch, 0, bytes, 2000, patch.length);
        mem.write(2 * MIB, FingerprintPayload.generated(8, bytes.length));
        mem.write(2 * MIB + 2000, patch, 0, patch.length);

        Payload piece = mem.capture(2 * MIB + 1000, 3000);
        assertThat(piece.bytes()).isEqualTo(java.util.Arrays.copyOfRange(bytes, 1000, 4000));
        assertThat(mem.capture(2 * MIB, 4096).bytes()).isEqualTo(bytes);
        assertThat(mem.capture(7 * MIB + 5, 100).bytes()).as("a page never written").isEqualTo(new byte[100]);
        long stored = mem.storedBytes();
        mem.write(9 * MIB + 4000, piece);
        assertThat(mem.holds(9 * MIB + 4000, BytesPayload.copyOf(bytes, 1000, 3000))).isTrue();
        assertThat(mem.storedBytes()).as("four runs over two pages, three literal bytes").isEqualTo(stored + 4 * ContentRuns.RUN_COST + 3);
    }

    @Test
    void readsMaterializeTheDescribedBytesWithoutStoringThem() {
        mem.write(MIB + 3, FingerprintPayload.generated(21, 10_000));
        long stored = mem.storedBytes();
        byte[] read = new byte[5000];
        mem.read(MIB + 3 + 100, read, 0, read.length);
        byte[] expected = new byte[5000];
        new GeneratedSource(21).copyTo(100, expected, 0, expected.length);
        assertThat(read).isEqualTo(expected);
        assertThat(mem.capture(MIB + 3 + 100, 5000).bytes()).isEqualTo(expected);
        assertThat(mem.storedBytes()).isEqualTo(stored);
    }
}
