package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.google.inject.CreationException;
import com.google.inject.spi.Message;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.core.platform.AssemblyException;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.ResolvedParameters;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every parameter of every stock component and workload type (core's and the six plugins', on
 * this module's class path) declares the range validation checks, and the range holds: it admits
 * the default, and a component built with a parameter at either bound (the others at their
 * defaults) is either built or refused with an {@link IllegalArgumentException} from its own
 * checks (a combination it refuses, exit 2) — never an arithmetic overflow or another exception
 * that would be an internal error.
 */
final class StockParameterRangesIT {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            StockParameterRangesIT.class.getClassLoader());
    /** The type filling each role beside the type under test. */
    private static final Map<Role, String> OTHERS = Map.of(Role.IOMMU, "premapped-iommu", Role.DMA_ENGINE,
            "plain-dma", Role.NIC, "pinned-rc-nic", Role.FAULT_HANDLER, "demand-paging", Role.BUFFER_MANAGER,
            "pinned-buffers");

    @Test
    void theStockTypesAreOnTheClassPath() {
        assertThat(REGISTRY.componentNames()).contains("premapped-iommu", "zynq-smmu", "exanest-faults", "pldma",
                "ib-npf-hca", "eth-nic", "eth-os-faults", "dmaplane", "hmm-device");
        assertThat(REGISTRY.workloadNames()).contains("rdma-write-stream", "pldma-stream", "ib-fault-probe",
                "eth-stream", "dmaplane-kv-transfer", "hmm-mixed");
    }

    static Stream<Arguments> parameters() {
        List<Arguments> all = new ArrayList<>();
        for (ExtensionRegistry.Registered r : REGISTRY.all()) {
            r.type().parameters().forEach(p -> all.add(Arguments.of(r.type().name(), p, r.type().parameters())));
        }
        for (ExtensionRegistry.RegisteredWorkload r : REGISTRY.workloads()) {
            r.type().parameters().forEach(p -> all.add(Arguments.of(r.type().name(), p, r.type().parameters())));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}.{1}")
    @MethodSource("parameters")
    void everyNumericParameterHasARangeThatAdmitsItsDefaultAndItsBounds(String type, ParameterSpec spec,
            List<ParameterSpec> specs) {
        if (!spec.type().isNumeric()) {
            assertThat(spec.range()).isEmpty();
            return;
        }
        assertThat(spec.range()).as("%s.%s declares a range", type, spec.name()).isPresent();
        assertThatCode(() -> new ResolvedParameters(type, specs, Map.of())).doesNotThrowAnyException();
        for (String bound : List.of(spec.range().get().min(), spec.range().get().max())) {
            assertThatCode(() -> new ResolvedParameters(type, specs, Map.of(spec.name(), bound)))
                    .as("%s.%s = %s", type, spec.name(), bound).doesNotThrowAnyException();
        }
    }

    static Stream<Arguments> componentBounds() {
        List<Arguments> all = new ArrayList<>();
        for (ExtensionRegistry.Registered r : REGISTRY.all()) {
            for (ParameterSpec p : r.type().parameters()) {
                p.range().ifPresent(range -> {
                    all.add(Arguments.of(r.type().name(), p.name(), range.min()));
                    all.add(Arguments.of(r.type().name(), p.name(), range.max()));
                });
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}.{1} = {2}")
    @MethodSource("componentBounds")
    void aComponentAtABoundOfARangeIsBuiltOrRefusedAsBadInput(String type, String parameter, String value) {
        try {
            Simulation.build(platformWith(REGISTRY.require(type), Map.of(parameter, value)), REGISTRY);
        } catch (AssemblyException e) {
            assertThat(e.getCause()).isInstanceOf(CreationException.class);
            for (Message message : ((CreationException) e.getCause()).getErrorMessages()) {
                assertThat(root(message.getCause())).as(e.getMessage())
                        .isExactlyInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    private static Throwable root(Throwable t) {
        Throwable root = t;
        while (root != null && root.getCause() != null) {
            root = root.getCause();
        }
        return root;
    }

    /**
     * One node with the type under test, the other roles filled by core's reference types, or by the
     * component type the tested type asks for on its own node (uvm-driver's uvm-gpu).
     */
    private static PlatformSpec platformWith(ComponentType type, Map<String, String> parameters) {
        Map<Role, String> fillers = new EnumMap<>(OTHERS);
        try {
            for (NodeRequirement need : type.requirements(new ResolvedParameters(type.name(), type.parameters(),
                    parameters))) {
                fillers.putAll(need.componentTypes());
            }
        } catch (IllegalArgumentException e) {
            // a value the type refuses: the build below reports it
        }
        List<ComponentSpec> components = new ArrayList<>();
        components.add(new ComponentSpec("tested", type.name(), parameters));
        Set<Role> others = EnumSet.allOf(Role.class);
        others.removeAll(type.roles());
        for (Role role : Role.values()) {
            if (others.contains(role) && components.stream().noneMatch(c -> REGISTRY.require(c.type()).roles()
                    .contains(role))) {
                components.add(ComponentSpec.of(role.key(), fillers.get(role)));
            }
        }
        NodeSpec node = new NodeSpec("node1", MemorySpec.of(4L << 30), List.of(new CoreGroup("a53", 4),
                new CoreGroup("r5", 2)), components);
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
        return new PlatformSpec(1, base.defaultLink(), base.switchLatencyNanos(), List.of(node));
    }
}
