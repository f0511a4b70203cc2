package org.iopf.plugin.pldma;

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
 * Component type {@code pldma}: the FORTH PLDMA engine with its Cortex-R5 transfer scheduler
 * (seed 000 §2.3, §4.1; FIDELITY A4, A5, A11). Fills the DMA-engine role; needs an IOMMU on the
 * node, a fabric port of the same component name on every node it sends to, and an R5 core.
 *
 * @since 0.1
 */
@Extension
public final class PldmaEngineType implements ComponentType {
    static final Parameter<Long> MTU = Parameter.bytes("mtu",
            "packet payload (MTU); transfers are cut at MTU boundaries of the source, a power of two from 64 B to "
                    + "4 KiB").byDefault("256B").range("64B", "4KiB").from(Source.seed("000", "§2.3 (256-byte MTU)"));
    static final Parameter<Long> HEADER_BYTES = Parameter.bytes("headerBytes",
            "bytes of header on every packet (data, ACK, NACK, RESUME), bytes").byDefault("16B").range("0B", "1KiB")
            .from(Source.assumption("a small fixed header: key, sequence number, offset; the seed gives none"));
    static final Parameter<Integer> CHANNELS_PER_DOMAIN = Parameter.count("channelsPerDomain",
            "virtualised logical channels per protection domain").byDefault("64").range(1, 1024)
            .from(Source.seed("000", "§2.3 (64 logical channels per protection domain)"));
    static final Parameter<Integer> MAX_CONCURRENT = Parameter.count("maxConcurrentTransfers",
            "transfers accepted at once over all channels; one more is refused BUSY").byDefault("1024")
            .range(1, 65_536).from(Source.seed("000", "§2.3 (1024 concurrent transfers)"));
    static final Parameter<Integer> BUFFERS_PER_CHANNEL = Parameter.count("buffersPerChannel",
            "transfers active per channel (double buffering); the rest wait in the channel's queue").byDefault("2")
            .range(1, 64).from(Source.seed("000", "§2.3 (double buffering: two outstanding transfers)"));
    static final Parameter<DataRate> RATE = Parameter.rate("rate",
            "rate of the PLDMA's fabric port (latency and loss come from the platform's fabric link)")
            .byDefault("10Gbps").range("1Mbps", "1Tbps")
            .from(Source.assumption("ExaNeSt's 10 Gbps links; not in the seed"));
    static final Parameter<Long> RETRANSMIT_TIMEOUT = Parameter.duration("retransmitTimeout",
            "time without an ACK after which unacknowledged packets are sent again (loss); a NACK retransmits at "
                    + "once").byDefault("20us").range("1ns", "1s")
            .from(Source.assumption("tens of microseconds, for the seed's microsecond-level recovery (§2.3)"));
    static final Parameter<Integer> TRANSPORT_RETRIES = Parameter.count("transportRetries",
            "retransmission timeouts in a row without progress after which the PLDMA fails a transfer with TIMEOUT "
                    + "(the peer does not answer at all)").byDefault("7").range(0, 64)
            .from(Source.assumption("InfiniBand-style: the largest 3-bit retry count"));
    static final Parameter<Long> HANG_EVERY = Parameter.integer("hangEvery",
            "fault injection: every n-th transfer activated sticks in the PLDMA until the R5 watchdog resets it "
                    + "(0 = never)").byDefault("0").range(0, 1_000_000_000)
            .from(Source.assumption("no hangs unless injected (seed 000 §5.2.3's stuck PLDMA is a failure case)"));
    static final Parameter<Long> BLOCK_SIZE = Parameter.bytes("blockSize",
            "size of the blocks the R5 firmware splits each request into").byDefault("16KiB").range("64B", "1GiB")
            .from(Source.seed("000", "§2.3 (the R5 cuts transfers into 16 KB blocks)"));
    static final Parameter<Long> TIMEOUT_PERIOD = Parameter.duration("timeoutPeriod",
            "R5 timeout of one block (TIMEOUT_PERIOD); at least 1ms").byDefault("200ms").range("1ms", "100s")
            .from(Source.assumption("seed 000 §5.2.3 names the R5 timeout without a value; the 200 ms default and "
                    + "1 ms minimum of FIDELITY B4's TIMEOUT_PERIOD, far above the ~200 us fault path"));
    static final Parameter<Integer> RETRY_LIMIT = Parameter.count("retryLimit",
            "times the R5 submits a timed-out block again before failing it with TIMEOUT").byDefault("3")
            .range(0, 64).from(Source.assumption("a few resubmissions; the seed gives none"));
    static final Parameter<String> R5_CORE = Parameter.text("r5Core", "the core the R5 firmware runs on")
            .byDefault("r5.0").from(Source.seed("000", "§2.1 (the Cortex-R5 runs the transfer scheduler)"));
    static final Parameter<ServiceTime> R5_PROGRAM_COST = Parameter.serviceTime("r5ProgramCost",
            "R5 firmware time to program one block into the PLDMA").byDefault("1us").range("0ns", "1s")
            .from(Source.assumption("writing a block descriptor into the PLDMA and the firmware's bookkeeping; the seed gives none"));
    static final Parameter<ServiceTime> R5_COMPLETION_COST = Parameter.serviceTime("r5CompletionCost",
            "R5 firmware time to handle one block's completion").byDefault("500ns").range("0ns", "1s")
            .from(Source.assumption("half of programming a block; the seed gives none"));
    static final Parameter<String> LIBRARY_CORE = Parameter.text("libraryCore",
            "the core the user library's calls run on").byDefault("a53.0")
            .from(Source.seed("000", "§2.1 (applications run on the Cortex-A53s)"));
    static final Parameter<ServiceTime> LIBRARY_CALL_COST = Parameter.serviceTime("libraryCallCost",
            "CPU time of one rdma_write/rdma_read call and of taking its completion").byDefault("1us")
            .range("0ns", "1s").from(Source.assumption("a user-space call that writes a request; the seed gives none"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public PldmaEngineType() {
    }

    @Override
    public String name() {
        return "pldma";
    }

    @Override
    public String description() {
        return "FORTH PLDMA: virtualised channels, 256 B MTU packets over the fabric with ACK/NACK, per-packet "
                + "IOMMU translation with fault pause/resume, and the R5 transfer scheduler firmware";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.DMA_ENGINE);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(MTU, HEADER_BYTES, CHANNELS_PER_DOMAIN, MAX_CONCURRENT, BUFFERS_PER_CHANNEL, RATE,
                RETRANSMIT_TIMEOUT, TRANSPORT_RETRIES, HANG_EVERY, BLOCK_SIZE, TIMEOUT_PERIOD, RETRY_LIMIT, R5_CORE,
                R5_PROGRAM_COST, R5_COMPLETION_COST, LIBRARY_CORE, LIBRARY_CALL_COST);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return PldmaStatistics.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(DmaEngine.class).to(PldmaEngine.class).in(Scopes.SINGLETON);
            }
        };
    }
}
