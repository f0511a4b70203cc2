package org.iopf.plugin.infinibandnpf;

/**
 * The advice of {@code ibv_advise_mr} (rdma-core {@code libibverbs/man/ibv_advise_mr.3.md}), as
 * mlx5's {@code mlx5_ib_advise_mr_prefetch} (Linux {@code drivers/infiniband/hw/mlx5/odp.c}) carries
 * it out: the range of an on-demand region is paged in, DMA-mapped and posted to the HCA's
 * translation table before any operation touches it.
 *
 * @since 0.1
 */
public enum OdpAdvice {
    /** {@code IBV_ADVISE_MR_ADVICE_PREFETCH}: make the pages present for reading (a read fault per page). */
    PREFETCH,
    /** {@code IBV_ADVISE_MR_ADVICE_PREFETCH_WRITE}: make them present for writing (a write fault per page). */
    PREFETCH_WRITE,
    /**
     * {@code IBV_ADVISE_MR_ADVICE_PREFETCH_NO_FAULT}: map only the pages the CPU already has
     * resident (mlx5's {@code MLX5_PF_FLAGS_SNAPSHOT}); nothing is faulted in.
     */
    PREFETCH_NO_FAULT;

    /** {@code IBV_ADVISE_MR_FLAG_FLUSH}: the call returns once the translations are in the HCA. */
    public static final int FLAG_FLUSH = 1;
}
