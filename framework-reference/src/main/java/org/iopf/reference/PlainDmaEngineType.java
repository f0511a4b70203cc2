package org.iopf.reference;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;

/**
 * Component type {@code plain-dma}: the baseline local DMA engine.
 */
public final class PlainDmaEngineType implements ComponentType {
    @Override
    public String name() {
        return "plain-dma";
    }

    @Override
    public String description() {
        return "Baseline DMA engine: local copies translated chunk by chunk through the node's IOMMU";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.DMA_ENGINE);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("bandwidth", ParameterType.DATA_RATE, "10GB/s", "data-path bandwidth", "FIDELITY G2")
                        .range("1MB/s", "1TB/s"),
                ParameterSpec.of("chunkSize", ParameterType.BYTES, "4KiB",
                        "largest chunk moved per translation (a chunk never crosses a page)", "FIDELITY G2")
                        .range("1B", "2MiB"),
                ParameterSpec.of("channelsPerDomain", ParameterType.INTEGER, "8", "logical channels per domain",
                        "FIDELITY G2").range(1, 1024),
                ParameterSpec.of("maxConcurrentTransfers", ParameterType.INTEGER, "64",
                        "transfers in flight at most", "FIDELITY G2").range(1, 65_536));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(DmaEngine.class).to(PlainDmaEngine.class).in(Scopes.SINGLETON);
            }
        };
    }
}
