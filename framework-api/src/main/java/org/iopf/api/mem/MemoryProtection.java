package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Changing the protection of mapped memory ({@code mprotect(2)}, Linux {@code mm/mprotect.c}), an
 * optional capability of a memory manager found with {@link MemoryManager#memoryProtection()} or
 * {@link MemoryManager#requireMemoryProtection()}.
 *
 * <p>Stability: experimental.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public interface MemoryProtection {
    /**
     * Sets the protection of {@code [va, va+length)}: the VMAs are split at the range's ends and
     * take {@code protection} ({@link Vma#readable()}, {@link Vma#writable()}); a huge page only
     * partly inside is split. When pages of the range hold state, the address space's notifiers are
     * first called with {@link InvalidationReason#PROTECTION} (as {@code change_protection} does
     * through {@code mmu_notifier_invalidate_range_start}), so devices drop translations that no
     * longer hold. From then on {@link MemoryManager#translate} answers empty for what the
     * protection forbids and a fault ({@link MemoryManager#faultIn}, {@link MemoryManager#faultInNow})
     * answers {@link FaultInResult#PROTECTION_VIOLATION}; the CPU accessors ({@link MemoryManager#read},
     * {@link MemoryManager#write}, {@link MemoryManager#fill}) throw. Contents never change; pages
     * stay where they are (in system memory, swap or device memory, as {@code change_pte_range}
     * turns a writable device-private entry into a readable one). Granting write permission to a
     * page shared copy-on-write keeps it shared: the next write still copies it.
     *
     * @param space the address space, not null
     * @param va page aligned start
     * @param length bytes, {@code > 0}, rounded up to whole pages
     * @param protection the new protection, not null
     * @throws IllegalArgumentException if part of the range is not mapped ({@code ENOMEM})
     * @since 0.2
     */
    void mprotect(AddressSpace space, long va, long length, Protection protection);
}
