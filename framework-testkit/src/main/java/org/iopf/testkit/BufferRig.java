package org.iopf.testkit;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageTableEntry;

/**
 * The buffer contract's test rig: the manager of {@code node1}, a process that owns the buffers,
 * and for every buffer the rig allocated the references it holds (the owner's: the allocation and
 * each retain; the attachments), the bytes it reserved and the seeded pattern written into it; a
 * log of every operation and its outcome.
 */
final class BufferRig {
    /** The manager's node. */
    static final String NODE = "node1";

    final TestBench bench;
    final BufferManager manager;
    final MemoryManager memory;
    final AddressSpace owner;
    /** {@link BufferManager#reservedBytes()} before the rig allocated anything. */
    final long reservedAtStart;
    /** Bytes the node's memory manager had pinned before the rig allocated anything. */
    final long pinnedAtStart;
    private final BufferManagerContract contract;
    private final List<Tracked> tracked = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    /** A buffer the rig allocated, with the references the rig holds on it. */
    static final class Tracked {
        final Buffer buffer;
        final long requested;
        final long reserved;
        final long patternSeed;
        int ownerRefs = 1;
        final List<Attachment> attachments = new ArrayList<>();

        Tracked(Buffer buffer, long requested, long reserved, long patternSeed) {
            this.buffer = buffer;
            this.requested = requested;
            this.reserved = reserved;
            this.patternSeed = patternSeed;
        }

        int references() {
            return ownerRefs + attachments.size();
        }
    }

    BufferRig(BufferManagerContract contract, TestBench bench) {
        this.contract = requireNonNull(contract, "contract is null");
        this.bench = requireNonNull(bench, "bench is null");
        this.manager = bench.role(NODE, BufferManager.class);
        this.memory = bench.memoryManager(NODE);
        this.owner = memory.createAddressSpace("buffer-contract");
        this.reservedAtStart = manager.reservedBytes();
        this.pinnedAtStart = memory.stats().pinnedBytes();
    }

    /**
     * Allocates {@code bytes} through the contract's spec, checks the new buffer (listed, size,
     * one reference, reserved bytes grown by at least its size, its spec's NUMA node under
     * {@code STRICT_LOCAL}) and writes a seeded pattern into it as its owner would.
     */
    Tracked allocate(long bytes, long patternSeed) {
        BufferSpec spec = contract.bufferSpec(bytes);
        assertThat(spec.size()).as("bufferSpec(%d).size()", bytes).isEqualTo(bytes);
        long reservedBefore = manager.reservedBytes();
        AllocationResult result = manager.allocate(owner, spec);
        assertThat(result).as("allocation of %s", spec).isInstanceOf(AllocationResult.Allocated.class);
        Buffer buffer = result.requireBuffer();
        long reserved = manager.reservedBytes() - reservedBefore;
        assertThat(buffer.isFreed()).as("a new buffer is freed").isFalse();
        assertThat(buffer.refCount()).as("references of a new buffer").isEqualTo(1);
        assertThat(buffer.size()).as("size of a buffer of %d B", bytes).isGreaterThanOrEqualTo(bytes);
        assertThat(buffer.owner()).as("owner").isSameAs(owner);
        assertThat(buffer.spec()).as("spec").isEqualTo(spec);
        assertThat(reserved).as("reservedBytes growth for a buffer of %d B", bytes).isGreaterThanOrEqualTo(bytes);
        assertThat(manager.buffers()).as("buffers() after allocating #%d", buffer.id()).contains(buffer);
        for (Tracked t : tracked) {
            if (!t.buffer.isFreed()) {
                assertThat(t.buffer.id()).as("id of a new buffer beside a live one").isNotEqualTo(buffer.id());
            }
        }
        Tracked t = new Tracked(buffer, bytes, reserved, patternSeed);
        tracked.add(t);
        memory.write(owner, buffer.address(), pattern(t), 0, (int) bytes);
        if (buffer.pinned()) {
            checkPinned(buffer);
        }
        if (spec.numaPolicy() == NumaPolicy.STRICT_LOCAL && buffer.numaNode().isPresent()) {
            assertThat(buffer.numaNode()).as("NUMA node of a STRICT_LOCAL buffer with resident pages")
                    .hasValue(spec.numaNode());
        }
        log.add("allocate " + bytes + " B -> #" + buffer.id() + " at 0x" + Long.toHexString(buffer.address())
                + " size " + buffer.size() + " numa " + (buffer.numaNode().isPresent() ? buffer.numaNode().getAsInt()
                        : "none") + " reserved " + manager.reservedBytes());
        return t;
    }

