package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * The parameters of component type {@code dmaplane}, each declared once as a typed key with its
 * range and source, and read into plain fields. The seed gives outcomes, not costs, for the memory
 * system and Soft-RoCE: those parameters are calibrated to the figures they were fitted to.
 */
final class DmaplaneParameters {
    private static final String COST_MAX = "1ms";
    private static final String RATE_MIN = "1MB/s";
    private static final String RATE_MAX = "10TB/s";
    private static final Source E5 = Source.calibrated("E5", "dmaplane-numa-bandwidth");
    private static final Source E7 = Source.calibrated("E7", "dmaplane-credits-64");
    private static final Source E8 = Source.seed("004", "§5.1 (E8)");

    static final Parameter<Integer> NUMA_NODE = Parameter.count("numaNode",
            "NUMA node this dmaplane instance serves: its worker threads run there and data buffers are placed there "
                    + "unless a request names another node").byDefault("0").range(0, 63)
            .from(Source.seed("004", "§8 (one instance per NUMA node)"));
    static final Parameter<Long> COHERENT_LIMIT = Parameter.bytes("coherentLimit",
            "largest coherent (dma_alloc_coherent) allocation, for small control structures").byDefault("4KiB")
            .range("1B", "4MiB").from(Source.seed("004", "§2.1 (E2: coherent for control structures <= 4 KiB)"));
    static final Parameter<Integer> CHANNELS = Parameter.count("channels",
            "channels, each with a submit ring, a completion ring and a worker kernel thread (channel i on core i mod "
                    + "cores)").byDefault("4").range(1, 256)
            .from(Source.assumption("the seed names no number; one per core of a small node"));
    static final Parameter<Integer> RING_ENTRIES = Parameter.count("ringEntries",
            "entries of each submit ring and each completion ring").byDefault("256").range(1, 65_536)
            .from(Source.assumption("the seed names no size; deep enough that no bundled scenario fills a ring"));
    static final Parameter<Integer> DEFAULT_CREDITS = Parameter.count("default_credits",
            "credits of a new RDMA connection: send credits and the receive window (count)").byDefault("64")
            .range(1, 65_536).from(Source.seed("004", "§8 (E11: default_credits 64)"));
    static final Parameter<Boolean> GPU_WC_MAPPING = Parameter.flag("gpu_wc_mapping",
            "map GPU BARs write-combined (ioremap_wc) instead of uncached (ioremap)").byDefault("false")
            .from(Source.seed("004", "§8 (E11: gpu_wc_mapping, enabled by writing 1)"));
    static final Parameter<Long> LLC_SIZE = Parameter.bytes("llcSize",
            "last-level cache a worker thread sees (EPYC 7763: 32 MiB L3 per CCD), in 4 KiB frames, set associative")
            .byDefault("32MiB").range("4KiB", "1GiB").multipleOf("4KiB")
            .from(Source.spec("AMD EPYC 7763 product specification", "L3 cache: 256 MB, 32 MiB per CCD"));
    static final Parameter<Integer> LLC_WAYS = Parameter.count("llcWays",
            "associativity of the last-level cache: 4 KiB frames per set (sets = llcSize / 4 KiB / llcWays, rounded "
                    + "down); a frame's set is a hash of its physical frame number").byDefault("16").range(1, 1024)
            .from(Source.spec("AMD Software Optimization Guide for AMD Family 19h Processors",
                    "§2.12 L3 cache: 32 MB, 16-way set associative, shared by the CCX"));
    static final Parameter<DataRate> CACHE_BANDWIDTH = Parameter.rate("cacheBandwidth",
            "one thread's streaming rate when every line hits the LLC").byDefault("13284MB/s")
            .range(RATE_MIN, RATE_MAX).from(Source.calibrated("E5 (1 MiB local: 13284 MB/s, warm passes)",
                    "dmaplane-numa-bandwidth"));
    static final Parameter<Long> DRAM_LATENCY = Parameter.duration("dramLatency",
            "local DRAM latency of a line fill; a remote fill takes latency x SLIT distance / 10").byDefault("95ns")
            .range("1ns", "10us").from(E5);
    static final Parameter<Integer> MEMORY_PARALLELISM = Parameter.count("memoryParallelism",
            "line fills one core keeps in flight (miss-handling registers): a miss stalls latency / this")
            .byDefault("20").range(1, 1024).from(E5);
    static final Parameter<DataRate> MEMORY_BANDWIDTH = Parameter.rate("memoryBandwidth",
            "memory-controller bandwidth of each NUMA node (2 x DDR4-3200 per node in NPS4)").byDefault("51.2GB/s")
            .range(RATE_MIN, RATE_MAX)
            .from(Source.spec("JEDEC JESD79-4 DDR4", "DDR4-3200: 3200 MT/s x 8 B = 25.6 GB/s per channel"));
    static final Parameter<DataRate> INTERCONNECT_BANDWIDTH = Parameter.rate("interconnectBandwidth",
            "socket interconnect bandwidth that remote fills cross").byDefault("32GB/s").range(RATE_MIN, RATE_MAX)
            .from(Source.assumption("below one node's memory bandwidth; E5's remote figures are latency-bound"));
    static final Parameter<ServiceTime> POST_COST = Parameter.serviceTime("postCost",
            "kernel CPU time of one ib_post_send / ib_post_recv by the RDMA engine").byDefault("300ns")
            .range("0ns", COST_MAX).from(Source.assumption("a kernel verbs post costs some hundred ns"));
    static final Parameter<ServiceTime> POLL_COST = Parameter.serviceTime("pollCost",
            "kernel CPU time to poll and handle one completion-queue entry").byDefault("150ns")
            .range("0ns", COST_MAX).from(Source.assumption("half a post: read one CQE and give back its credit"));
    static final Parameter<Long> REGISTRATION_COST = Parameter.duration("registrationCostPerPage",
            "CPU time per 4 KiB page to export, attach (SG entry) and register a buffer as a memory region")
            .byDefault("60ns").range("0ns", COST_MAX)
            .from(Source.calibrated("E10 (KV consolidate 0.8 ms)", "dmaplane-kv-transfer"));
    static final Parameter<Long> RXE_MTU = Parameter.bytes("rxeMtu",
            "path MTU of the built-in Soft-RoCE transport (power of two, 256 B to 4 KiB)").byDefault("4KiB")
            .range("256B", "4KiB")
            .from(Source.spec("InfiniBand Architecture Specification", "path MTU 256 B..4 KiB, the largest"));
    static final Parameter<Long> RXE_HEADER_BYTES = Parameter.bytes("rxeHeaderBytes",
            "RoCEv2 bytes on the wire per packet: Ethernet, IP, UDP, BTH, RETH/ImmDt, ICRC, FCS").byDefault("78")
            .range("0B", "1KiB").from(Source.spec("InfiniBand Architecture Specification Annex A17 (RoCEv2)",
                    "Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + RETH 16 + ICRC 4 + FCS 4 B"));
    static final Parameter<ServiceTime> RXE_WR_COST = Parameter.serviceTime("rxeWrCost",
            "Soft-RoCE requester CPU time per work request (WQE fetch, validation)").byDefault("100ns")
            .range("0ns", COST_MAX).from(E7);
    static final Parameter<ServiceTime> RXE_PACKET_COST = Parameter.serviceTime("rxePacketCost",
            "Soft-RoCE CPU time per packet on each side (skb, headers, UDP/IP stack); a distribution draws it per "
                    + "packet (softirq work varies with cache state and interrupts, so the closed credit loop queues "
                    + "and its knee is gradual: the E7 scenarios use lognormal(900ns, 1.0))").byDefault("900ns")
            .range("0ns", COST_MAX).from(Source.calibrated("E7 (the 64-credit 1037 MB/s)", "dmaplane-credits-64"));
    static final Parameter<DataRate> RXE_COPY_RATE = Parameter.rate("rxeCopyRate",
            "Soft-RoCE per-byte CPU rate on each side: payload copy plus software ICRC").byDefault("1410MB/s")
            .range(RATE_MIN, RATE_MAX).from(E7);
    static final Parameter<ServiceTime> RXE_ACK_COST = Parameter.serviceTime("rxeAckCost",
            "Soft-RoCE CPU time to build or to process one ACK").byDefault("100ns").range("0ns", COST_MAX).from(E7);
    static final Parameter<Integer> RXE_LOCAL_ACK_TIMEOUT = Parameter.count("rxeLocalAckTimeout",
            "Soft-RoCE local ACK timeout exponent, a 5-bit field: 4.096 us x 2^value (14 = 67 ms); 0 = no timer. "
                    + "Unacknowledged packets are sent again from the first one (go-back-N), the queue pair's retry "
                    + "count times in a row, then the request fails with TRANSPORT_RETRY_EXCEEDED")
            .byDefault("14").range(0, 31).from(Source.spec("InfiniBand Architecture Specification",
                    "ch. 9.7 (local ACK timeout); rdma-core ibv_modify_qp(3) timeout; Linux rxe_qp.c qp->qp_timeout_jiffies"));
    static final Parameter<Integer> RXE_MIN_RNR_TIMER = Parameter.count("rxeMinRnrTimer",
            "RNR timer code (5 bits) Soft-RoCE's responders put in RNR NAKs (no receive posted); the requester "
                    + "waits what the code says: 1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms").byDefault("1")
            .range(0, 31).from(Source.spec("InfiniBand Architecture Specification",
                    "table 'Encoding for RNR NAK Timer Field'; rdma-core ibv_modify_qp(3) min_rnr_timer"));
    static final Parameter<DataRate> GPU_UC_READ = Parameter.rate("gpuUcReadRate",
            "CPU reads through an uncached GPU BAR mapping").byDefault("44MB/s").range(RATE_MIN, RATE_MAX).from(E8);
    static final Parameter<DataRate> GPU_UC_WRITE = Parameter.rate("gpuUcWriteRate",
            "CPU writes through an uncached GPU BAR mapping").byDefault("6MB/s").range(RATE_MIN, RATE_MAX).from(E8);
    static final Parameter<DataRate> GPU_WC_WRITE = Parameter.rate("gpuWcWriteRate",
            "CPU writes through a write-combined GPU BAR mapping").byDefault("10097MB/s").range(RATE_MIN, RATE_MAX)
            .from(E8);
    static final Parameter<DataRate> GPU_COPY_RATE = Parameter.rate("gpuCopyRate",
            "explicit copy (cudaMemcpy) between host and GPU memory, either way").byDefault("12500MB/s")
            .range(RATE_MIN, RATE_MAX).from(E8);
    static final Parameter<ServiceTime> GPU_COPY_SETUP = Parameter.serviceTime("gpuCopySetup",
            "fixed cost of one explicit copy (launch and synchronisation)").byDefault("10us").range("0ns", "1s")
            .from(Source.assumption("a CUDA launch and synchronisation take microseconds"));
    static final Parameter<ServiceTime> GPU_CLEANUP_COST = Parameter.serviceTime("gpuCleanupCost",
            "CPU time of the deferred cleanup work after an unpin callback").byDefault("5us").range("0ns", "1s")
            .from(Source.assumption("deregistering and dropping references is microseconds of kernel work"));

