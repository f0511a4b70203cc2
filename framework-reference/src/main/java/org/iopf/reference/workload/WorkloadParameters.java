package org.iopf.reference.workload;

import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Source;

/**
 * The parameters the built-in workloads share, declared by one set of factories so that every
 * workload spells, ranges and explains them the same way; each workload type holds its own keys
 * (its defaults and wording) and its workload reads through them.
 */
final class WorkloadParameters {
    /** The name of the parameter naming the node whose device initiates the traffic. */
    static final String SOURCE = "source";
    /** The name of the parameter naming the node at the other end. */
    static final String TARGET = "target";
    /** The name of the size of an RDMA workload's messages. */
    static final String MESSAGE_SIZE = "messageSize";

    /** The largest message or block: the InfiniBand spec's largest message, 2^31 bytes. */
    static final String MAX_SIZE = "2GiB";
    /** The most operations in a run: a bound that keeps a run finite. */
    static final long MAX_MESSAGES = 1_000_000_000L;
    /** The most operations in flight: a bound on the buffer slots and queue depths (2^16). */
    static final long MAX_CONCURRENCY = 65_536;

    private static final Source TRAFFIC = Source.assumption("a baseline's traffic; the bundled scenarios set their own");

    /** Fraction of each buffer resident at start. */
    static final Parameter<Double> RESIDENT = Parameter.decimal("resident",
            "fraction of each buffer's pages faulted in before traffic starts, from its start, rounded to whole pages; "
                    + "the rest is never touched (non-resident)").byDefault("1.0").range("0", "1")
            .from(Source.assumption("the pinned baseline: every page present before traffic starts"));
    /** Fraction of each buffer pinned at start. */
    static final Parameter<Double> PINNED = Parameter.decimal("pinned",
            "fraction (at most resident) of each buffer's pages pinned by the workload before traffic starts, from "
                    + "its start (a pinning registration pins the rest anyway)").byDefault("0.0").range("0", "1")
            .from(Source.assumption("the workload pins nothing itself; a pinning registration pins what it registers"));

    /**
     * The keys of the two ends of an RDMA workload.
     *
     * @param source the node whose NIC initiates
     * @param target the node at the other end
     */
    record Ends(Parameter<String> source, Parameter<String> target) {
        static Ends of(String sourceDescription, String targetDescription) {
            return new Ends(Parameter.node(SOURCE, sourceDescription).byDefault("node1"),
                    Parameter.node(TARGET, targetDescription).byDefault("node2"));
        }
    }

    /**
     * The keys of a workload's traffic: its size, count and concurrency, and whether it registers
     * memory on demand.
     *
     * @param size bytes per operation
     * @param messages operations in the run
     * @param concurrency operations in flight at once, also the buffer slots on each side
     * @param onDemand register or map without pinning
     */
    record Traffic(Parameter<Long> size, Parameter<Long> messages, Parameter<Integer> concurrency,
            Parameter<Boolean> onDemand) {
        /** The traffic keys with the workload's own names, defaults and wording. */
        static Traffic of(String sizeName, String sizeDefault, String sizeDescription, String messagesDefault,
                String messagesDescription, String concurrencyDefault, String concurrencyDescription,
                String onDemandDescription) {
            return new Traffic(
                    Parameter.bytes(sizeName, sizeDescription).byDefault(sizeDefault).range("1B", MAX_SIZE)
                            .from(TRAFFIC),
                    Parameter.integer("messages", messagesDescription).byDefault(messagesDefault)
                            .range(1, MAX_MESSAGES).from(TRAFFIC),
                    Parameter.count("concurrency", concurrencyDescription + "; also the number of buffer slots on "
                            + "each side").byDefault(concurrencyDefault).range(1, MAX_CONCURRENCY).from(TRAFFIC),
                    Parameter.flag("onDemand", onDemandDescription).byDefault("false")
                            .from(Source.assumption("the baseline registers and maps its memory pinned")));
        }
    }

    private WorkloadParameters() {
    }
}
