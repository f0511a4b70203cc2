package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** E3: the order dev_mutex → rdma_sem → buf_lock → mr_lock is checked, and a breach is reported. */
final class LockOrderTest {
    private final TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{}");
    private final LockOrderChecker locks = platform.device("node1").locks();

    @Test
    void takingLocksInOrderWorksAndAWaiterGetsTheLockWhenItIsReleased() {
        List<String> log = new ArrayList<>();
        assertThat(locks.acquire("a", LockClass.DEV_MUTEX, () -> log.add("a dev"))).isNull();
        assertThat(locks.acquire("a", LockClass.BUF_LOCK, () -> log.add("a buf"))).isNull();
        assertThat(locks.acquire("b", LockClass.BUF_LOCK, () -> log.add("b buf at " + platform.kernel().now())))
                .isNull();
        assertThat(log).containsExactly("a dev", "a buf");
        platform.kernel().schedule(Time.micros(5), () -> locks.release("a", LockClass.BUF_LOCK));
        platform.kernel().run();
        assertThat(log).containsExactly("a dev", "a buf", "b buf at 5000");
        assertThat(locks.lock(LockClass.BUF_LOCK).holder()).isEqualTo("b");
        assertThat(locks.lock(LockClass.BUF_LOCK).contended()).isEqualTo(1);
        assertThat(locks.violations()).isEmpty();
    }

    @Test
    void aLockTakenOutOfOrderIsReportedWithBothNamesAndNotTaken() {
        locks.acquire("t", LockClass.MR_LOCK, () -> { });
        boolean[] ran = {false};
        LockOrderViolation v = locks.acquire("t", LockClass.RDMA_SEM, () -> ran[0] = true);
        assertThat(v).isNotNull();
        assertThat(v.held()).isEqualTo(LockClass.MR_LOCK);
        assertThat(v.wanted()).isEqualTo(LockClass.RDMA_SEM);
        assertThat(v.describe()).contains("mr_lock", "rdma_sem");
        assertThat(ran[0]).isFalse();
        assertThat(locks.lock(LockClass.RDMA_SEM).holder()).isNull();
        assertThat(locks.heldBy("t")).containsExactly(LockClass.MR_LOCK);
        assertThat(platform.device("node1").render("locks")).anyMatch(l -> l.contains("holds mr_lock and asks for rdma_sem"));
        // taking the same lock twice is a violation too (it would self-deadlock)
        assertThat(locks.acquire("t", LockClass.MR_LOCK, () -> { })).isNotNull();
        assertThat(locks.violations()).hasSize(2);
    }
}
