package org.iopf.plugin.hmm;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;
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
    static final String DEVICE_MEMORY = "deviceMemory";
    static final String DEVICE_BANDWIDTH = "deviceBandwidth";
    static final String PCIE_BANDWIDTH = "pcieBandwidth";
    static final String DDR_BANDWIDTH = "ddrBandwidth";
    static final String BATCH_SIZE = "batchSize";
    static final String MODE = "mode";
    static final String POLICY = "policy";
    static final String GRANULARITY = "trackingGranularity";
    static final String PING_PONG_THRESHOLD = "pingPongThreshold";
    static final String BATCH_OVERHEAD = "batchOverhead";
    static final String FAULT_BACK_LATENCY = "faultBackLatency";
    static final String BOUNCE_BUFFER = "bounceBuffer";
    static final String STORAGE_BANDWIDTH = "storageBandwidth";
    static final String PRESSURE_RATIO = "pressureRatio";
    static final String CORE = "core";

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
        return List.of(
                ParameterSpec.of(DEVICE_MEMORY, ParameterType.BYTES, "16GiB",
                        "device-private memory (8-64 GiB on GPUs and FPGAs), a multiple of 2 MiB", "seed 003; F1")
                        .range("2MiB", "64TiB"),
                ParameterSpec.of(DEVICE_BANDWIDTH, ParameterType.DATA_RATE, "1TB/s",
                        "bandwidth of the device's own memory", "seed 003; F1").range("1MB/s", "100TB/s"),
                ParameterSpec.of(PCIE_BANDWIDTH, ParameterType.DATA_RATE, "32GB/s",
                        "bandwidth of the PCIe link between host and device", "seed 003; F1").range("1MB/s", "100TB/s"),
                ParameterSpec.of(DDR_BANDWIDTH, ParameterType.DATA_RATE, "80GB/s",
                        "bandwidth of the host's 4-channel DDR memory", "seed 003; F1").range("1MB/s", "100TB/s"),
                ParameterSpec.of(BATCH_SIZE, ParameterType.BYTES, "64MiB",
                        "bytes migrated per batch (MiBs to GiBs; below 1 MiB migration goes page by page and a "
                                + "warning is logged)", "seed 003; F3").range("4KiB", "64GiB"),
                ParameterSpec.choice(MODE, "migrate", List.of("migrate", "mirror"),
                        "migrate: pages move and a CPU access faults them back; mirror: the device keeps a copy, "
                                + "both sides read, a CPU write ends the mirror", "seed 003; F4"),
                ParameterSpec.of(POLICY, ParameterType.STRING, "ping-pong-guard",
                        "migration policy, by name: ping-pong-guard, always, or a MigrationPolicyFactory extension",
                        "seed 003; F3"),
                ParameterSpec.of(GRANULARITY, ParameterType.BYTES, "2MiB",
                        "range size over which the policy keeps access history", "seed 003; F3").range("4KiB", "1GiB"),
                ParameterSpec.of(PING_PONG_THRESHOLD, ParameterType.INTEGER, "2",
                        "times a range may be migrated and then faulted back by the CPU before the policy stops "
                                + "migrating it", "seed 003; F3").range(1, 1_000_000),
                ParameterSpec.of(BATCH_OVERHEAD, ParameterType.DURATION, "20us",
                        "driver CPU time per batch: collect and unmap with MMU-notifier invalidation, allocate, "
                                + "commit, finalize", "seed 003; F3").range("0ns", "1s"),
                ParameterSpec.of(FAULT_BACK_LATENCY, ParameterType.DURATION, "5us",
                        "CPU fault handling before the copy back of a device-private page", "seed 003; F2")
                        .range("0ns", "1s"),
                ParameterSpec.of(BOUNCE_BUFFER, ParameterType.BYTES, "4MiB",
                        "pinned host bounce buffer through which device pages are written back", "seed 003; F5")
                        .range("4KiB", "64GiB"),
                ParameterSpec.of(STORAGE_BANDWIDTH, ParameterType.DATA_RATE, "3GB/s",
                        "bandwidth of the storage device pages are written back to", "seed 003; F5")
                        .range("1MB/s", "100TB/s"),
                ParameterSpec.of(PRESSURE_RATIO, ParameterType.DECIMAL, "0.5",
                        "device/system memory ratio above which migrate-back pressure is reported at start",
                        "seed 003; F6").range("0.001", "1000"),
                ParameterSpec.of(CORE, ParameterType.STRING, "",
                        "CPU core the driver's work runs on; empty for the node's first core", ""));
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
