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
import org.iopf.api.sim.DataRate;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Source;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Role;

/**
 * Component type {@code plain-dma}: the baseline local DMA engine.
 */
public final class PlainDmaEngineType implements ComponentType {
    static final Parameter<DataRate> BANDWIDTH = Parameter.rate("bandwidth", "data-path bandwidth")
            .byDefault("10GB/s").range("1MB/s", "1TB/s")
            .from(Source.assumption("a PCIe-attached DMA engine of the pinned baseline; bundled scenarios set it"));
    static final Parameter<Long> CHUNK_SIZE = Parameter.bytes("chunkSize",
            "largest chunk moved per translation (a chunk never crosses a page)").byDefault("4KiB")
            .range("1B", "2MiB").from(Source.assumption("one base page: one translation per chunk"));
    static final Parameter<Integer> CHANNELS_PER_DOMAIN = Parameter.count("channelsPerDomain",
            "logical channels per domain").byDefault("8").range(1, 1024)
            .from(Source.assumption("more than any bundled workload uses"));
    static final Parameter<Integer> MAX_CONCURRENT_TRANSFERS = Parameter.count("maxConcurrentTransfers",
            "transfers in flight at most").byDefault("64").range(1, 65_536)
            .from(Source.assumption("more than any bundled workload keeps in flight"));

    static final StatisticSpec BYTES = StatisticSpec.counter("bytes", "bytes", "bytes copied");
    static final StatisticSpec FAULTS = StatisticSpec.counter("faults", "faults", "chunks whose translation faulted");
    static final StatisticSpec LATENCY = StatisticSpec.histogram("latency", "ns",
            "time from a transfer's submission to its completion");

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
        return Parameter.specs(BANDWIDTH, CHUNK_SIZE, CHANNELS_PER_DOMAIN, MAX_CONCURRENT_TRANSFERS);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(BYTES, FAULTS, LATENCY);
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
