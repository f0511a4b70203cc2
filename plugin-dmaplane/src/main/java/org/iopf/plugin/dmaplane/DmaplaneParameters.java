package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;

/**
 * The parameters of component type {@code dmaplane}, documented once (name, unit, default, seed
 * section / FIDELITY id), and read into plain fields.
 */
final class DmaplaneParameters {
    static final String NUMA_NODE = "numaNode";
    static final String COHERENT_LIMIT = "coherentLimit";
    static final String CHANNELS = "channels";
    static final String RING_ENTRIES = "ringEntries";
    static final String DEFAULT_CREDITS = "default_credits";
    static final String GPU_WC_MAPPING = "gpu_wc_mapping";
    static final String LLC_SIZE = "llcSize";
    static final String CACHE_BANDWIDTH = "cacheBandwidth";
    static final String DRAM_LATENCY = "dramLatency";
    static final String MEMORY_PARALLELISM = "memoryParallelism";
    static final String MEMORY_BANDWIDTH = "memoryBandwidth";
    static final String INTERCONNECT_BANDWIDTH = "interconnectBandwidth";
    static final String POST_COST = "postCost";
    static final String POLL_COST = "pollCost";
    static final String REGISTRATION_COST = "registrationCostPerPage";
    static final String RXE_MTU = "rxeMtu";
    static final String RXE_HEADER_BYTES = "rxeHeaderBytes";
    static final String RXE_WR_COST = "rxeWrCost";
    static final String RXE_PACKET_COST = "rxePacketCost";
    static final String RXE_COPY_RATE = "rxeCopyRate";
    static final String RXE_ACK_COST = "rxeAckCost";
    static final String RXE_ACK_TIMEOUT = "rxeAckTimeout";
    static final String RXE_RNR_DELAY = "rxeRnrDelay";
    static final String GPU_UC_READ = "gpuUcReadRate";
    static final String GPU_UC_WRITE = "gpuUcWriteRate";
    static final String GPU_WC_WRITE = "gpuWcWriteRate";
    static final String GPU_COPY_RATE = "gpuCopyRate";
    static final String GPU_COPY_SETUP = "gpuCopySetup";
    static final String GPU_CLEANUP_COST = "gpuCleanupCost";

    private DmaplaneParameters() {
    }

