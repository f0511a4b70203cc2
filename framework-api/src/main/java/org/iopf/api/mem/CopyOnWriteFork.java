package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Fork with copy-on-write sharing, an optional capability of a memory manager found with
 * {@link MemoryManager#copyOnWriteFork()} or {@link MemoryManager#requireCopyOnWriteFork()}.
 *
 * <p>Stability: experimental.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface CopyOnWriteFork {
    /**
     * Forks a process ({@code fork(2)} for its memory): the child gets a copy of the parent's
     * VMAs at the same addresses and shares its pages copy-on-write. Before anything changes the
     * parent's notifiers are called with {@link InvalidationReason#PROTECTION} for its writable
     * VMAs that hold pages (device-private ones included), so IOMMUs and NICs drop their writable
     * translations. Then every
     * present, unpinned page of the parent is mapped into the child on the same frame, and both
     * lose write permission to it ({@link MemoryManager#translate} for {@link Access#WRITE}
     * answers -1 in both); swapped-out pages share their swap entry. The first write of either
     * side ({@link MemoryManager#faultIn}, {@link MemoryManager#faultInNow},
     * {@link MemoryManager#write}, {@link MemoryManager#fill}) breaks the sharing: the writer gets a copy on a new frame (its notifiers are told
     * {@link InvalidationReason#COPY_ON_WRITE} first), or, when it is the last sharer, write
     * permission back without a copy. As in Linux, pinned pages (DMA may target them at any time)
     * are copied into the child at once, so a DMA never writes into a shared frame and the parent
     * keeps its pinned frames writable; pinning a shared page first breaks its sharing
     * ({@code FOLL_LONGTERM} unshare). Pages in device-private memory stay on the device: as
     * Linux's {@code copy_nonpresent_pte} (mm/memory.c) does, the child gets a device-private
     * entry naming the same device frame and both entries become read-only
     * ({@link PageTableEntry#writable()} false, {@link DeviceMemory#devicePrivateEntry} the same in
     * both); the first CPU access of either side calls the owner's
     * {@link DevicePagemapOps#migrateToRam}, which brings the page back into system memory for
     * both, still shared, and a write then copies it. A device-exclusive entry
     * ({@link DeviceMemory#makeDeviceExclusive}) is restored in the parent and the page shared as
     * any present one ({@code try_restore_exclusive_pte}); the device, told by the write
     * protection's notifier call, loses its exclusive access. The child has no notifiers.
     * {@link MemoryManager#munmap} on either side drops that side's reference; a frame is freed
     * with its last reference. The contents of both processes stay byte-exact.
     *
     * @param parent the process to fork, not null
     * @param childName the child's name, not null
     * @return the child, with a new pid
     * @throws IllegalStateException if no memory is left for the eager copies: no child is created and
     *     the parent's pages are as before (though reclaim may have swapped some out); or if the
     *     parent has a shared mapping ({@link MapOptions#shared()}) and this fork cannot keep it
     *     shared with the child
     * @since 0.1
     */
    AddressSpace fork(AddressSpace parent, String childName);
}
