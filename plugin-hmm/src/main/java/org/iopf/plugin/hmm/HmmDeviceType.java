package org.iopf.plugin.hmm;

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
 * Component type {@code hmm-device}: an accelerator with device-private memory behind PCIe, whose
 * driver migrates process memory into it through the OS memory manager (HMM, seed 003) and
 * migrates pages back when the CPU touches them. It fills the buffer-manager role: workloads
 * allocate buffers through it and reach its migration and compute operations by its type,
 * {@link HmmDevice}.
 *
 * @since 0.1
 */
@Extension
public final class HmmDeviceType implements ComponentType {
    static final Parameter<Long> DEVICE_MEMORY = Parameter.bytes("deviceMemory",
            "device-private memory (8-64 GiB on GPUs and FPGAs), a multiple of 2 MiB")
            .byDefault("16GiB").range("2MiB", "64TiB").multipleOf("2MiB").from(Source.seed("003", "F1"));
    static final Parameter<DataRate> DEVICE_BANDWIDTH = Parameter.rate("deviceBandwidth",
            "bandwidth of the device's own memory").byDefault("1TB/s").range("1MB/s", "100TB/s")
            .from(Source.seed("003", "F1"));
    static final Parameter<DataRate> PCIE_BANDWIDTH = Parameter.rate("pcieBandwidth",
            "bandwidth of the PCIe link between host and device").byDefault("32GB/s").range("1MB/s", "100TB/s")
            .from(Source.seed("003", "F1"));
    static final Parameter<DataRate> DDR_BANDWIDTH = Parameter.rate("ddrBandwidth",
            "bandwidth of the host's 4-channel DDR memory").byDefault("80GB/s").range("1MB/s", "100TB/s")
            .from(Source.seed("003", "F1"));
    static final Parameter<Long> BATCH_SIZE = Parameter.bytes("batchSize",
            "bytes migrated per batch (MiBs to GiBs; below 1 MiB migration goes page by page and a warning is "
                    + "logged)").byDefault("64MiB").range("4KiB", "64GiB").multipleOf("4KiB")
            .from(Source.seed("003", "F3"));
    static final Parameter<String> MODE = Parameter.choice("mode",
            "migrate: pages move and a CPU access faults them back; mirror: the device keeps a copy, both sides "
                    + "read, a CPU write ends the mirror", "migrate", "mirror").byDefault("migrate")
            .from(Source.seed("003", "F4"));
    static final Parameter<String> POLICY = Parameter.text("policy",
            "migration policy, by name: ping-pong-guard, always, or a MigrationPolicyFactory extension")
            .byDefault("ping-pong-guard").from(Source.seed("003", "F3"));
    static final Parameter<Long> GRANULARITY = Parameter.bytes("trackingGranularity",
            "range size over which the policy keeps access history").byDefault("2MiB").range("4KiB", "1GiB")
            .multipleOf("4KiB").from(Source.seed("003", "F3"));
    static final Parameter<Integer> PING_PONG_THRESHOLD = Parameter.count("pingPongThreshold",
            "times a range may be migrated and then faulted back by the CPU before the policy stops migrating it")
            .byDefault("2").range(1, 1_000_000).from(Source.seed("003", "F3"));
    static final Parameter<ServiceTime> BATCH_OVERHEAD = Parameter.serviceTime("batchOverhead",
            "driver CPU time per batch: collect and unmap with MMU-notifier invalidation, allocate, commit, "
                    + "finalize").byDefault("20us").range("0ns", "1s").from(Source.seed("003", "F3"));
    static final Parameter<ServiceTime> FAULT_BACK_LATENCY = Parameter.serviceTime("faultBackLatency",
            "CPU fault handling before the copy back of a device-private page").byDefault("5us").range("0ns", "1s")
            .from(Source.seed("003", "F2"));
    static final Parameter<Long> BOUNCE_BUFFER = Parameter.bytes("bounceBuffer",
            "pinned host bounce buffer through which device pages are written back").byDefault("4MiB")
            .range("4KiB", "64GiB").multipleOf("4KiB").from(Source.seed("003", "F5"));
    static final Parameter<DataRate> STORAGE_BANDWIDTH = Parameter.rate("storageBandwidth",
            "bandwidth of the storage device pages are written back to").byDefault("3GB/s").range("1MB/s", "100TB/s")
            .from(Source.seed("003", "F5"));
    static final Parameter<Double> PRESSURE_RATIO = Parameter.decimal("pressureRatio",
            "device/system memory ratio above which migrate-back pressure is reported at start").byDefault("0.5")
            .range("0.001", "1000").from(Source.seed("003", "F6"));
    static final Parameter<String> CORE = Parameter.text("core",
            "CPU core the driver's work runs on; empty for the node's first core").byDefault("")
            .from(Source.assumption("the driver's work shares the node's first core unless told otherwise"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public HmmDeviceType() {
    }

    @Override
    public String name() {
        return "hmm-device";
    }

    @Override
    public String description() {
        return "Device with private memory behind PCIe (HMM): batched migration to device memory, CPU "
                + "fault-back, mirror or migrate mode, ping-pong policy, bounce-buffer write-back";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.BUFFER_MANAGER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(DEVICE_MEMORY, DEVICE_BANDWIDTH, PCIE_BANDWIDTH, DDR_BANDWIDTH, BATCH_SIZE, MODE,
                POLICY, GRANULARITY, PING_PONG_THRESHOLD, BATCH_OVERHEAD, FAULT_BACK_LATENCY, BOUNCE_BUFFER,
                STORAGE_BANDWIDTH, PRESSURE_RATIO, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return HmmMetrics.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(HmmDevice.class).in(Scopes.SINGLETON);
                bind(BufferManager.class).to(HmmDevice.class);
            }
        };
    }
}