    /** Every parameter of {@code dmaplane}, in the order {@code iopf components} shows them. */
    static List<ParameterSpec> specs() {
        return List.of(
                ParameterSpec.of(NUMA_NODE, ParameterType.INTEGER, "0",
                        "NUMA node this dmaplane instance serves: its worker threads run there and data buffers are "
                                + "placed there unless a request names another node", "seed 004 §8 (one instance per NUMA node)")
                        .range(0, 63),
                ParameterSpec.of(COHERENT_LIMIT, ParameterType.BYTES, "4KiB",
                        "largest coherent (dma_alloc_coherent) allocation, for small control structures", "seed 004 §2.1, E2")
                        .range("1B", "4MiB"),
                ParameterSpec.of(CHANNELS, ParameterType.INTEGER, "4",
                        "channels, each with a submit ring, a completion ring and a worker kernel thread (channel i on core i mod cores)",
                        "seed 004 §2.1, E1").range(1, 256),
                ParameterSpec.of(RING_ENTRIES, ParameterType.INTEGER, "256",
                        "entries of each submit ring and each completion ring", "seed 004 §2.1, E1").range(1, 65_536),
                ParameterSpec.of(DEFAULT_CREDITS, ParameterType.INTEGER, "64",
                        "credits of a new RDMA connection: send credits and the receive window (count)", "seed 004 §8, E11, E7")
                        .range(1, 65_536),
                ParameterSpec.of(GPU_WC_MAPPING, ParameterType.BOOLEAN, "false",
                        "map GPU BARs write-combined (ioremap_wc) instead of uncached (ioremap)", "seed 004 §8, E11, E8"),
                ParameterSpec.of(LLC_SIZE, ParameterType.BYTES, "32MiB",
                        "last-level cache a worker thread sees (EPYC 7763: 32 MiB L3 per CCD)", "seed 004 §3.1-3.2, E5")
                        .range("0B", "1GiB"),
                ParameterSpec.of(CACHE_BANDWIDTH, ParameterType.DATA_RATE, "13608MB/s",
                        "one thread's streaming rate when every line hits the LLC (calibrated: E5's 1 MiB figures)",
                        "seed 004 §3.2, E5").range("1MB/s", "10TB/s"),
                ParameterSpec.of(DRAM_LATENCY, ParameterType.DURATION, "95ns",
                        "local DRAM latency of a line fill; a remote fill takes latency x SLIT distance / 10",
                        "seed 004 §3.1, E4, E5").range("1ns", "10us"),
                ParameterSpec.of(MEMORY_PARALLELISM, ParameterType.INTEGER, "20",
                        "line fills one core keeps in flight (miss-handling registers): a miss stalls latency / this",
                        "seed 004 §3.2, E5").range(1, 1024),
                ParameterSpec.of(MEMORY_BANDWIDTH, ParameterType.DATA_RATE, "51.2GB/s",
                        "memory-controller bandwidth of each NUMA node (2 x DDR4-3200 per node in NPS4)", "seed 004 §3.1")
                        .range("1MB/s", "10TB/s"),
                ParameterSpec.of(INTERCONNECT_BANDWIDTH, ParameterType.DATA_RATE, "32GB/s",
                        "socket interconnect bandwidth that remote fills cross", "seed 004 §3.2")
                        .range("1MB/s", "10TB/s"),
                ParameterSpec.of(POST_COST, ParameterType.DURATION, "300ns",
                        "kernel CPU time of one ib_post_send / ib_post_recv by the RDMA engine", "seed 004 §4.1-4.2, E6")
                        .range("0ns", "1ms"),
                ParameterSpec.of(POLL_COST, ParameterType.DURATION, "150ns",
                        "kernel CPU time to poll and handle one completion-queue entry", "seed 004 §4.2, E6")
                        .range("0ns", "1ms"),
                ParameterSpec.of(REGISTRATION_COST, ParameterType.DURATION, "60ns",
                        "CPU time per 4 KiB page to export, attach (SG entry) and register a buffer as a memory region",
                        "seed 004 §2.2.2, §4.1, E10 (KV consolidate)").range("0ns", "1ms"),
                ParameterSpec.of(RXE_MTU, ParameterType.BYTES, "4KiB",
                        "path MTU of the built-in Soft-RoCE transport (power of two, 256 B to 4 KiB)", "seed 004 §4.3")
                        .range("256B", "4KiB"),
                ParameterSpec.of(RXE_HEADER_BYTES, ParameterType.BYTES, "78",
                        "RoCEv2 bytes on the wire per packet: Ethernet, IP, UDP, BTH, RETH/ImmDt, ICRC, FCS", "seed 004 §4.3")
                        .range("0B", "1KiB"),
                ParameterSpec.of(RXE_WR_COST, ParameterType.DURATION, "100ns",
                        "Soft-RoCE requester CPU time per work request (WQE fetch, validation)", "seed 004 §4.3, E7")
                        .range("0ns", "1ms"),
                ParameterSpec.of(RXE_PACKET_COST, ParameterType.DURATION, "900ns",
                        "Soft-RoCE CPU time per packet on each side (skb, headers, UDP/IP stack)", "seed 004 §4.3, E7")
                        .range("0ns", "1ms"),
                ParameterSpec.of(RXE_COPY_RATE, ParameterType.DATA_RATE, "1410MB/s",
                        "Soft-RoCE per-byte CPU rate on each side: payload copy plus software ICRC", "seed 004 §4.3, E7")
                        .range("1MB/s", "10TB/s"),
                ParameterSpec.of(RXE_ACK_COST, ParameterType.DURATION, "100ns",
                        "Soft-RoCE CPU time to build or to process one ACK", "seed 004 §4.3, E7").range("0ns", "1ms"),
                ParameterSpec.of(RXE_ACK_TIMEOUT, ParameterType.DURATION, "100ms",
                        "a work request not acknowledged within this is sent again (go-back-N), 7 times in a row at most, "
                                + "then fails with TRANSPORT_RETRY_EXCEEDED", "seed 004 §4.3")
                        .range("1us", "100s"),
                ParameterSpec.of(RXE_RNR_DELAY, ParameterType.DURATION, "10us",
                        "wait before resending a message refused with an RNR NAK (no receive posted)", "seed 004 §4.2")
                        .range("0ns", "1s"),
                ParameterSpec.of(GPU_UC_READ, ParameterType.DATA_RATE, "44MB/s",
                        "CPU reads through an uncached GPU BAR mapping", "seed 004 §5.1, E8").range("1MB/s", "10TB/s"),
                ParameterSpec.of(GPU_UC_WRITE, ParameterType.DATA_RATE, "6MB/s",
                        "CPU writes through an uncached GPU BAR mapping", "seed 004 §5.1, E8").range("1MB/s", "10TB/s"),
                ParameterSpec.of(GPU_WC_WRITE, ParameterType.DATA_RATE, "10097MB/s",
                        "CPU writes through a write-combined GPU BAR mapping", "seed 004 §5.1, E8")
                        .range("1MB/s", "10TB/s"),
                ParameterSpec.of(GPU_COPY_RATE, ParameterType.DATA_RATE, "12500MB/s",
                        "explicit copy (cudaMemcpy) between host and GPU memory, either way", "seed 004 §5.1, E8")
                        .range("1MB/s", "10TB/s"),
                ParameterSpec.of(GPU_COPY_SETUP, ParameterType.DURATION, "10us",
                        "fixed cost of one explicit copy (launch and synchronisation)", "seed 004 §5.1")
                        .range("0ns", "1s"),
                ParameterSpec.of(GPU_CLEANUP_COST, ParameterType.DURATION, "5us",
                        "CPU time of the deferred cleanup work after an unpin callback", "seed 004 §5.2, E9")
                        .range("0ns", "1s"));
    }

