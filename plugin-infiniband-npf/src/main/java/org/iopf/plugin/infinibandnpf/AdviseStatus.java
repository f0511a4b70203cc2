package org.iopf.plugin.infinibandnpf;

/**
 * What {@code ibv_advise_mr} returns: 0 or an errno, as mlx5's {@code mlx5_ib_advise_mr_prefetch}
 * and {@code get_prefetchable_mr} (Linux {@code drivers/infiniband/hw/mlx5/odp.c}) produce them.
 *
 * @since 0.1
 */
public enum AdviseStatus {
    /** 0: done (with {@code FLAG_FLUSH}) or queued (without). */
    OK,
    /** The protection domain is not one of this HCA's, or the flags hold an unknown bit. */
    EINVAL,
    /** An lkey names no on-demand region of the HCA (mlx5 looks it up among its ODP keys only). */
    ENOENT,
    /** The region belongs to another protection domain. */
    EPERM,
    /** With {@code FLAG_FLUSH}: a range lies outside its region, or the OS could not make a page present. */
    EFAULT
}
