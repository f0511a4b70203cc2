package org.iopf.plugin.uvm;

/**
 * When the driver tells the GPU to replay, as {@code uvm_perf_fault_replay_policy} chooses in the
 * open driver ({@code uvm_gpu_replayable_faults.c}, {@code uvm_parent_gpu_service_replayable_faults}).
 */
enum ReplayPolicy {
    /** After each VA block is serviced ({@code UVM_PERF_FAULT_REPLAY_POLICY_BLOCK}). */
    BLOCK("block"),
    /** After each batch ({@code UVM_PERF_FAULT_REPLAY_POLICY_BATCH}). */
    BATCH("batch"),
    /**
     * After each batch, once the entries still in the buffer have been flushed: they are most likely
     * duplicates and re-fault after the replay if not ({@code UVM_PERF_FAULT_REPLAY_POLICY_BATCH_FLUSH},
     * the driver's default).
     */
    BATCH_FLUSH("batch-flush"),
    /** Once, after every batch of a service call ({@code UVM_PERF_FAULT_REPLAY_POLICY_ONCE}). */
    ONCE("once");

    private final String written;

    ReplayPolicy(String written) {
        this.written = written;
    }

    static ReplayPolicy of(String written) {
        for (ReplayPolicy p : values()) {
            if (p.written.equals(written)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no replay policy '" + written + "'");
    }

    String written() {
        return written;
    }
}
