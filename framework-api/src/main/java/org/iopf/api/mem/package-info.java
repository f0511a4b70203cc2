/**
 * Memory: physical memory in frames across NUMA nodes with sparse contents, process address
 * spaces with VMAs and page tables, and the OS memory manager (fault-in, reclaim, pinning, MMU
 * notifiers, transparent huge pages), with two optional capabilities a memory manager may have:
 * device-private memory ({@link org.iopf.api.mem.DeviceMemory}) and fork with copy-on-write
 * ({@link org.iopf.api.mem.CopyOnWriteFork}).
 *
 * <p>Addresses are {@code long}s: physical addresses ({@code pa}), virtual addresses of a process
 * ({@code va}) and I/O virtual addresses ({@code iova}) are all byte addresses.
 */
package org.iopf.api.mem;