    /** Every page of a buffer that says it is pinned is present and pinned in its owner's page table. */
    private void checkPinned(Buffer buffer) {
        long va = buffer.address();
        long end = buffer.address() + buffer.size();
        while (va < end) {
            long at = va;
            PageTableEntry pte = owner.entry(at).orElseThrow(() -> new AssertionError("page 0x"
                    + Long.toHexString(at) + " of pinned buffer #" + buffer.id() + " has no page-table entry"));
            assertThat(pte.present() && pte.pinned())
                    .as("page 0x%s of pinned buffer #%d is present and pinned: %s", Long.toHexString(at), buffer.id(),
                            pte)
                    .isTrue();
            va = pte.va() + pte.size().bytes();
        }
    }

    void retain(Tracked t) {
        manager.retain(t.buffer);
        t.ownerRefs++;
        log.add("retain #" + t.buffer.id() + " -> refs " + t.buffer.refCount());
    }

    void release(Tracked t) {
        if (t.ownerRefs == 0) {
            throw new IllegalStateException("the rig holds no owner reference on #" + t.buffer.id());
        }
        manager.release(t.buffer);
        t.ownerRefs--;
        log.add("release #" + t.buffer.id() + " -> refs " + t.buffer.refCount() + " reserved "
                + manager.reservedBytes());
    }

    Attachment attach(Tracked t, String importer) {
        Attachment attachment = manager.attach(t.buffer, importer);
        t.attachments.add(attachment);
        assertThat(attachment.buffer()).as("buffer of an attachment").isSameAs(t.buffer);
        assertThat(attachment.importer()).as("importer of an attachment").isEqualTo(importer);
        long covered = attachment.scatterGatherTable().stream().mapToLong(e -> e.length()).sum();
        assertThat(covered).as("bytes covered by %s's scatter-gather table of #%d", importer, t.buffer.id())
                .isGreaterThanOrEqualTo(t.buffer.size());
        log.add("attach #" + t.buffer.id() + " to " + importer + " -> refs " + t.buffer.refCount() + " sg "
                + attachment.scatterGatherTable().size());
        return attachment;
    }

    void detach(Tracked t, Attachment attachment) {
        if (!t.attachments.remove(attachment)) {
            throw new IllegalStateException("not an attachment the rig holds: " + attachment);
        }
        manager.detach(attachment);
        log.add("detach #" + t.buffer.id() + " from " + attachment.importer() + " -> refs " + t.buffer.refCount()
                + " reserved " + manager.reservedBytes());
    }