    /** Values of the parameters, read once. */
    record Values(int numaNode, long coherentLimit, int channels, int ringEntries, int defaultCredits,
            boolean gpuWcMapping, MemorySystemConfig memory, long postCost, long pollCost, long registrationCost,
            SoftRoceConfig rxe, GpuBarConfig gpu) {
        static Values from(Parameters p) {
            Values v = new Values(p.intValue(NUMA_NODE), p.bytes(COHERENT_LIMIT), p.intValue(CHANNELS),
                    p.intValue(RING_ENTRIES), p.intValue(DEFAULT_CREDITS), p.flag(GPU_WC_MAPPING),
                    new MemorySystemConfig(p.bytes(LLC_SIZE), p.rate(CACHE_BANDWIDTH), p.duration(DRAM_LATENCY),
                            p.intValue(MEMORY_PARALLELISM), p.rate(MEMORY_BANDWIDTH), p.rate(INTERCONNECT_BANDWIDTH)),
                    p.duration(POST_COST), p.duration(POLL_COST), p.duration(REGISTRATION_COST),
                    new SoftRoceConfig(p.bytes(RXE_MTU), Math.toIntExact(p.bytes(RXE_HEADER_BYTES)),
                            p.duration(RXE_WR_COST), p.duration(RXE_PACKET_COST), p.rate(RXE_COPY_RATE),
                            p.duration(RXE_ACK_COST), p.duration(RXE_ACK_TIMEOUT), p.duration(RXE_RNR_DELAY)),
                    new GpuBarConfig(p.rate(GPU_UC_READ), p.rate(GPU_UC_WRITE), p.rate(GPU_WC_WRITE),
                            p.rate(GPU_COPY_RATE), p.duration(GPU_COPY_SETUP), p.duration(GPU_CLEANUP_COST)));
            return v;
        }

        Values {
            if (numaNode < 0 || coherentLimit <= 0 || channels <= 0 || ringEntries <= 0 || defaultCredits <= 0) {
                throw new IllegalArgumentException("numaNode >= 0, coherentLimit, channels, ringEntries and "
                        + "default_credits > 0 required");
            }
            if (postCost < 0 || pollCost < 0 || registrationCost < 0) {
                throw new IllegalArgumentException("costs must be >= 0");
            }
        }
    }
}
