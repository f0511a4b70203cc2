package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The priority of software work on a {@link CpuCore}. A core is not preempted; when it becomes
 * free it takes the oldest item of the highest priority: interrupt handlers before softirqs and
 * tasklets, those before kernel threads, those before user code.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum WorkPriority {
    /** Hard interrupt handler (ISR). */
    INTERRUPT,
    /** Softirq or tasklet. */
    SOFTIRQ,
    /** Kernel thread or system call. */
    KERNEL,
    /** User-space process or firmware main loop. */
    USER
}
