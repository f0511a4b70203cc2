package org.iopf.reference.workload;

import java.util.List;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;

/**
 * The parameters the built-in workloads share, documented once so that every workload spells and
 * explains them the same way.
 */
final class WorkloadParameters {
    /** Node whose device initiates the traffic. */
    static final String SOURCE = "source";
    /** Node at the other end. */
    static final String TARGET = "target";
    /** Bytes per message. */
    static final String MESSAGE_SIZE = "messageSize";
    /** Operations in the run. */
    static final String MESSAGES = "messages";
    /** Operations in flight at once. */
    static final String CONCURRENCY = "concurrency";
    /** Fraction of each buffer resident at start. */
    static final String RESIDENT = "resident";
    /** Fraction of each buffer pinned at start. */
    static final String PINNED = "pinned";
    /** Register or map without pinning. */
    static final String ON_DEMAND = "onDemand";

    /** The largest message or block: the InfiniBand spec's largest message, 2^31 bytes. */
    static final String MAX_SIZE = "2GiB";
    /** The most operations in a run: a bound that keeps a run finite. */
    static final long MAX_MESSAGES = 1_000_000_000L;
    /** The most operations in flight: a bound on the buffer slots and queue depths (2^16). */
    static final long MAX_CONCURRENCY = 65_536;

    private WorkloadParameters() {
    }

    /** The two nodes of a two-node workload. */
    static List<ParameterSpec> nodes(String sourceDescription, String targetDescription) {
        return List.of(
                ParameterSpec.of(SOURCE, ParameterType.NODE, "node1", sourceDescription, ""),
                ParameterSpec.of(TARGET, ParameterType.NODE, "node2", targetDescription, ""));
    }

    /** Size, count and concurrency, with the workload's own names, defaults and wording. */
    static List<ParameterSpec> traffic(String sizeName, String sizeDefault, String sizeDescription,
            String messagesDefault, String messagesDescription, String concurrencyDefault,
            String concurrencyDescription) {
        return List.of(
                ParameterSpec.of(sizeName, ParameterType.BYTES, sizeDefault, sizeDescription, "").range("1B", MAX_SIZE),
                ParameterSpec.of(MESSAGES, ParameterType.INTEGER, messagesDefault, messagesDescription, "")
                        .range(1, MAX_MESSAGES),
                ParameterSpec.of(CONCURRENCY, ParameterType.INTEGER, concurrencyDefault,
                        concurrencyDescription + "; also the number of buffer slots on each side", "")
                        .range(1, MAX_CONCURRENCY));
    }

    /** How much of the working set is resident and pinned at start, and on-demand registration. */
    static List<ParameterSpec> residency(String onDemandDescription) {
        return List.of(
                ParameterSpec.of(RESIDENT, ParameterType.DECIMAL, "1.0",
                        "fraction of each buffer's pages faulted in before traffic starts, from its start, "
                                + "rounded to whole pages; the rest is never touched (non-resident)", "")
                        .range("0", "1"),
                ParameterSpec.of(PINNED, ParameterType.DECIMAL, "0.0",
                        "fraction (at most resident) of each buffer's pages pinned by the workload before traffic "
                                + "starts, from its start (a pinning registration pins the rest anyway)", "")
                        .range("0", "1"),
                ParameterSpec.of(ON_DEMAND, ParameterType.BOOLEAN, "false", onDemandDescription, ""));
    }
}
