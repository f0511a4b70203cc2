package org.iopf.plugin.smmuv3pri;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.dma.DmaEngine;
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
 * Component type {@code ats-dma}: a PCIe DMA engine with an Address Translation Cache that asks
 * the node's {@code smmuv3} for translations (ATS) and for pages it lacks (PRI page requests, at
 * most the PRI capability's outstanding allocation at once), retrying after a successful PRG
 * response and failing the transfer on an invalid-request or response-failure one.
 *
 * @since 0.1
 */
@Extension
public final class AtsDmaType implements ComponentType {
    static final Parameter<DataRate> BANDWIDTH = Parameter.rate("bandwidth", "data-path bandwidth").byDefault("16GB/s")
            .range("1MB/s", "1TB/s").from(Source.assumption("a PCIe Gen4 x16 device, about 2/3 of the link's 25 GB/s"));
    static final Parameter<Integer> CHANNELS_PER_DOMAIN = Parameter.count("channelsPerDomain", "logical channels per domain")
            .byDefault("8").range(1, 1024).from(Source.assumption("more than any bundled workload uses"));
    static final Parameter<Integer> MAX_CONCURRENT = Parameter.count("maxConcurrentTransfers", "transfers in flight at most")
            .byDefault("64").range(1, 65_536).from(Source.assumption("more than any bundled workload keeps in flight"));
    static final Parameter<Integer> ATC_ENTRIES = Parameter.count("atcEntries",
            "Address Translation Cache entries (4 KiB translations, LRU)").byDefault("64").range(0, 65_536)
            .from(Source.assumption("PCIe ATS leaves the ATC size to the device"));
    static final Parameter<Integer> PRI_OUTSTANDING = Parameter.count("priOutstanding",
            "PRI capability Outstanding Page Request Allocation: page requests in flight at most").byDefault("32")
            .range(1, 512).from(Source.driver("linux", "drivers/pci/ats.c (pci_enable_pri writes the allocation the "
                    + "IOMMU driver asks for; arm-smmu-v3 passes its PRI queue budget)"));
    static final Parameter<ServiceTime> ATC_INVALIDATE_LATENCY = Parameter.serviceTime("atcInvalidateLatency",
            "time from an ATC invalidation request to its completion leaving the device").byDefault("1us")
            .range("0ns", "120s").from(Source.assumption("the device drains its in-flight reads of the range"));

    static final StatisticSpec BYTES = StatisticSpec.counter("bytes", "bytes", "bytes copied");
    static final StatisticSpec LATENCY = StatisticSpec.histogram("latency", "ns", "transfer time, submit to completion");
    static final StatisticSpec ATC_HITS = StatisticSpec.counter("atc.hits", "lookups", "translations served by the ATC");
    static final StatisticSpec ATS_REQUESTS = StatisticSpec.counter("ats.requests", "requests",
            "ATS translation requests sent");
    static final StatisticSpec PAGE_REQUESTS = StatisticSpec.counter("pri.requests", "requests", "page requests sent");
    static final StatisticSpec PRI_WAITS = StatisticSpec.counter("pri.allocationWaits", "requests",
            "page requests that waited for a free outstanding-request allocation");
    static final StatisticSpec PRI_SUCCESS = StatisticSpec.counter("pri.success", "responses", "PRG responses: success");
    static final StatisticSpec PRI_INVALID = StatisticSpec.counter("pri.invalid", "responses",
            "PRG responses: invalid request");
    static final StatisticSpec PRI_FAILURE = StatisticSpec.counter("pri.failure", "responses",
            "PRG responses: response failure (PRI stops)");
    static final StatisticSpec PRI_RETRIES = StatisticSpec.counter("pri.repeated", "requests",
            "page requests for a page already requested once (the retry after success faulted again)");
    static final StatisticSpec PRI_ROUND_TRIP = StatisticSpec.histogram("pri.roundTrip", "ns",
            "page request sent to its PRG response arriving");
    static final StatisticSpec RECOVERY = StatisticSpec.histogram("fault.recovery", "ns",
            "ATS miss that needed a page to the translation that finally succeeded");
    static final StatisticSpec ATC_INVALIDATIONS = StatisticSpec.counter("atc.invalidations", "requests",
            "ATC invalidation requests received");
    static final StatisticSpec ATC_DROPPED = StatisticSpec.counter("atc.invalidatedEntries", "entries",
            "ATC entries dropped by invalidation requests");

    /** Creates the type; found as a PF4J extension or through {@link java.util.ServiceLoader}. */
    public AtsDmaType() {
    }

    @Override
    public String name() {
        return "ats-dma";
    }

    @Override
    public String description() {
        return "PCIe DMA engine with ATS (an Address Translation Cache) and PRI page requests to an smmuv3";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.DMA_ENGINE);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(BANDWIDTH, CHANNELS_PER_DOMAIN, MAX_CONCURRENT, ATC_ENTRIES, PRI_OUTSTANDING,
                ATC_INVALIDATE_LATENCY);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(BYTES, LATENCY, ATC_HITS, ATS_REQUESTS, PAGE_REQUESTS, PRI_WAITS, PRI_SUCCESS, PRI_INVALID,
                PRI_FAILURE, PRI_RETRIES, PRI_ROUND_TRIP, RECOVERY, ATC_INVALIDATIONS, ATC_DROPPED);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(DmaEngine.class).to(AtsDmaEngine.class).in(Scopes.SINGLETON);
            }
        };
    }
}
