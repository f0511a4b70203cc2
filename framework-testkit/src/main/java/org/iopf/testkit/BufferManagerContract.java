package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The contract of the {@link org.iopf.api.buffer.BufferManager} role. A buffer manager's test class
 * implements this interface and supplies {@link #bufferPlatform()}; it inherits the tests that prove
 * the manager honours the role: a referenced (retained or attached) buffer is never freed, a buffer
 * is freed when its last reference goes, reserved bytes follow allocations and frees, and the same
 * seed gives the same trace.
 *
 * <p>Each test creates a process on {@code node1} and allocates buffers for it with
 * {@link #bufferSpec(long)}; the test writes a seeded pattern into each new buffer as its owner
 * would and reads it back later, so "not freed" is checked on the memory too. The checks:
 * <ul>
 *   <li>{@link #anAllocatedBufferIsListedWithOneReferenceAndItsBytesReserved}: buffers of 1 B to
 *       256 KiB are live, listed in {@code buffers()}, have distinct ids, their spec and owner,
 *       {@code size() >= } the request, one reference; {@code reservedBytes()} grows by at least each
 *       request; the owner can write and read back every byte; a buffer that says it is pinned has
 *       every page present and pinned in its owner's page table; under {@code STRICT_LOCAL} a buffer
 *       with resident pages reports the spec's NUMA node; {@code buffers()} is in id order.
 *   <li>{@link #aRetainedBufferSurvivesOneReleaseAndTheLastReleaseFreesIt}: after a retain one release
 *       leaves it live, listed, with one reference, its bytes reserved and its contents; the next
 *       frees it: {@code isFreed()}, refCount 0, not listed, {@code reservedBytes()} back where it was.
 *   <li>{@link #anAttachedBufferOutlivesItsOwnersReleaseUntilTheLastDetach} (managers that export):
 *       each attachment names its buffer and importer, has its own scatter-gather table covering the
 *       buffer and holds a reference; the owner's release and the first detach leave the buffer live
 *       with its contents; a second detach of the attachment detached already (refused or ignored)
 *       drops no reference; the last detach frees it.
 *   <li>{@link #anOwnersExtraReleaseCannotDropAnAttachmentsReference} (managers that export): once the
 *       owner has released its only reference of an attached buffer, another {@code release} throws
 *       and the buffer stays live with the attachment's reference and its contents, until the detach
 *       frees it ({@link Buffer}: a buffer is freed only when its last reference is released, and an
 *       attachment's reference is released by {@code detach} alone).
 *   <li>{@link #aManagerThatDoesNotExportRefusesAttachAndTakesNoReference} (managers that do not
 *       export): {@code attach} throws {@code UnsupportedOperationException} and the buffer keeps
 *       one reference; its release frees it.
 *   <li>{@link #aFreedBufferCannotBeRetainedReleasedOrAttached}: {@code retain}, {@code release} and
 *       {@code attach} of a freed buffer each throw {@code IllegalStateException}, as the role
 *       documents ({@code attach}: {@code UnsupportedOperationException} for a manager that does not
 *       export), and none of the three changes {@code buffers()},
 *       {@code reservedBytes()} or another buffer.
 *   <li>{@link #aSeededRandomSequenceNeverFreesAReferencedBufferAndAlwaysFreesAnUnreferencedOne}:
 *       400 seeded allocate/retain/release/attach/detach steps for each of three seeds, one step in
 *       ten instead a release the owner holds no reference for (of a freed buffer, which must also
 *       refuse retain with {@code IllegalStateException}, or of one held by attachments only), which
 *       must throw and change nothing; after every step each buffer is live with exactly the
 *       references the test holds or freed when it holds none, listed accordingly, the touched
 *       buffer keeps its contents, and {@code reservedBytes()} is the sum of the live buffers'
 *       reservations; {@code buffers()} stays in id order; a freed buffer never says it is pinned,
 *       and once everything is freed the node's memory manager has no more bytes pinned than before
 *       the first allocation. The failure names the seed and the step.
 *   <li>{@link #theSameSeedGivesTheSameTrace}: the random sequence on two benches of the same seed
 *       gives the same operations and outcomes (ids, addresses, NUMA nodes, reserved bytes), the same
 *       Chrome trace JSON and the same metrics.
 * </ul>
 *
 * @since 0.1
 */
public interface BufferManagerContract {
    /**
     * The platform the manager under test runs on, as platform-file text: a node {@code node1} whose
     * {@code BufferManager} role is the component under test.
     */
    String bufferPlatform();

    /**
     * What the contract asks the manager for when it needs a buffer of {@code bytes} bytes: by
     * default {@link BufferSpec#data(long)} (pages on NUMA node 0, nearest fallback). Override it
     * when the manager or the platform needs other options (another NUMA node or policy, huge
     * pages); under {@link org.iopf.api.mem.NumaPolicy#STRICT_LOCAL} the contract also checks that a
     * buffer whose pages are resident reports the spec's NUMA node.
     *
     * @param bytes the size, {@code > 0}
     * @return a spec of exactly {@code bytes} bytes
     */
    default BufferSpec bufferSpec(long bytes) {
        return BufferSpec.data(bytes);
    }

    /**
     * Whether the manager exports buffers to importers ({@code attach}/{@code detach}). Override it
     * to answer {@code false} only for a manager whose memory cannot be exported at all (device-private
     * memory, which a dma-buf cannot carry); the contract then checks that {@code attach} is refused
     * with {@code UnsupportedOperationException} without taking a reference, and leaves attachments
     * out of its other checks.
     */
    default boolean exportsBuffers() {
        return true;
    }

    /** Buffers of 1 B to 256 KiB are live, listed, sized, singly referenced, reserved and usable. */
    @Test
    default void anAllocatedBufferIsListedWithOneReferenceAndItsBytesReserved() {
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        long[] sizes = {1, 4095, 4096, 4097, 65536, 256 * 1024};

        for (int i = 0; i < sizes.length; i++) {
            rig.allocate(sizes[i], 100 + i);
        }

        rig.check("after " + sizes.length + " allocations");
        assertThat(rig.manager.reservedBytes() - rig.reservedAtStart).as("reservedBytes growth")
                .isGreaterThanOrEqualTo(java.util.Arrays.stream(sizes).sum());
        for (BufferRig.Tracked t : rig.tracked()) {
            rig.checkContents(t, "after allocation");
        }
    }

    /** One release after a retain leaves the buffer live; the last release frees it. */
    @Test
    default void aRetainedBufferSurvivesOneReleaseAndTheLastReleaseFreesIt() {
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        BufferRig.Tracked other = rig.allocate(8192, 1);
        BufferRig.Tracked t = rig.allocate(20000, 2);
        long reservedWithBoth = rig.manager.reservedBytes();

        rig.retain(t);
        assertThat(t.buffer.refCount()).as("references after a retain").isEqualTo(2);
        rig.release(t);

        assertThat(t.buffer.isFreed()).as("freed after one release of two references").isFalse();
        assertThat(t.buffer.refCount()).isEqualTo(1);
        assertThat(rig.manager.reservedBytes()).isEqualTo(reservedWithBoth);
        rig.check("after retain and one release");
        rig.checkContents(t, "after retain and one release");

        rig.release(t);

        assertThat(t.buffer.isFreed()).as("freed after its last release").isTrue();
        assertThat(t.buffer.refCount()).isZero();
        assertThat(rig.manager.buffers()).doesNotContain(t.buffer).contains(other.buffer);
        assertThat(rig.manager.reservedBytes()).as("reservedBytes after the last release")
                .isEqualTo(reservedWithBoth - t.reserved);
        rig.check("after the last release");
        rig.checkContents(other, "after another buffer was freed");
    }

    /** Attachments keep a buffer live past its owner's release; the last detach frees it. */
    @Test
    default void anAttachedBufferOutlivesItsOwnersReleaseUntilTheLastDetach() {
        Assumptions.assumeTrue(exportsBuffers(), "the manager does not export buffers");
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        BufferRig.Tracked t = rig.allocate(3 * 4096 + 5, 3);
        long reservedBefore = rig.manager.reservedBytes();

        Attachment nic = rig.attach(t, "node1/nic0");
        Attachment gpu = rig.attach(t, "node1/gpu0");
        assertThat(nic).isNotSameAs(gpu);
        assertThat(nic.scatterGatherTable()).as("each attachment has its own table").isNotSameAs(
                gpu.scatterGatherTable());
        assertThat(t.buffer.refCount()).as("references with two attachments").isEqualTo(3);
        rig.release(t);

        assertThat(t.buffer.isFreed()).as("freed by its owner's release while attached").isFalse();
        assertThat(t.buffer.refCount()).isEqualTo(2);
        assertThat(rig.manager.reservedBytes()).isEqualTo(reservedBefore);
        rig.check("after the owner's release");
        rig.checkContents(t, "after the owner's release while attached");

        rig.detach(t, nic);
        assertThat(t.buffer.isFreed()).as("freed with one attachment left").isFalse();
        rig.check("after the first detach");
        rig.checkContents(t, "after the first detach");
        rig.detachAgain(t, nic, "a second detach of the first attachment");
        assertThat(t.buffer.isFreed()).as("freed by a second detach of an attachment detached already, the other "
                + "attachment live").isFalse();
        rig.check("after a second detach of the first attachment");
        rig.checkContents(t, "after a second detach of the first attachment");

        rig.detach(t, gpu);
        assertThat(t.buffer.isFreed()).as("freed after the last detach").isTrue();
        assertThat(rig.manager.buffers()).doesNotContain(t.buffer);
        assertThat(rig.manager.reservedBytes()).isEqualTo(reservedBefore - t.reserved);
        rig.check("after the last detach");
    }

    /**
     * An owner's release beyond the references it holds is refused while an attachment holds one:
     * it would free the buffer under its importer, whose reference was never released.
     */
    @Test
    default void anOwnersExtraReleaseCannotDropAnAttachmentsReference() {
        Assumptions.assumeTrue(exportsBuffers(), "the manager does not export buffers");
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        BufferRig.Tracked t = rig.allocate(10000, 7);
        Attachment nic = rig.attach(t, "node1/nic0");
        rig.release(t);

        Throwable extra = catchThrowable(() -> rig.manager.release(t.buffer));

        assertThat(extra).as("a release by an owner that holds no reference, the buffer attached")
                .isInstanceOf(IllegalStateException.class);
        assertThat(t.buffer.isFreed()).as("freed under its importer").isFalse();
        assertThat(t.buffer.refCount()).isEqualTo(1);
        rig.check("after the owner's extra release");
        rig.checkContents(t, "after the owner's extra release");
        rig.detach(t, nic);
        assertThat(t.buffer.isFreed()).as("freed by the attachment's detach").isTrue();
        rig.check("after the detach");
    }

    /** A manager that does not export refuses attach with UnsupportedOperationException, no reference taken. */
    @Test
    default void aManagerThatDoesNotExportRefusesAttachAndTakesNoReference() {
        Assumptions.assumeFalse(exportsBuffers(), "the manager exports buffers");
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        BufferRig.Tracked t = rig.allocate(4096, 4);

        assertThatThrownBy(() -> rig.manager.attach(t.buffer, "node1/nic0"))
                .isInstanceOf(UnsupportedOperationException.class);

        assertThat(t.buffer.refCount()).as("references after a refused attach").isEqualTo(1);
        rig.check("after a refused attach");
        rig.release(t);
        assertThat(t.buffer.isFreed()).as("freed by the owner's only release").isTrue();
        rig.check("after the release");
    }

    /**
     * retain, release and attach of a freed buffer are each an IllegalStateException (attach: an
     * UnsupportedOperationException for a manager that does not export); nothing changes.
     */
    @Test
    default void aFreedBufferCannotBeRetainedReleasedOrAttached() {
        BufferRig rig = new BufferRig(this, TestBench.of(bufferPlatform()));
        BufferRig.Tracked live = rig.allocate(4096, 5);
        BufferRig.Tracked freed = rig.allocate(4096, 6);
        rig.release(freed);
        List<Buffer> listed = rig.manager.buffers();
        long reserved = rig.manager.reservedBytes();

        assertThatThrownBy(() -> rig.manager.retain(freed.buffer)).as("retain of a freed buffer")
                .isInstanceOf(IllegalStateException.class);
        Throwable release = catchThrowable(() -> rig.manager.release(freed.buffer));
        Throwable attach = catchThrowable(() -> rig.manager.attach(freed.buffer, "node1/nic0"));

        assertThat(release).as("release of a freed buffer").isInstanceOf(IllegalStateException.class);
        assertThat(attach).as("attach of a freed buffer")
                .isInstanceOf(exportsBuffers() ? IllegalStateException.class : UnsupportedOperationException.class);
        assertThat(freed.buffer.refCount()).as("references of the freed buffer").isZero();
        assertThat(rig.manager.buffers()).isEqualTo(listed);
        assertThat(rig.manager.reservedBytes()).isEqualTo(reserved);
        rig.check("after operations on a freed buffer");
        rig.checkContents(live, "after operations on another, freed buffer");
    }

    /** 400 seeded random reference operations, three seeds: referenced never freed, unreferenced always. */
    @Test
    default void aSeededRandomSequenceNeverFreesAReferencedBufferAndAlwaysFreesAnUnreferencedOne() {
        for (long seed : new long[] {1, 2, 3}) {
            BufferExercise.randomSequence(this, TestBench.of(bufferPlatform(), seed), seed, 400);
        }
    }

    /** The random sequence twice on the same seed: same operations and outcomes, trace JSON and metrics. */
    @Test
    default void theSameSeedGivesTheSameTrace() {
        long seed = 42;
        BufferRig a = BufferExercise.randomSequence(this, TestBench.of(bufferPlatform(), seed), seed, 200);
        BufferRig b = BufferExercise.randomSequence(this, TestBench.of(bufferPlatform(), seed), seed, 200);

        assertThat(a.log()).as("operations and outcomes, seed %d", seed).isEqualTo(b.log());
        assertThat(a.bench.traceJson()).as("trace JSON, seed %d", seed).isEqualTo(b.bench.traceJson());
        assertThat(a.bench.metrics()).as("metrics, seed %d", seed).isEqualTo(b.bench.metrics());
    }
}
