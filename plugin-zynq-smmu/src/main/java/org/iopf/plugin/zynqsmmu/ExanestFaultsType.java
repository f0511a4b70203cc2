package org.iopf.plugin.zynqsmmu;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code exanest-faults}: the ExaNeSt page-fault path as the node's fault handler —
 * ISR, tasklet, Netlink to the user-space library with its page pool, page-table update under the
 * mmap lock, IOTLB invalidation, RESUME (seed 000 §3, §4.2, §5.2; FIDELITY A6, A7, A10, A11).
 *
 * <p>Costs are CPU time on the node's A53 cores unless said otherwise. The seed gives the outcome
 * (~200 µs on average for the optimised path, milliseconds for the first implementation) but not
 * the split; the defaults split it as a Linux 4.9 driver on a 1.2 GHz Cortex-A53 would.
 *
 * @since 0.1
 */
@Extension
public final class ExanestFaultsType implements ComponentType {
    static final String OPTIMISED = "optimised";
    static final String FIRST_IMPLEMENTATION = "first-implementation";

    /**
     * The split of an isolated fault's ~200 µs (seed 000 §4.2-4.3 give the total, not the parts): these
     * defaults add up to 199 µs in {@code smmu-a7-fault-recovery}.
     */
    private static final Source A7 = Source.calibrated("A7 (optimised recovery ~200 us)", "smmu-a7-fault-recovery");

