package org.iopf.plugin.uvm;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code uvm-gpu}: a GPU with its own memory whose warps raise replayable far faults
 * into a hardware fault buffer when they touch managed memory that is not mapped in the GPU page
 * table. It fills the buffer-manager role (managed allocations are process memory mapped through
 * it) and raises its faults into the node's fault queue, where a {@code uvm-driver} services them.
 * See {@link UvmGpu}.
 *
 * @since 0.1
 */
@Extension
public final class UvmGpuType implements ComponentType {
    private static final String V100 = "NVIDIA Tesla V100 GPU Architecture whitepaper (2017)";

    static final Parameter<Long> DEVICE_MEMORY = Parameter.bytes("deviceMemory",
            "GPU memory, allocated in 2 MiB root chunks (a multiple of 2 MiB)").byDefault("16GiB")
            .range("2MiB", "1TiB").multipleOf("2MiB").from(Source.spec(V100, "Table 1: 16 GB HBM2"));
    static final Parameter<DataRate> DEVICE_BANDWIDTH = Parameter.rate("deviceBandwidth",
            "bandwidth of the GPU's own memory, which every warp access and every copy uses").byDefault("900GB/s")
            .range("1MB/s", "100TB/s").from(Source.spec(V100, "Table 1: 900 GB/s HBM2"));
    static final Parameter<DataRate> HOST_LINK_BANDWIDTH = Parameter.rate("hostLinkBandwidth",
            "bandwidth of the host link (PCIe or NVLink) the copy engines move pages over").byDefault("16GB/s")
            .range("1MB/s", "100TB/s")
            .from(Source.measured("Ganguly et al., ISCA'19 (UVMSmart)", "simulated PCIe 3.0 x16 at 16 GB/s"));
    static final Parameter<Integer> COPY_ENGINES = Parameter.count("copyEngines",
            "copy engines the driver spreads migrations over, each at the host link's rate").byDefault("2")
            .range(1, 64).from(Source.assumption("two engines are used for host-to-device and device-to-host "
                    + "traffic; the link, not the engines, bounds migration"));
    static final Parameter<Integer> SMS = Parameter.count("sms", "streaming multiprocessors, each with its µTLB")
            .byDefault("80").range(1, 1024).from(Source.spec(V100, "80 SMs"));
    static final Parameter<Integer> WARPS_PER_SM = Parameter.count("warpsPerSm",
            "resident warps per SM that walk the kernel's access stream").byDefault("64").range(1, 128)
            .from(Source.spec(V100, "Table 1: 64 maximum warps per SM"));
    static final Parameter<Integer> UTLB_FAULTS = Parameter.count("utlbOutstandingFaults",
            "distinct pages a µTLB may have outstanding faults for; a miss beyond waits for the next replay")
            .byDefault("32").range(1, 4096).from(Source.assumption("no public figure; a µTLB tracks a few tens of "
                    + "outstanding misses"));
    static final Parameter<Integer> FAULT_BUFFER_ENTRIES = Parameter.count("faultBufferEntries",
            "entries of the replayable fault buffer (32 B each, NVC369_BUF_SIZE); a fault finding it full is "
                    + "dropped and re-issued after the next replay").byDefault("4096").range(2, 1 << 20)
            .from(Source.assumption("RM sizes the buffer from the GPU's µTLBs; 4096 holds every µTLB's "
                    + "outstanding faults at the defaults (80 x 32)"));
    static final Parameter<Integer> NON_REPLAYABLE_ENTRIES = Parameter.count("nonReplayableFaultBufferEntries",
            "entries of the non-replayable fault buffer copy engines write their misses into; a miss finding it "
                    + "full is lost and its channel cancelled").byDefault("256").range(2, 1 << 20)
            .from(Source.assumption("no public size; the copy engines have a few channels, each with at most one "
                    + "fault outstanding, so a few hundred entries never fill"));
    static final Parameter<ServiceTime> REPLAY_LATENCY = Parameter.serviceTime("replayLatency",
            "time from the driver's replay push to the µTLBs re-issuing their waiting accesses").byDefault("2us")
            .range("0ns", "1ms").from(Source.assumption("a method pushed on a channel and executed by the GPU: "
                    + "a few microseconds"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public UvmGpuType() {
    }

    @Override
    public String name() {
        return "uvm-gpu";
    }

    @Override
    public String description() {
        return "GPU with its own memory (2 MiB chunks): warps, per-SM µTLBs, GPU page table, replayable fault "
                + "buffer (ring, overflow drops), copy engines over the host link; managed allocations";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.BUFFER_MANAGER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(DEVICE_MEMORY, DEVICE_BANDWIDTH, HOST_LINK_BANDWIDTH, COPY_ENGINES, SMS, WARPS_PER_SM,
                UTLB_FAULTS, FAULT_BUFFER_ENTRIES, NON_REPLAYABLE_ENTRIES, REPLAY_LATENCY);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return GpuMetrics.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(UvmGpu.class).in(Scopes.SINGLETON);
                bind(BufferManager.class).to(UvmGpu.class);
            }
        };
    }
}
