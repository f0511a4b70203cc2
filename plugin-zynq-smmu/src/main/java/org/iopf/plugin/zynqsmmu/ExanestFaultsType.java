package org.iopf.plugin.zynqsmmu;

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
import org.iopf.api.sim.Time;
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
    static final String PRESET = "preset";
    static final String OPTIMISED = "optimised";
    static final String FIRST_IMPLEMENTATION = "first-implementation";
    static final String IRQ_CORE = "irqCore";
    static final String LIBRARY_CORE = "libraryCore";
    /** The library's polling period in the first implementation. */
    static final long FIRST_POLL_INTERVAL = Time.millis(2);
    /** The watchdog of the first implementation, longer than its polling period. */
    static final long FIRST_WATCHDOG = Time.millis(10);

    private static final String A6 = "seed 000 §3.2, FIDELITY A6";
    private static final String A7 = "seed 000 §4.2, FIDELITY A6/A7";

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
        return List.of(
                ParameterSpec.choice(PRESET, OPTIMISED, List.of(OPTIMISED, FIRST_IMPLEMENTATION),
                        "optimised: the seed's optimised path; first-implementation: no batching, no pool, full "
                                + "invalidation, a library that polls its socket every 2 ms, a 10 ms watchdog "
                                + "(parameters set explicitly win)", "seed 000 §4.2, FIDELITY A7"),
                ParameterSpec.of(IRQ_CORE, ParameterType.STRING, "a53.0",
                        "core that takes the SMMU interrupt and runs ISR and tasklet (if the default is missing: the "
                                + "node's first core)",
                        "seed 000 §2.1, FIDELITY A1"),
                ParameterSpec.of(LIBRARY_CORE, ParameterType.STRING, "a53.1",
                        "core the user-space library process (and its syscalls) runs on (if the default is "
                                + "missing: the node's second core)", "seed 000 §3.3, FIDELITY A1"),
                cost("irqLatency", "2us",
                        "SMMU interrupt to ISR start (GIC delivery, exception entry)", A6),
                cost("isrCost", "8us",
                        "ISR per fault: read FSR/FAR/FSYNR0, record, clear FSR, schedule the tasklet", A6),
                cost("taskletCost", "12us",
                        "one tasklet run: decode the faults, build the notifications", A6),
                cost("taskletPerFault", "2us", "tasklet work per fault", A6),
                cost("netlinkLatency", "70us",
                        "kernel Netlink message to the library's socket and its wake-up (not CPU of the cores "
                                + "modelled)", A7),
                ParameterSpec.of("netlinkBacklog", ParameterType.INTEGER, "256",
                        "notifications the library's socket queues at most; more are dropped (ENOBUFS)",
                        "seed 000 §5.2.1, FIDELITY A11").range(1, 65_536),
                ParameterSpec.of("netlinkLoss", ParameterType.DECIMAL, "0.0",
                        "probability that a notification is lost (fault injection)", "seed 000 §5.2.3, FIDELITY A11")
                        .range("0", "0.999999"),
                cost("pollInterval", "0ns",
                        "period at which the library polls its socket; 0 = blocking receive", A7),
                cost("libraryRecvCost", "25us",
                        "library CPU to receive and decode a notification", A7),
                cost("ackCost", "4us",
                        "library CPU to send PF_RESP_ACK, and to read a PF_NOTIFY_RESOLVED/FAILED notice", A6),
                cost("userHandlerDelay", "0ns",
                        "time the library's fault callback blocks per request (slow user handler injection)",
                        "seed 000 §5.2.1, FIDELITY A11"),
                ParameterSpec.of("pool", ParameterType.BOOLEAN, "true",
                        "the library takes pages from its pre-allocated pool", "seed 000 §4.2, FIDELITY A10"),
                ParameterSpec.of("poolPages", ParameterType.INTEGER, "256", "pages of the pool when full",
                        "seed 000 §3.3, §5.2.1").range(0, 262_144),
                ParameterSpec.of("poolLowWater", ParameterType.INTEGER, "64",
                        "pages left at which the library refills its pool", "seed 000 §4.2").range(0, 262_144),
                cost("poolTakeCost", "6us",
                        "library CPU per page taken from the pool",
                        A7),
                cost("poolRefillCost", "3us",
                        "library CPU per page added when refilling the pool (under the mmap lock)", A7),
                cost("allocCost", "150us",
                        "library CPU per page allocated without the pool (mmap, mlock, zeroing)", A7),
                cost("replyCost", "10us",
                        "library CPU of the sendmsg of PF_RESP_SOLVED or PF_RESP_RETRY", A6),
                cost("pageTableCost", "45us",
                        "kernel CPU of one page-table update under the mmap lock (in the library's sendmsg)", A6),
                cost("pageTablePerPage", "2us", "kernel CPU per page updated", A6),
                ParameterSpec.choice("invalidation", "range", List.of("range", "full", "none"),
                        "IOTLB invalidation after the update: the faulting range (TLBIVA), the whole context "
                                + "(TLBIASID), or none (the missing-invalidation bug)",
                        "seed 000 §4.2, §5.2.2, FIDELITY A10/A11"),
                cost("invalidateRangeCost", "8us",
                        "kernel CPU of a range invalidation and its TLBSYNC", A7),
                cost("invalidateRangePerPage", "1us",
                        "kernel CPU per page of a range invalidation", A7),
                cost("invalidateAllCost", "40us",
                        "kernel CPU of a full context invalidation and its TLBSYNC", A7),
                cost("resumeCost", "4us",
                        "kernel CPU to write RESUME for one fault",
                        A6),
                ParameterSpec.of("batching", ParameterType.BOOLEAN, "true",
                        "contiguous faults pending together share one notification", "seed 000 §4.2, FIDELITY A10"),
                ParameterSpec.of("maxBatchPages", ParameterType.INTEGER, "16", "pages one notification covers at most",
                        "seed 000 §4.2").range(1, 512),
                ParameterSpec.of("watchdogTimeout", ParameterType.DURATION, "2ms",
                        "a notification unanswered this long is sent again (lost-notification recovery)",
                        "seed 000 §5.2.3, FIDELITY A11").range("1us", "10s"),
                ParameterSpec.of("maxAttempts", ParameterType.INTEGER, "10",
                        "notifications of one request (the first, watchdog resends, after PF_RESP_RETRY) before "
                                + "its faults are terminated with PF_NOTIFY_FAILED; the watchdog doubles its "
                                + "timeout after each resend", "seed 000 §5.2.3, FIDELITY A11").range(1, 100),
                ParameterSpec.of("repeatedFaultThreshold", ParameterType.INTEGER, "3",
                        "faults on an already resolved page that are reported as a repeated fault and recovered with "
                                + "a full invalidation", "seed 000 §5.2.2, FIDELITY A11").range(1, 1000));
    }

    /** A CPU cost or latency of the path, {@code 0ns..1s}: a bound that keeps a fault's handling finite. */
    private static ParameterSpec cost(String name, String defaultValue, String description, String source) {
        return ParameterSpec.of(name, ParameterType.DURATION, defaultValue, description, source).range("0ns", "1s");
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
