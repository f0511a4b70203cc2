package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/**
 * The TBU's limit on outstanding transactions ({@code outstandingTransactions}): a transaction that
 * finds every slot taken by translations in progress waits for the first to finish; one that finds
 * every slot holding a stalled transaction is held and retried after a CMD_RESUME.
 */
final class OutstandingTransactionsTest {
    private static final long PAGE = 4096;

    @Test
    void aTransactionWaitsForTheFirstSlotToFree() {
        OutstandingTransactions slots = new OutstandingTransactions(2);
        assertThat(slots.admit(0)).isZero();
        slots.answeredAt(300);
        assertThat(slots.admit(0)).isZero();
        slots.answeredAt(100);

        assertThat(slots.admit(50)).as("waits for the one answered at 100").isEqualTo(50);
        slots.answeredAt(400);
        assertThat(slots.admit(100)).as("the next frees at 300").isEqualTo(200);
    }

    @Test
    void withEverySlotStalledATransactionIsHeldUntilAResume() {
        OutstandingTransactions slots = new OutstandingTransactions(1);
        assertThat(slots.admit(0)).isZero();
        slots.stalled();
        List<String> retried = new ArrayList<>();

        assertThat(slots.admit(10)).isEqualTo(-1);
        slots.hold(() -> retried.add("retry"));
        assertThat(retried).isEmpty();
        slots.resumed();

        assertThat(retried).containsExactly("retry");
        assertThat(slots.admit(20)).as("the resumed slot is free").isZero();
    }

    @Test
    void theSmmuHoldsATransactionBehindTwoStallsAndRetriesItAfterTheirResume() {
        SmmuBench b = new SmmuBench("outstandingTransactions: 2", "linux-iopf");
        b.smmu.attach(SmmuBench.STREAM, SmmuBench.DOMAIN, b.space);
        List<FaultResolution> outcomes = new ArrayList<>();
        List<Translation> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            answers.add(b.smmu.translate(SmmuBench.STREAM, b.va + i * PAGE, Access.READ, (r, o) -> outcomes.add(o)));
        }

        assertThat(answers.get(0)).isInstanceOf(Translation.Fault.class);
        assertThat(answers.get(1)).isInstanceOf(Translation.Fault.class);
        assertThat(answers.get(2)).as("both slots hold stalled transactions").isInstanceOf(Translation.Held.class);
        assertThat(b.counter("node1.smmu.tbu.held")).isEqualTo(1);
        assertThat(b.counter("node1.smmu.stalls")).isEqualTo(2);
        b.bench.run();

        assertThat(outcomes).as("two resumed stalls, then the held one told to translate again")
                .containsExactly(FaultResolution.RETRY, FaultResolution.RETRY, FaultResolution.RETRY);
        assertThat(b.counter("node1.smmu.evtq.events")).as("the held transaction recorded no event").isEqualTo(2);
    }

    @Test
    void theDefaultOf128DoesNotHoldASingleStall() {
        SmmuBench b = new SmmuBench("", "linux-iopf");
        b.smmu.attach(SmmuBench.STREAM, SmmuBench.DOMAIN, b.space);

        for (int i = 0; i < 128; i++) {
            b.smmu.translate(SmmuBench.STREAM, b.va + i * PAGE, Access.READ, (r, o) -> { });
        }
        Translation next = b.smmu.translate(SmmuBench.STREAM, b.va + 200 * PAGE, Access.READ, (r, o) -> { });

        assertThat(b.counter("node1.smmu.stalls")).isEqualTo(128);
        assertThat(next).as("the 129th transaction").isInstanceOf(Translation.Held.class);
    }
}
