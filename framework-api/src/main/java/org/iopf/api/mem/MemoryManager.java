package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The OS memory manager of a node: process address spaces, demand paging (zero-fill and swap-in),
 * reclaim under memory pressure, pinning with a pinnable limit, MMU notifiers, advice and THP.
 *
 * <p>Pages are faulted in on demand. {@link #faultIn} models the fault's cost in simulated time;
 * the CPU-side accessors ({@link #read}, {@link #write}) and {@link #pin} are immediate: they
 * prepare state for a workload and cost no simulated time (a component that wants the cost calls
 * {@code faultIn} first).
 *
 * <p>What not every memory manager models is an optional capability, found as a node finds a
 * component for a role: {@link #deviceMemory()} / {@link #requireDeviceMemory()} for device-private
 * memory (HMM), {@link #copyOnWriteFork()} / {@link #requireCopyOnWriteFork()} for fork,
 * {@link #memoryProtection()} / {@link #requireMemoryProtection()} for {@code mprotect}. A page a
 * device holds exclusive access to ({@link DeviceMemory#makeDeviceExclusive}) has no usable CPU
 * entry: {@link #translate} answers empty, and the first CPU access (any accessor, {@link #pin}, a
 * fault) restores it after calling the notifiers with {@link InvalidationReason#EXCLUSIVE}.
 *
 * <p>Reclaim keeps at least the low-watermark of free memory (the memory-pressure setting); it
 * never takes a pinned page, and it calls every notifier registered for an address space before
 * the page's frame is freed.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface MemoryManager {
    /** The system memory this manager allocates from. */
    PhysicalMemory physicalMemory();

    /** Creates a process with an empty address space. */
    AddressSpace createAddressSpace(String name);

    /** The process with this pid, if any. */
    Optional<AddressSpace> addressSpace(int pid);

    /**
     * The process a fault names ({@link org.iopf.api.fault.FaultRecord#pid()}), if it names one and
     * the process exists.
     *
     * @since 0.2
     */
    default Optional<AddressSpace> addressSpace(OptionalInt pid) {
        return pid.isPresent() ? addressSpace(pid.getAsInt()) : Optional.empty();
    }

    /**
     * Maps {@code length} bytes of anonymous memory at an address the manager chooses (aligned to
     * 2 MiB so that THP can apply).
     *
     * @return the virtual address of the mapping
     */
    long mmap(AddressSpace space, long length, MapOptions options);

    /** Unmaps a range: notifiers are called, pinned pages are unpinned, frames freed. */
    void munmap(AddressSpace space, long va, long length);

    /**
     * The physical address backing {@code va} for {@code access}, if the page is present and
     * allows it (not for a device-private page, a page in a migration entry or a device-exclusive
     * entry); sets the accessed (and for writes the dirty) bit. Never faults.
     *
     * @return the physical address, or empty when the access would fault
     */
    OptionalLong translate(AddressSpace space, long va, Access access);

    /**
     * As {@link #translate}, for a caller that translates on every access (a device copying page
     * by page): the physical address, or {@code -1} when the access would fault, with nothing
     * allocated. Sets the same bits as {@code translate}.
     *
     * @return the physical address ({@code >= 0}), or {@code -1} when the access would fault
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    default long translateOrNegative(AddressSpace space, long va, Access access) {
        return translate(space, va, access).orElse(-1);
    }

    /**
     * Resolves a fault on the page containing {@code va}, taking simulated time: a zero-fill
     * costs the minor-fault time, a swap-in the swap latency. {@code done} is called when the
     * page is present, with its page-table entry, or with the reason it cannot be.
     */
    void faultIn(AddressSpace space, long va, Access access, Consumer<FaultedPage> done);

    /**
     * Resolves a fault at once, with no simulated time. For setup and for components that model
     * the fault's cost themselves.
     */
    FaultInResult faultInNow(AddressSpace space, long va, Access access);

    /** Faults in and pins every page of a range, all or nothing, within the pinnable limit. */
    PinResult pin(AddressSpace space, long va, long length);

    /** Unpins a range; pages stay resident but become reclaimable. */
    void unpin(AddressSpace space, long va, long length);

    /** Applies madvise-style advice to a range. */
    void advise(AddressSpace space, long va, long length, Advice advice);

    /**
     * Reclaims up to {@code bytes} of unpinned resident pages, least recently used first, calling
     * notifiers before each frame is freed.
     *
     * @return bytes reclaimed
     */
    long reclaim(long bytes);

    /**
     * Moves the resident pages of a range to frames on another NUMA node (page migration),
     * calling notifiers first; pinned pages stay.
     *
     * @return bytes migrated
     */
    long migrate(AddressSpace space, long va, long length, int targetNumaNode);

    /** Reads process memory as the CPU would, faulting pages in at once. */
    void read(AddressSpace space, long va, byte[] dst, int offset, int length);

    /** Writes process memory as the CPU would, faulting pages in at once. */
    void write(AddressSpace space, long va, byte[] src, int offset, int length);

    /**
     * Fills process memory with {@link PhysicalMemory#generated deterministic content} as the CPU
     * would, faulting pages in at once: byte {@code i} of the range is byte {@code i} of
     * {@code physicalMemory().generated(seed, length)}.
     */
    void fill(AddressSpace space, long va, long length, long seed);

    /** Registers a notifier for one address space. */
    void registerNotifier(AddressSpace space, MmuNotifier notifier);

    /** Removes a notifier. */
    void unregisterNotifier(AddressSpace space, MmuNotifier notifier);

    /** The most bytes that may be pinned at once (RLIMIT_MEMLOCK summed over the node). */
    long pinnableLimit();

    /**
     * The device-private memory (HMM) of this manager, if it models one: device pagemaps and the
     * migration of ranges between system and device memory.
     *
     * @return the capability, or empty (the default) when this manager has no device memory
     * @since 0.1
     */
    default Optional<DeviceMemory> deviceMemory() {
        return Optional.empty();
    }

    /** The device-memory capability, or an error naming this manager. */
    default DeviceMemory requireDeviceMemory() {
        return deviceMemory().orElseThrow(() -> new IllegalStateException(
                "memory manager " + this + " does not model device memory"));
    }

    /**
     * The fork of a process with copy-on-write sharing, if this manager models it.
     *
     * @return the capability, or empty (the default) when this manager cannot fork
     * @since 0.1
     */
    default Optional<CopyOnWriteFork> copyOnWriteFork() {
        return Optional.empty();
    }

    /** The fork capability, or an error naming this manager. */
    default CopyOnWriteFork requireCopyOnWriteFork() {
        return copyOnWriteFork().orElseThrow(() -> new IllegalStateException(
                "memory manager " + this + " does not model fork with copy-on-write"));
    }

    /**
     * Changing the protection of mapped memory ({@code mprotect}), if this manager models it.
     *
     * @return the capability, or empty (the default) when this manager cannot change protections
     * @since 0.2
     */
    default Optional<MemoryProtection> memoryProtection() {
        return Optional.empty();
    }

    /** The protection capability, or an error naming this manager. */
    default MemoryProtection requireMemoryProtection() {
        return memoryProtection().orElseThrow(() -> new IllegalStateException(
                "memory manager " + this + " does not model mprotect"));
    }

    /** A snapshot of the counters. */
    MemoryStats stats();
}
