package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which trace events a {@link TimelineTracer} keeps, so that a long run's trace stays small: by
 * node (the first segment of a track, {@code node1}), by component (the rest of the track, matched
 * against globs where {@code *} is any run of characters: {@code smmu}, {@code a53.*},
 * {@code pldma/*}; a track also matches a glob that names one of its ancestors, so {@code pldma}
 * keeps {@code node1/pldma/ch3}), and by a window of simulated time (a slice is kept if it overlaps
 * the window, an instant or counter if it falls inside it).
 *
 * @param nodes the nodes to keep, empty for all; not null
 * @param components component globs to keep, empty for all; not null
 * @param fromNanos start of the window in ns, {@code >= 0}
 * @param toNanos end of the window in ns (inclusive), {@code >= fromNanos}; {@link Long#MAX_VALUE}
 *     for no end
 * @since 0.1
 */
public record TraceFilter(Set<String> nodes, List<String> components, long fromNanos, long toNanos) {
    /** A filter that keeps everything. */
    public static final TraceFilter ALL = new TraceFilter(Set.of(), List.of(), 0, Long.MAX_VALUE);

    /** Checks and copies the arguments. */
    public TraceFilter {
        nodes = Set.copyOf(requireNonNull(nodes, "nodes is null"));
        components = List.copyOf(requireNonNull(components, "components is null"));
        if (fromNanos < 0 || toNanos < fromNanos) {
            throw new IllegalArgumentException("trace window must satisfy 0 <= from <= to: " + fromNanos + ".."
                    + toNanos);
        }
        for (String glob : components) {
            if (glob.isBlank()) {
                throw new IllegalArgumentException("a component filter is blank");
            }
        }
    }

    /** Whether events on {@code track} are kept. */
    public boolean acceptsTrack(String track) {
        int slash = track.indexOf('/');
        String node = slash < 0 ? track : track.substring(0, slash);
        if (!nodes.isEmpty() && !nodes.contains(node)) {
            return false;
        }
        if (components.isEmpty()) {
            return true;
        }
        String rest = slash < 0 ? "" : track.substring(slash + 1);
        for (String glob : components) {
            Pattern pattern = globPattern(glob);
            for (String candidate = rest; !candidate.isEmpty(); candidate = parent(candidate)) {
                if (pattern.matcher(candidate).matches()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether an event from {@code startNanos} to {@code endNanos} overlaps the window. */
    public boolean acceptsTime(long startNanos, long endNanos) {
        return endNanos >= fromNanos && startNanos <= toNanos;
    }

    /** Whether this filter keeps everything. */
    public boolean keepsAll() {
        return nodes.isEmpty() && components.isEmpty() && fromNanos == 0 && toNanos == Long.MAX_VALUE;
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    private static Pattern globPattern(String glob) {
        return Pattern.compile(Arrays.stream(glob.split("\\*", -1)).map(Pattern::quote)
                .collect(Collectors.joining(".*")));
    }
}
