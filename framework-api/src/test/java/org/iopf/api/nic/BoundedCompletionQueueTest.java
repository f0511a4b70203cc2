package org.iopf.api.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class BoundedCompletionQueueTest {
    private static WorkCompletion completion(long wrId) {
        return new WorkCompletion(wrId, 1, CompletionOpcode.RDMA_WRITE, CompletionStatus.SUCCESS, 4096, 0, wrId);
    }

    @Test
    void completionsArePolledInOrderAndAFullQueueCountsAnOverflow() {
        BoundedCompletionQueue cq = new BoundedCompletionQueue(2);

        assertThat(cq.add(completion(1))).isTrue();
        assertThat(cq.add(completion(2))).isTrue();
        assertThat(cq.add(completion(3))).isFalse();

        assertThat(cq.overflows()).isEqualTo(1);
        assertThat(cq.size()).isEqualTo(2);
        assertThat(cq.poll(8)).extracting(WorkCompletion::wrId).containsExactly(1L, 2L);
        assertThat(cq.size()).isZero();
        assertThat(cq.capacity()).isEqualTo(2);
    }

    @Test
    void theListenerHearsOnlyTheStepFromEmptyToNotEmpty() {
        BoundedCompletionQueue cq = new BoundedCompletionQueue(4);
        int[] calls = {0};
        cq.setListener(() -> calls[0]++);

        cq.add(completion(1));
        cq.add(completion(2));
        assertThat(calls[0]).isEqualTo(1);
        assertThat(cq.poll(1)).extracting(WorkCompletion::wrId).containsExactly(1L);
        cq.add(completion(3));
        assertThat(calls[0]).isEqualTo(1);
        cq.poll(8);
        cq.add(completion(4));
        assertThat(calls[0]).isEqualTo(2);
    }

    @Test
    void aQueueHoldsAtLeastOneCompletion() {
        assertThatThrownBy(() -> new BoundedCompletionQueue(0)).hasMessageContaining("capacity must be > 0");
    }
}
