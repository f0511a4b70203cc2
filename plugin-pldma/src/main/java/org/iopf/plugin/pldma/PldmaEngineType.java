package org.iopf.plugin.pldma;

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
    static final String MTU = "mtu";
    static final String HEADER_BYTES = "headerBytes";
    static final String CHANNELS_PER_DOMAIN = "channelsPerDomain";
    static final String MAX_CONCURRENT = "maxConcurrentTransfers";
    static final String BUFFERS_PER_CHANNEL = "buffersPerChannel";
    static final String RATE = "rate";
    static final String RETRANSMIT_TIMEOUT = "retransmitTimeout";
    static final String HANG_EVERY = "hangEvery";
    static final String TRANSPORT_RETRIES = "transportRetries";
    static final String BLOCK_SIZE = "blockSize";
    static final String TIMEOUT_PERIOD = "timeoutPeriod";
    static final String RETRY_LIMIT = "retryLimit";
    static final String R5_CORE = "r5Core";
    static final String R5_PROGRAM_COST = "r5ProgramCost";
    static final String R5_COMPLETION_COST = "r5CompletionCost";
    static final String LIBRARY_CORE = "libraryCore";
    static final String LIBRARY_CALL_COST = "libraryCallCost";

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
        return List.of(
                ParameterSpec.of(MTU, ParameterType.BYTES, "256B",
                        "packet payload (MTU); transfers are cut at MTU boundaries of the source, a power of two "
                                + "from 64 B to 4 KiB", "seed 000 §2.3, FIDELITY A4").range("64B", "4KiB"),
                ParameterSpec.of(HEADER_BYTES, ParameterType.BYTES, "16B",
                        "bytes of header on every packet (data, ACK, NACK, RESUME), bytes",
                        "modelling choice (seed gives none)").range("0B", "1KiB"),
                ParameterSpec.of(CHANNELS_PER_DOMAIN, ParameterType.INTEGER, "64",
                        "virtualised logical channels per protection domain", "seed 000 §2.3, FIDELITY A4")
                        .range(1, 1024),
                ParameterSpec.of(MAX_CONCURRENT, ParameterType.INTEGER, "1024",
                        "transfers accepted at once over all channels; one more is refused BUSY",
                        "seed 000 §2.3, FIDELITY A4").range(1, 65_536),
                ParameterSpec.of(BUFFERS_PER_CHANNEL, ParameterType.INTEGER, "2",
                        "transfers active per channel (double buffering); the rest wait in the channel's queue",
                        "seed 000 §2.3, FIDELITY A4").range(1, 64),
                ParameterSpec.of(RATE, ParameterType.DATA_RATE, "10Gbps",
                        "rate of the PLDMA's fabric port (latency and loss come from the platform's fabric link)",
                        "ExaNeSt 10 Gbps links (not in the seed)").range("1Mbps", "1Tbps"),
                ParameterSpec.of(RETRANSMIT_TIMEOUT, ParameterType.DURATION, "20us",
                        "time without an ACK after which unacknowledged packets are sent again (loss); a NACK "
                                + "retransmits at once", "seed 000 §2.3 (microsecond-level recovery), FIDELITY A4")
                        .range("1ns", "1s"),
                ParameterSpec.of(TRANSPORT_RETRIES, ParameterType.INTEGER, "7",
                        "retransmission timeouts in a row without progress after which the PLDMA fails a transfer "
                                + "with TIMEOUT (the peer does not answer at all)",
                        "modelling choice (IB-style retry count)").range(0, 64),
                ParameterSpec.of(HANG_EVERY, ParameterType.INTEGER, "0",
                        "fault injection: every n-th transfer activated sticks in the PLDMA until the R5 watchdog "
                                + "resets it (0 = never)", "seed 000 §5.2.3, FIDELITY A11").range(0, 1_000_000_000),
                ParameterSpec.of(BLOCK_SIZE, ParameterType.BYTES, "16KiB",
                        "size of the blocks the R5 firmware splits each request into", "seed 000 §2.3, FIDELITY A5")
                        .range("64B", "1GiB"),
                ParameterSpec.of(TIMEOUT_PERIOD, ParameterType.DURATION, "200ms",
                        "R5 timeout of one block (TIMEOUT_PERIOD); at least 1ms", "seed 000 §5.2.3, FIDELITY A11, B4")
                        .range("1ms", "100s"),
                ParameterSpec.of(RETRY_LIMIT, ParameterType.INTEGER, "3",
                        "times the R5 submits a timed-out block again before failing it with TIMEOUT",
                        "modelling choice (seed gives none)").range(0, 64),
                ParameterSpec.of(R5_CORE, ParameterType.STRING, "r5.0", "the core the R5 firmware runs on",
                        "seed 000 §2.1, FIDELITY A1"),
                ParameterSpec.of(R5_PROGRAM_COST, ParameterType.DURATION, "1us",
                        "R5 firmware time to program one block into the PLDMA", "modelling choice (seed gives none)")
                        .range("0ns", "1s"),
                ParameterSpec.of(R5_COMPLETION_COST, ParameterType.DURATION, "500ns",
                        "R5 firmware time to handle one block's completion", "modelling choice (seed gives none)")
                        .range("0ns", "1s"),
                ParameterSpec.of(LIBRARY_CORE, ParameterType.STRING, "a53.0",
                        "the core the user library's calls run on", "seed 000 §2.1, FIDELITY A1"),
                ParameterSpec.of(LIBRARY_CALL_COST, ParameterType.DURATION, "1us",
                        "CPU time of one rdma_write/rdma_read call and of taking its completion",
                        "modelling choice (seed gives none)").range("0ns", "1s"));
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