    private DmaplaneParameters() {
    }

    /** Every parameter of {@code dmaplane}, in the order {@code iopf components} shows them. */
    static List<ParameterSpec> specs() {
        return Parameter.specs(NUMA_NODE, COHERENT_LIMIT, CHANNELS, RING_ENTRIES, DEFAULT_CREDITS, GPU_WC_MAPPING,
                LLC_SIZE, LLC_WAYS, CACHE_BANDWIDTH, DRAM_LATENCY, MEMORY_PARALLELISM, MEMORY_BANDWIDTH, INTERCONNECT_BANDWIDTH,
                POST_COST, POLL_COST, REGISTRATION_COST, RXE_MTU, RXE_HEADER_BYTES, RXE_WR_COST, RXE_PACKET_COST,
                RXE_COPY_RATE, RXE_ACK_COST, RXE_LOCAL_ACK_TIMEOUT, RXE_MIN_RNR_TIMER, GPU_UC_READ, GPU_UC_WRITE, GPU_WC_WRITE,
                GPU_COPY_RATE, GPU_COPY_SETUP, GPU_CLEANUP_COST);
    }

    /** Values of the parameters, read once; their ranges are checked at validation. */
    record Values(int numaNode, long coherentLimit, int channels, int ringEntries, int defaultCredits,
            boolean gpuWcMapping, MemorySystemConfig memory, ServiceTime postCost, ServiceTime pollCost, long registrationCost,
            SoftRoceConfig rxe, GpuBarConfig gpu) {
        static Values from(Parameters p) {
            return new Values(p.get(NUMA_NODE), p.get(COHERENT_LIMIT), p.get(CHANNELS), p.get(RING_ENTRIES),
                    p.get(DEFAULT_CREDITS), p.get(GPU_WC_MAPPING),
                    new MemorySystemConfig(p.get(LLC_SIZE), p.get(LLC_WAYS), p.get(CACHE_BANDWIDTH), p.get(DRAM_LATENCY),
                            p.get(MEMORY_PARALLELISM), p.get(MEMORY_BANDWIDTH), p.get(INTERCONNECT_BANDWIDTH)),
                    p.get(POST_COST), p.get(POLL_COST), p.get(REGISTRATION_COST),
                    new SoftRoceConfig(p.get(RXE_MTU), Math.toIntExact(p.get(RXE_HEADER_BYTES)), p.get(RXE_WR_COST),
                            p.get(RXE_PACKET_COST), p.get(RXE_COPY_RATE), p.get(RXE_ACK_COST),
                            p.get(RXE_LOCAL_ACK_TIMEOUT), p.get(RXE_MIN_RNR_TIMER)),
                    new GpuBarConfig(p.get(GPU_UC_READ), p.get(GPU_UC_WRITE), p.get(GPU_WC_WRITE), p.get(GPU_COPY_RATE),
                            p.get(GPU_COPY_SETUP), p.get(GPU_CLEANUP_COST)));
        }
    }
}
