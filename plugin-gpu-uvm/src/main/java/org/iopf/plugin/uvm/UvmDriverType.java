package org.iopf.plugin.uvm;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code uvm-driver}: NVIDIA's UVM driver servicing a {@code uvm-gpu}'s replayable
 * far faults on a host core, as {@code kernel-open/nvidia-uvm/uvm_gpu_replayable_faults.c} does:
 * fetch a batch from the fault buffer, sort and coalesce it, service it per 2 MiB VA block (GPU
 * chunk, migration through the OS, GPU page table), replay by policy; a fatal fault cancels its
 * channel. Faults raised by an IOMMU on the node are serviced as ATS faults through the CPU page
 * table ({@code uvm_ats_faults.c}). See {@link UvmDriver}.
 *
 * @since 0.1
 */
@Extension
public final class UvmDriverType implements ComponentType {
    private static final String REPO = "open-gpu-kernel-modules";
    private static final String FAULTS = "kernel-open/nvidia-uvm/uvm_gpu_replayable_faults.c";
    private static final String UVMSMART = "Ganguly et al., ISCA'19 (UVMSmart)";

    static final Parameter<Integer> BATCH_SIZE = Parameter.count("batchSize",
            "fault buffer entries fetched per batch (uvm_perf_fault_batch_count)").byDefault("256")
            .range(1, 1 << 20).from(Source.driver(REPO, FAULTS + " UVM_PERF_FAULT_BATCH_COUNT_DEFAULT"));
    static final Parameter<String> REPLAY_POLICY = Parameter.choice("replayPolicy",
            "when to replay: after each VA block, each batch, each batch after flushing the buffer, or once per "
                    + "service call (uvm_perf_fault_replay_policy)", "block", "batch", "batch-flush", "once")
            .byDefault("batch-flush").from(Source.driver(REPO, FAULTS + " UVM_PERF_FAULT_REPLAY_POLICY_DEFAULT"));
    static final Parameter<Integer> MAX_BATCHES = Parameter.count("maxBatchesPerService",
            "batches one service call handles before it returns (uvm_perf_fault_max_batches_per_service)")
            .byDefault("20").range(1, 1_000_000)
            .from(Source.driver(REPO, FAULTS + " UVM_PERF_FAULT_MAX_BATCHES_PER_SERVICE_DEFAULT"));
    static final Parameter<ServiceTime> INTERRUPT_LATENCY = Parameter.serviceTime("interruptLatency",
            "top half and scheduling of the bottom half after the GPU's fault interrupt").byDefault("5us")
            .range("0ns", "1ms").from(Source.assumption("an interrupt and a work-queue wake-up: microseconds"));
    static final Parameter<ServiceTime> BATCH_OVERHEAD = Parameter.serviceTime("batchOverhead",
            "fixed driver CPU time per batch (VA-space locking, sort, bookkeeping)").byDefault("45us")
            .range("0ns", "10ms").from(Source.measured(UVMSMART,
                    "far-fault handling latency of 66 645 GPU cycles, about 45 us at 1.48 GHz"));
    static final Parameter<Long> FETCH_ENTRY_TIME = Parameter.duration("fetchEntryTime",
            "CPU time to read and parse one 32-byte fault buffer entry").byDefault("100ns").range("0ns", "1ms")
            .from(Source.assumption("a few uncached loads per entry"));
    static final Parameter<ServiceTime> BLOCK_SERVICE_TIME = Parameter.serviceTime("blockServiceTime",
            "CPU time to service one VA block: block lock, page masks, push of the GPU page-table update")
            .byDefault("5us").range("0ns", "10ms")
            .from(Source.assumption("per-block work of uvm_va_block_service_locked: microseconds"));
    static final Parameter<Boolean> PREFETCH = Parameter.flag("prefetch",
            "density-based tree prefetcher over each VA block (uvm_perf_prefetch_enable)").byDefault("true")
            .from(Source.driver(REPO, "kernel-open/nvidia-uvm/uvm_perf_prefetch.c uvm_perf_prefetch_enable"));
    static final Parameter<Integer> PREFETCH_THRESHOLD = Parameter.count("prefetchThreshold",
            "percent of a subregion that must be resident or faulted for the whole subregion to be migrated")
            .byDefault("51").range(1, 100)
            .from(Source.driver(REPO, "kernel-open/nvidia-uvm/uvm_perf_prefetch.c UVM_PREFETCH_THRESHOLD_DEFAULT"));
    static final Parameter<Boolean> EVICTION = Parameter.flag("eviction",
            "evict the least recently used VA block when GPU memory is full (else the fault is fatal)")
            .byDefault("true").from(Source.driver(REPO, "kernel-open/nvidia-uvm/uvm_pmm_gpu.c pick_root_chunk_to_evict"));
    private static final String THRASH = "kernel-open/nvidia-uvm/uvm_perf_thrashing.c ";
    static final Parameter<Boolean> THRASHING = Parameter.flag("thrashing",
            "thrashing detection: throttle, then pin in system memory, pages migrating back and forth "
                    + "(uvm_perf_thrashing_enable)").byDefault("true")
            .from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_ENABLE_DEFAULT"));
    static final Parameter<Integer> THRASHING_THRESHOLD = Parameter.count("thrashingThreshold",
            "consecutive migrations of a page, each within thrashingLapse of the last, that mark it thrashing")
            .byDefault("3").range(1, 15).from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_THRESHOLD_DEFAULT"));
    static final Parameter<Long> THRASHING_LAPSE = Parameter.duration("thrashingLapse",
            "longest gap between two migrations of a page that counts as thrashing").byDefault("500us")
            .range("5us", "500ms").from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_LAPSE_USEC_DEFAULT"));
    static final Parameter<Integer> THRASHING_PIN_THRESHOLD = Parameter.count("thrashingPinThreshold",
            "throttles of a thrashing page before it is pinned in system memory").byDefault("10").range(1, 63)
            .from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_PIN_THRESHOLD_DEFAULT"));
    static final Parameter<Long> THRASHING_NAP = Parameter.duration("thrashingNap",
            "time a throttled page is kept from the GPU (the driver's nap, 1 x lapse)").byDefault("500us")
            .range("0ns", "50ms").from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_NAP_DEFAULT"));
    static final Parameter<Long> THRASHING_PIN = Parameter.duration("thrashingPin",
            "time a pinned page stays mapped remotely before it may migrate again (300 x lapse)")
            .byDefault("150ms").range("0ns", "1000s")
            .from(Source.driver(REPO, THRASH + "UVM_PERF_THRASHING_PIN_DEFAULT"));
    static final Parameter<ServiceTime> ATS_SERVICE_TIME = Parameter.serviceTime("atsServiceTime",
            "CPU time to service one fault raised by the node's IOMMU (ATS) before the OS faults the page in")
            .byDefault("5us").range("0ns", "10ms")
            .from(Source.assumption("as a VA block's service: microseconds"));
    static final Parameter<String> CORE = Parameter.text("core",
            "CPU core the driver's bottom half runs on; empty for the node's first core").byDefault("")
            .from(Source.assumption("one work-queue thread services the GPU's faults"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public UvmDriverType() {
    }

    @Override
    public String name() {
        return "uvm-driver";
    }

    @Override
    public String description() {
        return "NVIDIA UVM fault servicing on a host core: batched fetch, sort and coalesce, per-VA-block "
                + "migration, replay policies, tree prefetcher, LRU eviction; ATS faults of the node's IOMMU";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(BATCH_SIZE, REPLAY_POLICY, MAX_BATCHES, INTERRUPT_LATENCY, BATCH_OVERHEAD,
                FETCH_ENTRY_TIME, BLOCK_SERVICE_TIME, PREFETCH, PREFETCH_THRESHOLD, EVICTION, THRASHING, THRASHING_THRESHOLD, THRASHING_LAPSE,
                THRASHING_PIN_THRESHOLD, THRASHING_NAP, THRASHING_PIN, ATS_SERVICE_TIME, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return DriverMetrics.DECLARED;
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(NodeRequirement.onOwnNode("services its replayable faults")
                .componentType(Role.BUFFER_MANAGER, "uvm-gpu"));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(UvmDriver.class).in(Scopes.SINGLETON);
            }
        };
    }
}
