package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * A node's physical memory: frames of 4 KiB (and 2 MiB huge frames) split across NUMA nodes, with
 * sparse contents. Host DRAM and a device's private memory are separate instances.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface PhysicalMemory {
    /** A name for reports ({@code dram}, {@code gpu0-hbm}). */
    String name();

    /** Total size in bytes. */
    long size();

    /** The NUMA layout. */
    NumaTopology topology();

    /** How contents are stored. */
    ContentMode contentMode();

    /**
     * Allocates one free frame of {@code size}.
     *
     * @param preferredNode the NUMA node to try first
     * @param policy where else the frame may come from
     * @return the frame's physical address, or empty when no node allowed by the policy has one
     */
    OptionalLong allocateFrame(PageSize size, int preferredNode, NumaPolicy policy);

    /** Returns a frame allocated by {@link #allocateFrame}; its contents are discarded. */
    void freeFrame(long pa, PageSize size);

    /** The NUMA node that holds physical address {@code pa}. */
    int numaNodeOf(long pa);

    /** Free bytes on NUMA node {@code numaNode}. */
    long freeBytes(int numaNode);

    /** Free bytes on all NUMA nodes. */
    long freeBytes();

    /** Reads {@code length} bytes at {@code pa} into {@code dst[offset..]}. Never-written bytes read as zero. */
    void read(long pa, byte[] dst, int offset, int length);

    /** Writes {@code src[offset..offset+length)} at {@code pa}. */
    void write(long pa, byte[] src, int offset, int length);

    /** Captures {@code [pa, pa+length)} as a payload (copies it: later writes do not change it). */
    Payload capture(long pa, long length);

    /** Writes a payload at {@code pa}. */
    void write(long pa, Payload payload);

    /**
     * Writes bytes {@code [offset, offset+length)} of {@code payload} at {@code pa}: the same as
     * {@code write(pa, payload.slice(offset, length))}, which is what the default does; an
     * implementation may write the piece without making the slice.
     *
     * @param pa the first physical address written
     * @param payload the payload a piece of which is written, not null
     * @param offset the piece's first byte in {@code payload}
     * @param length the piece's length in bytes
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    default void write(long pa, Payload payload, long offset, long length) {
        write(pa, payload.slice(offset, length));
    }

    /**
     * Copies {@code length} bytes at {@code srcPa} to {@code dstPa}: the same as
     * {@code write(dstPa, capture(srcPa, length))}, which is what the default does; an
     * implementation may copy without capturing a payload first.
     *
     * @param srcPa the first physical address read
     * @param dstPa the first physical address written
     * @param length bytes copied
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    default void copy(long srcPa, long dstPa, long length) {
        write(dstPa, capture(srcPa, length));
    }

    /**
     * Deterministic pseudo-random content of {@code length} bytes: byte {@code i} depends only on
     * {@code seed} and {@code i}, so a slice at offset {@code k} continues the same sequence. It
     * costs no storage until written; in {@link ContentMode#FINGERPRINT} it stays a description
     * once written, which is how very large runs fill their buffers.
     */
    Payload generated(long seed, long length);

    /** Sets {@code [pa, pa+length)} to zero (and frees the storage behind it). */
    void zero(long pa, long length);

    /** A fingerprint of {@code [pa, pa+length)}, equal to {@code capture(pa, length).fingerprint()}. */
    long fingerprint(long pa, long length);

    /**
     * Whether {@code [pa, pa+expected.length())} holds exactly the bytes of {@code expected}: the
     * integrity check of a workload. Exact in both content modes and whatever describes the two
     * sides (held bytes, generated runs, zeros): where equal fingerprints cannot settle it, the bytes
     * are compared. The default compares fingerprints.
     *
     * @param pa the first physical address
     * @param expected the contents the range should hold, not null
     * @return true when every byte matches
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    default boolean holds(long pa, Payload expected) {
        return fingerprint(pa, expected.length()) == expected.fingerprint();
    }

    /** Bytes of contents actually stored (the cost of sparse storage), for reports. */
    long storedBytes();
}
