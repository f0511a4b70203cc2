/**
 * The node's memory model: NUMA topology ({@link org.iopf.core.mem.SlitNumaTopology}), sparse
 * physical memory with a block/bitmap frame allocator ({@link org.iopf.core.mem.SparsePhysicalMemory}),
 * payloads that carry contents exactly ({@link org.iopf.core.mem.BytesPayload},
 * {@link org.iopf.core.mem.FingerprintPayload}), process address spaces
 * ({@link org.iopf.core.mem.ProcessAddressSpace}) and the OS memory manager with demand paging,
 * THP, reclaim to swap, pinning, copy-on-write, NUMA migration, device memory and MMU notifiers
 * ({@link org.iopf.core.mem.DemandPagingMemoryManager}, a façade over one package-private part per
 * job that share their state in one {@code PagingState}).
 *
 * <p>Everything here runs on the simulation's one thread and is deterministic: no decision depends
 * on hash iteration order or on wall-clock time. None of these types is thread-safe.
 *
 * @since 0.1
 */
package org.iopf.core.mem;