    static final Parameter<String> PRESET = Parameter.choice("preset",
            "optimised: the seed's optimised path; first-implementation: without the four optimisations of seed 000 "
                    + "§4.2, i.e. no batching, no pool, full invalidation (pipelining is the SMMU's; parameters set "
                    + "explicitly win)",
            OPTIMISED, FIRST_IMPLEMENTATION).byDefault(OPTIMISED)
            .from(Source.seed("000", "§4.2 (first implementation in milliseconds, optimised in 100s of us)"));
    static final Parameter<String> IRQ_CORE = Parameter.text("irqCore",
            "core that takes the SMMU interrupt and runs ISR and tasklet (if the default is missing: the node's "
                    + "first core)").byDefault("a53.0")
            .from(Source.assumption("Linux runs on the A53s (seed 000 §2.1); its first core takes the interrupt"));
    static final Parameter<String> LIBRARY_CORE = Parameter.text("libraryCore",
            "core the user-space library process (and its syscalls) runs on (if the default is missing: the node's "
                    + "second core)").byDefault("a53.1")
            .from(Source.assumption("the library process on another A53 than the interrupt"));
    static final Parameter<ServiceTime> IRQ_LATENCY = time("irqLatency", "2us",
            "SMMU interrupt to ISR start (GIC delivery, exception entry)", A7);
    static final Parameter<ServiceTime> ISR_COST = time("isrCost", "8us",
            "ISR per fault: read FSR/FAR/FSYNR0, record, clear FSR, schedule the tasklet", A7);
    static final Parameter<ServiceTime> TASKLET_COST = time("taskletCost", "12us",
            "one tasklet run: decode the faults, build the notifications", A7);
    static final Parameter<Long> TASKLET_PER_FAULT = cost("taskletPerFault", "2us", "tasklet work per fault", A7);
    static final Parameter<ServiceTime> NETLINK_LATENCY = time("netlinkLatency", "70us",
            "kernel Netlink message to the library's socket and its wake-up (not CPU of the cores modelled)", A7);
    static final Parameter<Integer> NETLINK_BACKLOG = Parameter.count("netlinkBacklog",
            "notifications the library's socket queues at most; more are dropped (ENOBUFS)").byDefault("256")
            .range(1, 65_536).from(Source.assumption("a socket buffer of a few hundred small messages; seed 000 "
                    + "§5.2.1 names the backlog, not its size"));
    static final Parameter<Double> NETLINK_LOSS = Parameter.decimal("netlinkLoss",
            "probability that a notification is lost (fault injection)").byDefault("0.0").range("0", "0.999999")
            .from(Source.assumption("no loss unless injected (seed 000 §5.2.3's lost notification is a failure case)"));
    static final Parameter<Long> POLL_INTERVAL = cost("pollInterval", "0ns",
            "period at which the library polls its socket; 0 = blocking receive",
            Source.assumption("a library blocks in its receive (seed 000 §3.3 registers a Netlink callback); "
                    + "polling is not among the optimisations of §4.2, so neither preset polls"));
    static final Parameter<ServiceTime> LIBRARY_RECV_COST = time("libraryRecvCost", "25us",
            "library CPU to receive and decode a notification", A7);
    static final Parameter<ServiceTime> ACK_COST = time("ackCost", "4us",
            "library CPU to send PF_RESP_ACK, and to read a PF_NOTIFY_RESOLVED/FAILED notice", A7);
    static final Parameter<ServiceTime> USER_HANDLER_DELAY = time("userHandlerDelay", "0ns",
            "time the library's fault callback blocks per request (slow user handler injection)",
            Source.assumption("no delay unless injected (seed 000 §5.2.1's blocked handler is a failure case)"));
    static final Parameter<Boolean> POOL = Parameter.flag("pool", "the library takes pages from its pre-allocated pool")
            .byDefault("true").from(Source.seed("000", "§4.2 (pre-allocated memory pool)"));
    static final Parameter<Integer> POOL_PAGES = Parameter.count("poolPages", "pages of the pool when full")
            .byDefault("256").range(0, 262_144)
            .from(Source.assumption("1 MiB of 4 KiB pages; seed 000 §3.3 names the pool, not its size"));
    static final Parameter<Integer> POOL_LOW_WATER = Parameter.count("poolLowWater",
            "pages left at which the library refills its pool; at most poolPages").byDefault("64").range(0, 262_144)
            .from(Source.assumption("a quarter of the pool"));
    static final Parameter<Long> POOL_TAKE_COST = cost("poolTakeCost", "6us",
            "library CPU per page taken from the pool", A7);
    static final Parameter<Long> POOL_REFILL_COST = cost("poolRefillCost", "3us",
            "library CPU per page added when refilling the pool (under the mmap lock)",
            Source.assumption("pages added in bulk, half the cost of taking one; off an isolated fault's path"));
    static final Parameter<Long> ALLOC_COST = cost("allocCost", "150us",
            "library CPU per page allocated without the pool (mmap, mlock, zeroing)",
            Source.assumption("mmap, mlock and zeroing of a page on a 1.2 GHz A53"));
    static final Parameter<ServiceTime> REPLY_COST = time("replyCost", "10us",
            "library CPU of the sendmsg of PF_RESP_SOLVED or PF_RESP_RETRY", A7);
    static final Parameter<ServiceTime> PAGE_TABLE_COST = time("pageTableCost", "45us",
            "kernel CPU of one page-table update under the mmap lock (in the library's sendmsg)", A7);
    static final Parameter<Long> PAGE_TABLE_PER_PAGE = cost("pageTablePerPage", "2us", "kernel CPU per page updated",
            A7);
    static final Parameter<String> INVALIDATION = Parameter.choice("invalidation",
            "IOTLB invalidation after the update: the faulting range (TLBIVA), the whole context (TLBIASID), or none "
                    + "(the missing-invalidation bug)", "range", "full", "none").byDefault("range")
            .from(Source.seed("000", "§4.2 (invalidate only the affected range)"));
    static final Parameter<ServiceTime> INVALIDATE_RANGE_COST = time("invalidateRangeCost", "8us",
            "kernel CPU of a range invalidation and its TLBSYNC", A7);
    static final Parameter<Long> INVALIDATE_RANGE_PER_PAGE = cost("invalidateRangePerPage", "1us",
            "kernel CPU per page of a range invalidation", A7);
    static final Parameter<ServiceTime> INVALIDATE_ALL_COST = time("invalidateAllCost", "40us",
            "kernel CPU of a full context invalidation and its TLBSYNC",
            Source.assumption("five times a range invalidation: every entry of the context goes"));
    static final Parameter<Long> RESUME_COST = cost("resumeCost", "4us", "kernel CPU to write RESUME for one fault", A7);
    static final Parameter<Boolean> BATCHING = Parameter.flag("batching",
            "contiguous faults pending together share one notification").byDefault("true")
            .from(Source.seed("000", "§4.2 (batched notifications for contiguous faults)"));
    static final Parameter<Integer> MAX_BATCH_PAGES = Parameter.count("maxBatchPages",
            "pages one notification covers at most").byDefault("16").range(1, 512)
            .from(Source.assumption("64 KiB per notification; the seed does not bound a batch"));
    static final Parameter<Long> WATCHDOG_TIMEOUT = Parameter.duration("watchdogTimeout",
            "a notification unanswered this long is sent again (lost-notification recovery)").byDefault("2ms")
            .range("1us", "10s")
            .from(Source.assumption("ten times the ~200 us optimised recovery, so an answered request never fires it"));
    static final Parameter<Integer> MAX_ATTEMPTS = Parameter.count("maxAttempts",
            "notifications of one request (the first, watchdog resends, after PF_RESP_RETRY) before its faults are "
                    + "terminated with PF_NOTIFY_FAILED; the watchdog doubles its timeout after each resend")
            .byDefault("10").range(1, 100)
            .from(Source.assumption("enough resends for a transient loss, bounded so a dead library cannot hang a run"));
    static final Parameter<Integer> REPEATED_FAULT_THRESHOLD = Parameter.count("repeatedFaultThreshold",
            "faults on an already resolved page that are reported as a repeated fault and recovered with a full "
                    + "invalidation").byDefault("3").range(1, 1000)
            .from(Source.assumption("a page faulting three times after resolution is not a race"));

