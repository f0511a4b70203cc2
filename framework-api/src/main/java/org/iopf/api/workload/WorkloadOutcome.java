package org.iopf.api.workload;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairState;

/**
 * What a workload was asked to do and what it completed, as the workload states it once the run
 * has ended ({@link Workload#outcome()}): {@code requested} units of work (messages, blocks,
 * bytes, round trips, steps), of which {@code completed} were done successfully, and the problems
 * that explain a shortfall or that broke something on the way (a queue pair in ERROR, a stream
 * that gave up, transfers still in flight when the simulation went idle). A unit that failed is
 * not completed. A workload that runs for a fixed simulated time states what it promised for that
 * time (the phases or passes it promised), not the time itself.
 *
 * <p>The run publishes {@code workload.requested} and {@code workload.completed} (in
 * {@code unit}) and fails an implicit expectation unless the outcome {@link #isComplete() is
 * complete}.
 *
 * @param requested units the workload was asked for, {@code >= 0}
 * @param completed units it completed successfully, {@code 0 <= completed <= requested}
 * @param unit what a unit is, plural and lower case ({@code messages}, {@code bytes}), not blank
 * @param problems one line each, what went wrong ({@code node2/nic0 queue pair 1 is in ERROR
 *     (first failure: TRANSPORT_RETRY_EXCEEDED)}); empty when nothing did; not null
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record WorkloadOutcome(long requested, long completed, String unit, List<String> problems) {
    /** Checks and copies the arguments. */
    public WorkloadOutcome {
        if (requested < 0 || completed < 0 || completed > requested) {
            throw new IllegalArgumentException("need 0 <= completed <= requested: " + completed + " of " + requested);
        }
        Objects.requireNonNull(unit, "unit is null");
        if (unit.isBlank()) {
            throw new IllegalArgumentException("unit is blank");
        }
        problems = List.copyOf(Objects.requireNonNull(problems, "problems is null"));
        for (String problem : problems) {
            if (problem.isBlank() || problem.contains("\n")) {
                throw new IllegalArgumentException("a problem is one non-blank line: '" + problem + "'");
            }
        }
    }

    /**
     * {@code completed} of {@code requested} units, no problem yet.
     *
     * @param requested units asked for, {@code >= 0}
     * @param completed units completed successfully, at most {@code requested}
     * @param unit what a unit is ({@code messages}), not blank
     * @return the outcome
     */
    public static WorkloadOutcome of(long requested, long completed, String unit) {
        return new WorkloadOutcome(requested, completed, unit, List.of());
    }

    /**
     * This outcome with one more problem.
     *
     * @param problem one line saying what went wrong, not blank
     * @return a new outcome
     */
    public WorkloadOutcome withProblem(String problem) {
        Objects.requireNonNull(problem, "problem is null");
        List<String> more = new ArrayList<>(problems);
        more.add(problem);
        return new WorkloadOutcome(requested, completed, unit, more);
    }

    /**
     * This outcome with the problem {@code <node>/<port> queue pair <qpn> is in ERROR (first
     * failure: <status>)} if {@code queuePair} is in {@link QueuePairState#ERROR}; else this
     * outcome.
     *
     * @param port the fabric port of the queue pair's NIC ({@code Nic.endpoint()}), not null
     * @param queuePair the queue pair, not null
     * @param firstFailure the first failed completion the workload saw on it, or null if it saw
     *     none (the cause is then left out)
     * @return this outcome, or a new one with the problem
     */
    public WorkloadOutcome withQueuePair(Endpoint port, QueuePair queuePair, CompletionStatus firstFailure) {
        Objects.requireNonNull(port, "port is null");
        Objects.requireNonNull(queuePair, "queuePair is null");
        if (queuePair.state() != QueuePairState.ERROR) {
            return this;
        }
        return withProblem(port.node() + "/" + port.port() + " queue pair " + queuePair.qpn() + " is in ERROR"
                + (firstFailure == null ? "" : " (first failure: " + firstFailure + ")"));
    }

    /** Whether every requested unit was completed and nothing went wrong. */
    public boolean isComplete() {
        return completed == requested && problems.isEmpty();
    }

    /** Units requested and not completed. */
    public long shortfall() {
        return requested - completed;
    }

    /**
     * One line: {@code 402 of 20000 messages completed}, then each problem after a semicolon.
     */
    public String summary() {
        StringBuilder text = new StringBuilder().append(completed).append(" of ").append(requested).append(' ')
                .append(unit).append(" completed");
        for (String problem : problems) {
            text.append("; ").append(problem);
        }
        return text.toString();
    }
}
