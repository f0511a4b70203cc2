package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.iopf.api.mem.Payload;
import org.junit.jupiter.api.Test;

final class RunsContentStoreTest {
    private static final long PAGE = 4096;
    private static final long MIB = 1L << 20;
    /** Three 2 MiB chunks, written across their borders. */
    private static final long SPAN = 6 * MIB;

    @Test
    void randomWritesCapturesAndZeroingReadAsTheBytesStoreDoes() {
        SplittableRandom random = new SplittableRandom(22);
        RunsContentStore runs = new RunsContentStore();
        ByteContentStore bytes = new ByteContentStore();
        FingerprintPayload generated = FingerprintPayload.generated(9, SPAN);
        for (int step = 0; step < 400; step++) {
            long pa = aligned(random, random.nextLong(SPAN - 1));
            long len = Math.min(SPAN - pa, aligned(random, 1 + random.nextLong(3 * MIB)));
            switch (random.nextInt(5)) {
                case 0 -> write(runs, bytes, pa, generated.slice(random.nextLong(SPAN - len + 1), len));
                case 1 -> write(runs, bytes, pa, FingerprintPayload.zeros(len));
                case 2 -> {
                    byte[] literal = new byte[(int) Math.min(len, 3 * PAGE)];
                    random.nextBytes(literal);
                    runs.write(pa, literal, 0, literal.length);
                    bytes.write(pa, literal, 0, literal.length);
                }
                case 3 -> {
                    runs.zero(pa, len);
                    bytes.zero(pa, len);
                }
                default -> {
                    long from = aligned(random, random.nextLong(SPAN - len + 1));
                    Payload moved = runs.capture(from, len);
                    assertThat(firstDifference(moved, bytes.capture(from, len))).isEqualTo(-1);
                    write(runs, bytes, pa, moved);
                }
            }
        }
        for (long pa = 0; pa < SPAN; pa += MIB / 2) {
            assertThat(firstDifference(runs.capture(pa, MIB / 2), bytes.capture(pa, MIB / 2))).as("at %d", pa)
                    .isEqualTo(-1);
        }
        assertThat(runs.storedBytes()).as("the cost of the stored pages, counted afresh").isEqualTo(costOfPages(runs));
    }

    @Test
    void wholePageRunsMoveAndFreeWithoutChangingWhatTheyDescribe() {
        RunsContentStore store = new RunsContentStore();
        FingerprintPayload data = FingerprintPayload.generated(4, 2 * MIB);
        store.write(0, data);
        assertThat(store.storedBytes()).isEqualTo(512 * ContentRuns.RUN_COST);
        assertThat(store.capture(0, 2 * MIB).runCount()).as("512 whole-page runs capture as one run").isEqualTo(1);

        store.write(4 * MIB + 100, store.capture(0, 2 * MIB));
        assertThat(store.fingerprint(4 * MIB + 100, 2 * MIB)).isEqualTo(data.fingerprint());
        assertThat(store.storedBytes()).isEqualTo(costOfPages(store));

        store.write(PAGE + 10, new byte[] {1, 2, 3}, 0, 3);
        byte[] expected = data.slice(PAGE, PAGE).bytes();
        expected[10] = 1;
        expected[11] = 2;
        expected[12] = 3;
        assertThat(store.capture(PAGE, PAGE).bytes()).isEqualTo(expected);
        assertThat(store.storedBytes()).isEqualTo(costOfPages(store));

        store.zero(0, 2 * MIB);
        assertThat(store.readsAsZero(0, 2 * MIB)).isTrue();
        store.write(4 * MIB + 100, FingerprintPayload.zeros(2 * MIB));
        assertThat(store.readsAsZero(4 * MIB, 3 * MIB)).isTrue();
        assertThat(store.storedBytes()).isZero();
    }

    private static void write(RunsContentStore runs, ByteContentStore bytes, long pa, Payload payload) {
        runs.write(pa, payload);
        bytes.write(pa, BytesPayload.copyOf(payload.bytes()));
    }

    private static int firstDifference(Payload a, Payload b) {
        return Arrays.mismatch(a.bytes(), b.bytes());
    }

    /** As it is, or rounded down to a page or to a 2 MiB chunk, so that every shape of piece occurs. */
    private static long aligned(SplittableRandom random, long value) {
        long unit = new long[] {1, PAGE, 2 * MIB}[random.nextInt(3)];
        return value - value % unit;
    }

    private static long costOfPages(RunsContentStore store) {
        long cost = 0;
        for (long pa = 0; pa < 8 * MIB; pa += PAGE) {
            cost += store.capture(pa, PAGE).runs().storageCost();
        }
        return cost;
    }
}