    /** Creates the type; found as a PF4J extension or through {@link java.util.ServiceLoader}. */
    public ExanestFaultsType() {
    }

    @Override
    public String name() {
        return "exanest-faults";
    }

    @Override
    public String description() {
        return "ExaNeSt fault path: SMMU ISR, tasklet, Netlink to a user-space library with a page pool, page-table "
                + "update under the mmap lock, IOTLB invalidation, RESUME retry";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(PRESET, IRQ_CORE, LIBRARY_CORE, IRQ_LATENCY, ISR_COST, TASKLET_COST, TASKLET_PER_FAULT,
                NETLINK_LATENCY, NETLINK_BACKLOG, NETLINK_LOSS, POLL_INTERVAL, LIBRARY_RECV_COST, ACK_COST,
                USER_HANDLER_DELAY, POOL, POOL_PAGES, POOL_LOW_WATER, POOL_TAKE_COST, POOL_REFILL_COST, ALLOC_COST,
                REPLY_COST, PAGE_TABLE_COST, PAGE_TABLE_PER_PAGE, INVALIDATION, INVALIDATE_RANGE_COST,
                INVALIDATE_RANGE_PER_PAGE, INVALIDATE_ALL_COST, RESUME_COST, BATCHING, MAX_BATCH_PAGES, WATCHDOG_TIMEOUT,
                MAX_ATTEMPTS, REPEATED_FAULT_THRESHOLD);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return ExanestStatistics.DECLARED;
    }

    /**
     * A step's CPU time or latency, {@code 0ns..1s} (mean): a bound that keeps a fault's handling
     * finite; a duration, or a distribution each occurrence draws from.
     */
    private static Parameter<ServiceTime> time(String name, String defaultValue, String description, Source source) {
        return Parameter.serviceTime(name, description).byDefault(defaultValue).range("0ns", "1s").from(source);
    }

    /** A CPU cost per page or per fault, {@code 0ns..1s}: a bound that keeps a fault's handling finite. */
    private static Parameter<Long> cost(String name, String defaultValue, String description, Source source) {
        return Parameter.duration(name, description).byDefault(defaultValue).range("0ns", "1s").from(source);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(ExanestFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
