package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.BitSet;
import java.util.List;
import java.util.Random;

/** Runs {@link NicContract#transfer}s on benches and judges them. */
final class NicTransfers {
    /** The seeds of {@link NicContract}'s seeded exercises; a failure message names the one it used. */
    static final long[] SEEDS = {0x5EED_0001L, 0x5EED_0002L};

    private NicTransfers() {
    }

    /** What a run of one transfer gave: to judge it, and to compare two runs. */
    record Outcome(List<NicTransfer.Delivery> deliveries, List<String> errors, String trace, Object metrics,
            long endNanos) {
    }

    /** Seeded random content of {@code length} bytes. */
    static byte[] data(long seed, int length) {
        byte[] data = new byte[length];
        new Random(seed).nextBytes(data);
        return data;
    }

    /**
     * Builds a bench of {@code platform} with {@code seed}, starts the transfer of {@code data}, runs
     * until idle, and checks that every byte arrived once, in order and intact, or an error was reported; on
     * a lossless link ({@code lossless}) also that no error was.
     */
    static Outcome runAndCheck(NicContract contract, String platform, long seed, byte[] data, boolean lossless) {
        String label = "transfer of " + data.length + " B, seed " + seed + (lossless ? "" : ", lossy link");
        TestBench bench = TestBench.of(platform, seed);
        NicTransfer transfer = contract.transfer(bench, data.clone());
        byte[] before = transfer.surroundings();
        bench.run();
        assertThat(bench.pendingEvents()).as("%s: events left after the run", label).isZero();
        List<NicTransfer.Delivery> deliveries = List.copyOf(transfer.deliveries());
        List<String> errors = List.copyOf(transfer.errors());
        BitSet covered = new BitSet(data.length);
        long next = 0;
        for (NicTransfer.Delivery d : deliveries) {
            assertThat(d.offset() + d.length()).as("%s: delivery %s ends inside the message", label, d)
                    .isLessThanOrEqualTo(data.length);
            int from = (int) d.offset();
            int to = (int) (d.offset() + d.length());
            int twice = covered.get(from, to).nextSetBit(0);
            if (twice >= 0) {
                fail("%s: byte %d delivered twice (delivery %s); deliveries %s", label, from + twice, d, deliveries);
            }
            if (from != next) {
                fail("%s: delivery %s is out of order: the message is handed over in order, so the next delivery "
                        + "starts at byte %d; deliveries %s", label, d, next, deliveries);
            }
            next = to;
            covered.set(from, to);
        }
        boolean whole = covered.cardinality() == data.length;
        if (lossless) {
            assertThat(errors).as("%s: errors on a lossless link", label).isEmpty();
        }
        if (!whole) {
            assertThat(errors).as("%s: only %d of %d bytes delivered (%s) and no error reported: silence", label,
                    covered.cardinality(), data.length, deliveries).isNotEmpty();
        } else {
            byte[] received = transfer.received();
            assertThat(received).as("%s: bytes at the destination", label).hasSize(data.length);
            for (int i = 0; i < data.length; i++) {
                if (received[i] != data[i]) {
                    fail("%s: byte %d of the message arrived as %d, sent as %d (delivered %s, errors %s)", label, i,
                            received[i], data[i], deliveries, errors);
                }
            }
        }
        byte[] after = transfer.surroundings();
        assertThat(after.length).as("%s: size of the destination's surroundings", label).isEqualTo(before.length);
        for (int i = 0; i < before.length; i++) {
            if (before[i] != after[i]) {
                fail("%s: byte %d of the destination's surroundings changed from %d to %d: a stray write", label, i,
                        before[i], after[i]);
            }
        }
        return new Outcome(deliveries, errors, bench.traceJson(), bench.metrics(), bench.now());
    }
}
