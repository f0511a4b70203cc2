package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.mem.PinResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;

/**
 * The backup ring of one CPU (FIDELITY C3): a small ring of slots in pinned memory owned by the
 * IOprovider, each large enough for one frame. A packet whose user buffer faults is written into a
 * free slot; the slot is freed once the IOprovider has copied the packet into the user buffer. A
 * full ring cannot take a packet: the caller drops it and the ring counts the overflow.
 *
 * <p>The slots are real memory: the ring is mapped and pinned in the IOprovider's address space
 * (so it shows in the node's pinned bytes), packets are written into its frames and copied out of
 * them.
 */
final class BackupRing {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryManager memoryManager;
    private final PhysicalMemory memory;
    private final AddressSpace space;
    private final long base;
    private final int slots;
    private final long slotBytes;
    private final int[] free;
    /** The frame of each page of the ring: pinned, so they never change (looked up once). */
    private final long[] frames;
    private int freeCount;
    private int maxOccupancy;
    private final Counter stored;
    private final Counter overflows;
    private final Counter copies;
    private final Counter copiedBytes;

    /**
     * Maps and pins a ring of {@code slots} slots of {@code slotBytes} each in a new IOprovider
     * address space of the node.
     *
     * @throws IllegalStateException if the ring cannot be pinned
     */
    BackupRing(MemoryManager memoryManager, String owner, int slots, long slotBytes, Metrics metrics) {
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        if (slots <= 0 || slotBytes <= 0 || !PageSize.BASE.isAligned(slotBytes)) {
            throw new IllegalArgumentException("need slots > 0 and whole-page slots: " + slots + ", " + slotBytes);
        }
        this.memory = memoryManager.physicalMemory();
        this.slots = slots;
        this.slotBytes = slotBytes;
        this.space = memoryManager.createAddressSpace(owner + "-ioprovider");
        this.base = memoryManager.mmap(space, bytes(), MapOptions.DEFAULT);
        PinResult pinned = memoryManager.pin(space, base, bytes());
        if (pinned != PinResult.PINNED) {
            throw new IllegalStateException(owner + ": cannot pin a backup ring of " + bytes() + " B: " + pinned);
        }
        this.frames = new long[Math.toIntExact(bytes() / PAGE)];
        for (int i = 0; i < frames.length; i++) {
            long va = base + i * PAGE;
            frames[i] = memoryManager.translate(space, va, Access.WRITE).orElseThrow(() -> new IllegalStateException(
                    "backup ring page 0x" + Long.toHexString(va) + " is not resident"));
        }
        this.free = new int[slots];
        for (int i = 0; i < slots; i++) {
            free[i] = slots - 1 - i;
        }
        this.freeCount = slots;
        this.stored = NicStatistics.RING_STORED.counter(metrics);
        this.overflows = NicStatistics.RING_OVERFLOWS.counter(metrics);
        this.copies = NicStatistics.RING_COPIES.counter(metrics);
        this.copiedBytes = NicStatistics.RING_COPIED_BYTES.counter(metrics);
        NicStatistics.RING_OCCUPANCY.gauge(metrics, this::occupancy);
        NicStatistics.RING_MAX_OCCUPANCY.gauge(metrics, () -> maxOccupancy);
        NicStatistics.RING_BYTES.gauge(metrics, this::bytes);
    }

    /** Takes a free slot, or returns -1 and counts an overflow when the ring is full. */
    int allocate() {
        if (freeCount == 0) {
            overflows.increment();
            return -1;
        }
        int slot = free[--freeCount];
        maxOccupancy = Math.max(maxOccupancy, occupancy());
        return slot;
    }

    /** Writes a packet's payload into {@code slot}. */
    void store(int slot, Payload payload) {
        if (payload.length() > slotBytes) {
            throw new IllegalArgumentException("payload of " + payload.length() + " B exceeds a " + slotBytes
                    + " B slot");
        }
        long done = 0;
        while (done < payload.length()) {
            long va = slotAddress(slot) + done;
            long n = Math.min(payload.length() - done, PageSize.BASE.alignDown(va) + PAGE - va);
            memory.write(frame(va), payload, done, n);
            done += n;
        }
        stored.increment();
    }

    /**
     * Copies {@code length} bytes from {@code slot} into the user buffer at stream offset
     * {@code seq}; every page of the destination must be resident.
     *
     * @return false if a destination page is not resident (nothing after it was copied)
     */
    boolean copyOut(int slot, long length, RxBuffer destination, long seq) {
        long offset = 0;
        while (offset < length) {
            long va = destination.address(seq + offset);
            long n = RxBuffer.pieceLength(va, length - offset);
            long pa = memoryManager.translateOrNegative(destination.space(), va, Access.WRITE);
            if (pa < 0) {
                return false;
            }
            long done = 0;
            while (done < n) {
                long from = slotAddress(slot) + offset + done;
                long m = Math.min(n - done, PageSize.BASE.alignDown(from) + PAGE - from);
                memory.copy(frame(from), pa + done, m);
                done += m;
            }
            offset += n;
        }
        copies.increment();
        copiedBytes.add(length);
        return true;
    }

    /** Returns a slot to the ring. */
    void release(int slot) {
        if (freeCount == slots) {
            throw new IllegalStateException("every slot is free already");
        }
        free[freeCount++] = slot;
    }

    private long slotAddress(int slot) {
        return base + slot * slotBytes;
    }

    private long frame(long va) {
        long offset = va - base;
        return frames[(int) (offset / PAGE)] + offset % PAGE;
    }

    /** Slots in use. */
    int occupancy() {
        return slots - freeCount;
    }

    /** Slots in all. */
    int capacity() {
        return slots;
    }

    /** Bytes of pinned memory the ring takes. */
    long bytes() {
        return slots * slotBytes;
    }

    /** Packets a full ring turned away. */
    long overflows() {
        return overflows.value();
    }

    /** The most slots in use at once. */
    int maxOccupancy() {
        return maxOccupancy;
    }
}
