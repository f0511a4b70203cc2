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

    @Test
    void aPathTakesItsLocksInOrderRunsItsBodyAndReleasesThemAll() {
        List<String> log = new ArrayList<>();
        Runnable[] release = new Runnable[1];
        assertThat(locks.withLocks("a", RdmaEngine.REGISTRATION_PATH, r -> {
            log.add("a holds " + locks.heldBy("a"));
            release[0] = r;
        })).isNull();
        assertThat(locks.withLocks("b", List.of(LockClass.DEV_MUTEX, LockClass.MR_LOCK), r -> {
            log.add("b at " + platform.kernel().now());
            r.run();
        })).isNull();
        assertThat(log).containsExactly("a holds [DEV_MUTEX, RDMA_SEM, BUF_LOCK, MR_LOCK]");
        assertThat(locks.lock(LockClass.DEV_MUTEX).waiting()).isEqualTo(1);
        platform.kernel().schedule(Time.micros(3), () -> release[0].run());
        platform.kernel().run();
        assertThat(log).containsExactly("a holds [DEV_MUTEX, RDMA_SEM, BUF_LOCK, MR_LOCK]", "b at 3000");
        for (LockClass c : LockClass.values()) {
            assertThat(locks.lock(c).holder()).isNull();
        }
        assertThat(locks.heldBy("a")).isEmpty();
        assertThat(locks.heldBy("b")).isEmpty();
        assertThat(locks.violations()).isEmpty();
    }

    @Test
    void aPathOutOfOrderIsReportedAndBackedOutWithoutRunningItsBody() {
        boolean[] ran = {false};
        LockOrderViolation v = locks.withLocks("t", List.of(LockClass.DEV_MUTEX, LockClass.MR_LOCK, LockClass.BUF_LOCK),
                r -> ran[0] = true);
        assertThat(v).isNotNull();
        assertThat(v.held()).isEqualTo(LockClass.MR_LOCK);
        assertThat(v.wanted()).isEqualTo(LockClass.BUF_LOCK);
        assertThat(ran[0]).isFalse();
        assertThat(locks.heldBy("t")).isEmpty();
        assertThat(locks.lock(LockClass.DEV_MUTEX).holder()).isNull();
        assertThat(locks.lock(LockClass.MR_LOCK).holder()).isNull();
        assertThat(locks.violations()).containsExactly(v);
    }

    @Test
    void registrationsTakeTheWholeHierarchyOneAfterAnother() {
        TestPlatform two = TestPlatform.twoNodes("{}");
        Dmaplane device = two.device("node1");
        LockOrderChecker locks = device.locks();
        org.iopf.api.mem.AddressSpace app = two.process("node1", "app");
        List<Long> registeredAt = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            DmaplaneBuffer b = (DmaplaneBuffer) device.allocate(app,
                    org.iopf.api.buffer.BufferSpec.data(64 * 4096)).requireBuffer();
            device.rdma().register(b, false, r -> registeredAt.add(two.kernel().now()),
                    reason -> registeredAt.add(-1L));
        }
        two.kernel().run();
        // 64 pages at the default 60 ns each, one registration at a time under dev_mutex
        assertThat(registeredAt).containsExactly(64 * 60L, 2 * 64 * 60L, 3 * 64 * 60L);
        for (LockClass c : LockClass.values()) {
            assertThat(locks.lock(c).acquisitions()).as(c.lockName()).isEqualTo(3);
            assertThat(locks.lock(c).holder()).as(c.lockName()).isNull();
        }
        assertThat(locks.lock(LockClass.DEV_MUTEX).contended()).isEqualTo(2);
        assertThat(locks.lock(LockClass.RDMA_SEM).contended()).isZero();
        assertThat(locks.violations()).isEmpty();
    }
}
