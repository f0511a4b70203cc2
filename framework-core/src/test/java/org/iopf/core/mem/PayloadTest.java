package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class PayloadTest {
    @Test
    void bytesPayloadCopiesOnceAndIsEqualByContent() {
        byte[] src = {1, 2, 3, 4, 5, 6};
        BytesPayload p = BytesPayload.copyOf(src);
        src[0] = 99;
        assertThat(p.bytes()).containsExactly(1, 2, 3, 4, 5, 6);
        BytesPayload slice = p.slice(2, 3);
        assertThat(slice.array()).as("slice shares the array").isSameAs(p.array());
        assertThat(slice.bytes()).containsExactly(3, 4, 5);
        assertThat(slice).isEqualTo(BytesPayload.copyOf(new byte[] {3, 4, 5}))
                .hasSameHashCodeAs(BytesPayload.copyOf(new byte[] {3, 4, 5}))
                .isNotEqualTo(BytesPayload.copyOf(new byte[] {3, 4, 6}));
        assertThat(slice.fingerprint()).isEqualTo(BytesPayload.copyOf(new byte[] {3, 4, 5}).fingerprint());
        assertThatThrownBy(() -> p.slice(4, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theEmptyPayloadHasTheFingerprintOfNoBytesInBothModesAndEveryStoreWritesItAsNothing() {
        org.iopf.api.mem.Payload empty = org.iopf.api.mem.Payload.empty();
        assertThat(empty.length()).isZero();
        assertThat(empty.fingerprint()).isEqualTo(BytesPayload.copyOf(new byte[0]).fingerprint())
                .isEqualTo(FingerprintPayload.zeros(0).fingerprint());
        assertThat(empty.slice(0, 0)).isSameAs(empty);
        assertThatThrownBy(() -> empty.slice(0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        for (ContentStore store : new ContentStore[] {new ByteContentStore(), new RunsContentStore()}) {
            store.write(4096, BytesPayload.copyOf(new byte[] {7, 8}));
            store.write(4096, empty);
            assertThat(store.capture(4096, 2).bytes()).as(store.getClass().getSimpleName()).containsExactly(7, 8);
        }
    }

    @Test
    void aPacketWithoutContentCarriesTheEmptyPayloadNeverNull() {
        var from = new org.iopf.api.fabric.Endpoint(new org.iopf.api.platform.NodeId("a"), "nic0");
        var to = new org.iopf.api.fabric.Endpoint(new org.iopf.api.platform.NodeId("b"), "nic0");
        var ack = new org.iopf.api.fabric.Packet(from, to, 30, "ack", null);
        assertThat(ack.payload()).isSameAs(org.iopf.api.mem.Payload.empty());
        assertThat(ack.payloadBytes()).isZero();
        assertThat(ack.wireBytes()).isEqualTo(30);
    }

    @Test
    void generatedContentIsDeterministicAndSlicesAreConsistent() {
        FingerprintPayload a = FingerprintPayload.generated(5, 1 << 16);
        byte[] bytes = new byte[1 << 16];
        new GeneratedSource(5).copyTo(0, bytes, 0, bytes.length);
        assertThat(a.bytes()).isEqualTo(bytes);
        assertThat(PayloadBytes.equal(a, BytesPayload.copyOf(bytes))).isTrue();
        assertThat(a.slice(1000, 3000).fingerprint())
                .isEqualTo(FingerprintPayload.generated(5, 4000).slice(1000, 3000).fingerprint());
        assertThat(PayloadBytes.equal(a.slice(1000, 3000), BytesPayload.copyOf(bytes).slice(1000, 3000))).isTrue();
        assertThat(FingerprintPayload.generated(6, 4000).fingerprint())
                .isNotEqualTo(FingerprintPayload.generated(5, 4000).fingerprint());
        assertThat(FingerprintPayload.zeros(4096).fingerprint()).isEqualTo(BytesPayload.copyOf(new byte[4096]).fingerprint())
                .isNotEqualTo(FingerprintPayload.zeros(4097).fingerprint());
        assertThat(a.runCount()).isEqualTo(1);
    }

    @Test
    void managerConfigChecksItsArguments() {
        MemoryManagerConfig d = MemoryManagerConfig.defaults();
        assertThat(d.withWatermarks(1, 2)).isEqualTo(d.withWatermarks(1, 2)).isNotEqualTo(d);
        assertThatThrownBy(() -> d.withWatermarks(2, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("highWatermarkBytes");
        assertThatThrownBy(() -> d.withSwap(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("swapBytes");
        assertThatThrownBy(() -> d.withFaultCosts(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
