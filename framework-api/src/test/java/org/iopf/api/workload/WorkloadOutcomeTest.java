package org.iopf.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.fabric.Endpoint;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.platform.NodeId;
import org.junit.jupiter.api.Test;

final class WorkloadOutcomeTest {
    private static final Endpoint PORT = new Endpoint(new NodeId("node2"), "nic0");

    /** A queue pair that only has a number and a state. */
    private record StateOnly(int qpn, QueuePairState state) implements QueuePair {
        @Override
        public ProtectionDomain protectionDomain() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void connect(Endpoint remotePort, int remoteQpn) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PostResult postSend(WorkRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PostResult postReceive(ReceiveRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int outstandingSends() {
            return 0;
        }
    }

    @Test
    void everythingRequestedAndNoProblemIsComplete() {
        WorkloadOutcome outcome = WorkloadOutcome.of(64, 64, "messages");

        assertThat(outcome.isComplete()).isTrue();
        assertThat(outcome.shortfall()).isZero();
        assertThat(outcome.summary()).isEqualTo("64 of 64 messages completed");
    }

    @Test
    void aShortfallIsNotComplete() {
        WorkloadOutcome outcome = WorkloadOutcome.of(20000, 402, "messages");

        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.shortfall()).isEqualTo(19598);
        assertThat(outcome.summary()).isEqualTo("402 of 20000 messages completed");
    }

    @Test
    void aProblemMakesEvenAFullCountIncompleteAndIsSummarised() {
        WorkloadOutcome outcome = WorkloadOutcome.of(8, 8, "blocks").withProblem("2 blocks still in flight");

        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.problems()).containsExactly("2 blocks still in flight");
        assertThat(outcome.summary()).isEqualTo("8 of 8 blocks completed; 2 blocks still in flight");
    }

    @Test
    void aQueuePairInErrorIsAProblemNamingItsPortNumberAndFirstFailure() {
        WorkloadOutcome outcome = WorkloadOutcome.of(20000, 402, "messages")
                .withQueuePair(PORT, new StateOnly(1, QueuePairState.ERROR), CompletionStatus.TRANSPORT_RETRY_EXCEEDED)
                .withQueuePair(PORT, new StateOnly(2, QueuePairState.ERROR), null);

        assertThat(outcome.problems()).containsExactly(
                "node2/nic0 queue pair 1 is in ERROR (first failure: TRANSPORT_RETRY_EXCEEDED)",
                "node2/nic0 queue pair 2 is in ERROR");
    }

    @Test
    void aReadyQueuePairIsNoProblem() {
        WorkloadOutcome outcome = WorkloadOutcome.of(4, 4, "messages")
                .withQueuePair(PORT, new StateOnly(1, QueuePairState.READY), CompletionStatus.WORK_REQUEST_FLUSHED);

        assertThat(outcome.isComplete()).isTrue();
        assertThat(outcome.problems()).isEmpty();
    }

    @Test
    void countsOutOfOrderAndBlankUnitsOrProblemsAreRefused() {
        assertThatThrownBy(() -> WorkloadOutcome.of(4, 5, "messages")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5 of 4");
        assertThatThrownBy(() -> WorkloadOutcome.of(4, -1, "messages")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorkloadOutcome.of(4, 4, " ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorkloadOutcome.of(4, 4, "messages").withProblem("two\nlines"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void outcomesWithTheSameFiguresAndProblemsAreEqual() {
        assertThat(WorkloadOutcome.of(4, 3, "steps").withProblem("x"))
                .isEqualTo(WorkloadOutcome.of(4, 3, "steps").withProblem("x"))
                .isNotEqualTo(WorkloadOutcome.of(4, 3, "steps"));
    }
}
