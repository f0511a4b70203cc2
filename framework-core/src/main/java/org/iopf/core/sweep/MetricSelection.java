package org.iopf.core.sweep;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The figures a sweep keeps of each run: names ({@code throughput}) and globs in which {@code *}
 * stands for any run of characters ({@code node2.nic0.npf.*}), in the order given; a glob's
 * matches in name order.
 *
 * @param patterns the names and globs, at least one
 * @since 0.1
 */
public record MetricSelection(List<String> patterns) {
    /**
     * The run's headline figures, kept when a sweep names none: throughput, latency percentiles,
     * faults and their resolution time, the workload's counters and the simulated time.
     */
    public static final List<String> HEADLINE = List.of("throughput", "throughput.steady", "latency.p50",
            "latency.p99", "latency.max", "faults.total", "faults.resolution.p50", "faults.resolution.p99", "bytes",
            "messages", "errors", "integrity.mismatchedPages", "sim.time");

    /** Checks arguments. */
    public MetricSelection {
        patterns = List.copyOf(patterns);
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("a metric selection needs at least one name");
        }
    }

    /** Whether {@code pattern} is a glob. */
    public static boolean isGlob(String pattern) {
        return pattern.contains("*");
    }

    /** The names of {@code figures} kept, in the selection's order. */
    public List<String> select(Collection<String> figures) {
        Set<String> kept = new LinkedHashSet<>();
        for (String pattern : patterns) {
            if (isGlob(pattern)) {
                Pattern regex = glob(pattern);
                figures.stream().filter(f -> regex.matcher(f).matches()).sorted().forEach(kept::add);
            } else if (figures.contains(pattern)) {
                kept.add(pattern);
            }
        }
        return new ArrayList<>(kept);
    }

    /** The names and globs that match none of {@code figures}. */
    public List<String> unmatched(Collection<String> figures) {
        List<String> none = new ArrayList<>();
        for (String pattern : patterns) {
            Pattern regex = glob(pattern);
            if (figures.stream().noneMatch(f -> regex.matcher(f).matches())) {
                none.add(pattern);
            }
        }
        return none;
    }

    private static Pattern glob(String pattern) {
        String[] parts = pattern.split("\\*", -1);
        StringBuilder regex = new StringBuilder(Pattern.quote(parts[0]));
        for (int i = 1; i < parts.length; i++) {
            regex.append(".*").append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }
}
