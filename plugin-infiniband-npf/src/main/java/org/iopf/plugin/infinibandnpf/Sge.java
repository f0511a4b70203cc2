package org.iopf.plugin.infinibandnpf;

/**
 * One scatter-gather element of an {@code ibv_advise_mr} call ({@code struct ibv_sge}).
 *
 * @param address first byte
 * @param length bytes
 * @param lkey the region's local key
 * @since 0.1
 */
public record Sge(long address, long length, int lkey) {
    /** Checks arguments. */
    public Sge {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
    }
}
