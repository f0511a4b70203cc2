package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.iopf.api.mem.Payload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /**
     * Packet-sized writes, pieces of payloads, page-to-page copies and zeroing, with the larger
     * writes between them, leave exactly the runs that laying each write over one description of
     * the whole span gives (the plain overlay and slice of {@link ContentRuns}), at the cost of
     * those runs.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void piecesAndCopiesLeaveTheRunsThatOverlayingTheWholeSpanGives(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RunsContentStore store = new RunsContentStore();
        ContentRuns model = ContentRuns.zeros(SPAN);
        FingerprintPayload generated = FingerprintPayload.generated(seed, SPAN);
        for (int step = 0; step < 3000; step++) {
            boolean large = random.nextInt(20) == 0;
            long len = large ? aligned(random, 1 + random.nextLong(3 * MIB)) : 1 + random.nextLong(2 * PAGE);
            len = Math.max(1, len);
            long pa = aligned(random, random.nextLong(SPAN - len + 1));
            switch (random.nextInt(5)) {
                case 0 -> {
                    long from = random.nextLong(SPAN - len + 1);
                    store.write(pa, generated, from, len);
                    model = model.overlay(pa, generated.runs().slice(from, len));
                }
                case 1 -> {
                    long from = random.nextLong(SPAN - len + 1);
                    FingerprintPayload moved = store.capture(from, len);
                    long in = random.nextLong(len);
                    long n = 1 + random.nextLong(len - in);
                    long at = Math.min(pa, SPAN - n);
                    store.write(at, moved, in, n);
                    model = model.overlay(at, model.slice(from + in, n));
                }
                case 2 -> {
                    // onto itself at times: a rewrite with the runs the page holds already
                    long src = random.nextBoolean() ? pa : aligned(random, random.nextLong(SPAN - len + 1));
                    ContentRuns copied = model.slice(src, len);
                    store.copy(src, pa, len);
                    if (random.nextBoolean() && (src == pa || src + len <= pa || pa + len <= src)) {
                        store.copy(src, pa, len); // the destination holds the bytes already
                    }
                    model = model.overlay(pa, copied);
                }
                case 3 -> {
                    FingerprintPayload literal = FingerprintPayload.copyOf(new byte[(int) Math.min(len, 3 * PAGE)]);
                    store.write(pa, literal);
                    model = model.overlay(pa, literal.runs());
                }
                default -> {
                    store.zero(pa, len);
                    model = model.overlay(pa, ContentRuns.zeros(len));
                }
            }
        }
        for (long pa = 0; pa < SPAN; pa += PAGE) {
            assertSameRuns(store.capture(pa, PAGE).runs(), model.slice(pa, PAGE), pa);
        }
        assertSameRuns(store.capture(0, SPAN).runs(), model, 0);
        assertThat(store.storedBytes()).isEqualTo(costOfPages(store));
    }

    /**
     * A copy onto a page that holds the start of the same run, but not all of the copied bytes,
     * still writes the rest: the page is left alone only when it holds every copied byte already.
     */
    @Test
    void aCopyOntoAPageHoldingPartOfTheSameRunWritesTheRest() {
        RunsContentStore store = new RunsContentStore();
        FingerprintPayload data = FingerprintPayload.generated(3, PAGE);
        store.write(0, data, 0, 200);
        store.write(2 * PAGE + 100, data, 0, 100);
        store.copy(0, 2 * PAGE + 100, 200);
        assertSameRuns(store.capture(2 * PAGE, PAGE).runs(),
                ContentRuns.zeros(PAGE).overlay(100, data.runs().slice(0, 200)), 2 * PAGE);
        assertThat(store.storedBytes()).isEqualTo(costOfPages(store));
    }

    /**
     * A copy that continues one of a page's runs backwards, over the bytes before that run (other
     * content, or zeros), changes those bytes, so it is written: the page is not taken to hold it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aCopyThatContinuesARunBackwardsWritesThePage(boolean otherContentBefore) {
        RunsContentStore store = new RunsContentStore();
        FingerprintPayload data = FingerprintPayload.generated(5, 4 * PAGE);
        if (otherContentBefore) {
            store.write(2 * PAGE, data, 1000, 100);
        }
        store.write(2 * PAGE + 100, data, 5000, PAGE - 100);
        store.write(0, data, 4950, 100);
        ContentRuns expected = store.capture(2 * PAGE, PAGE).runs().overlay(50, data.runs().slice(4950, 100));

        store.copy(0, 2 * PAGE + 50, 100);

        assertSameRuns(store.capture(2 * PAGE, PAGE).runs(), expected, 2 * PAGE);
        assertThat(store.storedBytes()).isEqualTo(costOfPages(store));
    }

    @Test
    void aBuilderDescribesExactlyTheContentWithItsLengthAndRuns() {
        ContentSource a = new GeneratedSource(1);
        ContentSource b = new GeneratedSource(1);
        ContentRuns.Builder builder = new ContentRuns.Builder(PAGE).add(0, 100, a, 7).add(200, 50, a, 500);
        ContentRuns built = builder.build();
        assertThat(builder.describes(built)).isTrue();
        assertThat(builder.describes(new ContentRuns.Builder(PAGE).add(0, 100, a, 7).build())).isFalse();
        assertThat(builder.describes(new ContentRuns.Builder(PAGE).add(0, 100, a, 7).add(200, 50, b, 500).build()))
                .as("an equal source that is another object").isFalse();
        assertThat(builder.describes(new ContentRuns.Builder(PAGE).add(0, 100, a, 7).add(200, 50, a, 501).build()))
                .isFalse();
        assertThat(builder.describes(new ContentRuns.Builder(PAGE).add(0, 100, a, 7).add(200, 51, a, 500).build()))
                .isFalse();
        assertThat(builder.describes(new ContentRuns.Builder(2 * PAGE).add(0, 100, a, 7).add(200, 50, a, 500).build()))
                .isFalse();
        assertThat(builder.reset().describes(ContentRuns.zeros(PAGE))).isTrue();
    }

    private static void assertSameRuns(ContentRuns actual, ContentRuns expected, long pa) {
        assertThat(actual.runCount()).as("runs at %d", pa).isEqualTo(expected.runCount());
        for (int i = 0; i < expected.runCount(); i++) {
            assertThat(new Object[] {actual.start(i), actual.runLength(i), actual.source(i), actual.sourceOffset(i)})
                    .as("run %d at %d", i, pa)
                    .containsExactly(expected.start(i), expected.runLength(i), expected.source(i),
                            expected.sourceOffset(i));
        }
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