    /**
     * Detaches an attachment the rig detached already, as a confused importer would: the manager may
     * refuse it with an exception or ignore it, but it must not drop a reference (the attachment's
     * was dropped by its first detach), which {@link #check} then confirms.
     */
    void detachAgain(Tracked t, Attachment attachment, String when) {
        if (t.attachments.contains(attachment)) {
            throw new IllegalStateException("an attachment the rig still holds: " + attachment);
        }
        int before = t.buffer.refCount();
        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> manager.detach(attachment));
        assertThat(t.buffer.refCount())
                .as("%s: references of #%d after a second detach of its attachment to %s (%s): a detach drops only "
                        + "its own attachment's reference, once", when, t.buffer.id(), attachment.importer(),
                        refused == null ? "accepted" : "refused with " + refused)
                .isEqualTo(before);
        log.add("second detach of #" + t.buffer.id() + " from " + attachment.importer() + " -> "
                + (refused == null ? "ignored" : refused.getClass().getSimpleName()));
    }

    /**
     * Calls {@code release} on a buffer the rig holds no owner reference on (freed, or held by
     * attachments only), and {@code retain} too if it is freed: each must throw
     * ({@code retain} an {@link IllegalStateException}) and change nothing, which {@link #check}
     * then confirms.
     */
    void misuse(Tracked t, String when) {
        if (t.ownerRefs != 0) {
            throw new IllegalStateException("the rig holds an owner reference on #" + t.buffer.id());
        }
        int before = t.buffer.refCount();
        Throwable release = org.assertj.core.api.Assertions.catchThrowable(() -> manager.release(t.buffer));
        assertThat(release).as("%s: release of #%d by an owner holding no reference (%d attachment(s))", when,
                t.buffer.id(), t.attachments.size()).isInstanceOf(IllegalStateException.class);
        if (t.references() == 0) {
            Throwable retain = org.assertj.core.api.Assertions.catchThrowable(() -> manager.retain(t.buffer));
            assertThat(retain).as("%s: retain of freed #%d", when, t.buffer.id())
                    .isInstanceOf(IllegalStateException.class);
        }
        assertThat(t.buffer.refCount()).as("%s: references of #%d after a refused release", when, t.buffer.id())
                .isEqualTo(before);
        log.add("refused release of #" + t.buffer.id() + " (" + t.attachments.size() + " attachment(s))");
    }

    /**
     * Checks every buffer the rig allocated against the references it holds: a referenced one is
     * live, listed, has exactly that many references and still holds its pattern; an unreferenced
     * one is freed, has 0 references and is not listed; reserved bytes are those of the live ones.
     */
    void check(String when) {
        List<Buffer> listed = manager.buffers();
        for (int i = 1; i < listed.size(); i++) {
            assertThat(listed.get(i).id()).as("%s: buffers() is by id: %s", when, listed)
                    .isGreaterThan(listed.get(i - 1).id());
        }
        long reserved = reservedAtStart;
        for (Tracked t : tracked) {
            int refs = t.references();
            Buffer b = t.buffer;
            if (refs > 0) {
                reserved += t.reserved;
                assertThat(b.isFreed()).as("%s: #%d, %d references held, is freed; last steps %s", when, b.id(), refs,
                        recentLog())
                        .isFalse();
                assertThat(b.refCount()).as("%s: refCount of #%d", when, b.id()).isEqualTo(refs);
                assertThat(listed).as("%s: buffers() lists #%d", when, b.id()).contains(b);
            } else {
                assertThat(b.isFreed()).as("%s: #%d, no reference held, is freed; last steps %s", when, b.id(),
                        recentLog())
                        .isTrue();
                assertThat(b.refCount()).as("%s: refCount of freed #%d", when, b.id()).isZero();
                assertThat(b.pinned()).as("%s: freed #%d still says its pages are pinned", when, b.id()).isFalse();
                assertThat(listed).as("%s: buffers() does not list freed #%d", when, b.id()).doesNotContain(b);
            }
        }
        assertThat(manager.reservedBytes()).as("%s: reservedBytes", when).isEqualTo(reserved);
    }

    /** Asserts that {@code t}'s memory still holds the pattern written at its allocation. */
    void checkContents(Tracked t, String when) {
        byte[] now = new byte[(int) t.requested];
        memory.read(owner, t.buffer.address(), now, 0, now.length);
        int first = Arrays.mismatch(pattern(t), now);
        assertThat(first).as("%s: first byte of #%d that lost its contents", when, t.buffer.id()).isEqualTo(-1);
    }

    private static byte[] pattern(Tracked t) {
        byte[] bytes = new byte[(int) t.requested];
        new Random(t.patternSeed).nextBytes(bytes);
        return bytes;
    }

    /** The buffers allocated so far, in allocation order. */
    List<Tracked> tracked() {
        return tracked;
    }

    /** Every operation and its outcome, one line each. */
    List<String> log() {
        return List.copyOf(log);
    }

    /** The last 20 lines of the log, for failure messages. */
    List<String> recentLog() {
        return List.copyOf(log.subList(Math.max(0, log.size() - 20), log.size()));
    }
}
