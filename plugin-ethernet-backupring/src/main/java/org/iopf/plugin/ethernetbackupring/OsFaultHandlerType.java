package org.iopf.plugin.ethernetbackupring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code eth-os-faults}: the OS resolving a NIC's rx-buffer faults in the background
 * (interrupt, fault-in through the memory manager, IOMMU map, retry), seed 001 §3.1-3.2.
 *
 * @since 0.1
 */
@Extension
public final class OsFaultHandlerType implements ComponentType {
    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public OsFaultHandlerType() {
    }

    @Override
    public String name() {
        return "eth-os-faults";
    }

    @Override
    public String description() {
        return "OS handling of a NIC's rx-buffer page faults in the background: interrupt, fault-in, IOMMU map, "
                + "retry";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("interruptCpu", ParameterType.DURATION, "5us",
                        "CPU time of the fault interrupt that reads the fault and queues the worker", "seed 001 §3.1")
                        .range("0ns", "1s"),
                ParameterSpec.of("resolveCpu", ParameterType.DURATION, "13us",
                        "CPU time of the kernel worker after the fault-in: page-table walk, IOMMU map and IOTLB "
                                + "invalidation (the memory manager adds its own fault-in time)",
                        "seed 001 §3.1, §4.1").range("0ns", "1s"),
                ParameterSpec.of("remapCpu", ParameterType.DURATION, "2us",
                        "CPU time of the kernel worker when the faulting page is resident and only its IOMMU "
                                + "entry was gone (after NUMA migration): IOMMU map and IOTLB invalidation",
                        "seed 001 §3.1").range("0ns", "1s"),
                ParameterSpec.of("faultAround", ParameterType.BYTES, "64KiB",
                        "after answering a fault, the other pages of this aligned window are resolved too "
                                + "(Linux fault_around_bytes); 4KiB turns it off",
                        "seed 001 §3.1").range("4KiB", "2MiB"),
                ParameterSpec.of("core", ParameterType.STRING, "",
                        "the core that handles faults; empty: the node's last core", "seed 001 §3.1"));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(OsFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
