package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

/**
 * A scenario that cannot run as given, found before its first event: a parameter out of its
 * range, a node that lacks what the workload or one of its components needs, or buffers that do
 * not fit a node's memory. The message is {@code [SOURCE: ]PATH: problem}: the path as a platform
 * file's ({@code workload.params.source}, {@code nodes[0].nic0}), so that a reader can place it at
 * the file's line, after the file the scenario came from when that is known (a value given with
 * {@code --set} has no line).
 */
public final class InvalidScenarioException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String path;
    private final String problem;

    /**
     * Creates the exception, from no known file.
     *
     * @param path the path of what is wrong in the platform file's terms, not null
     * @param problem what is wrong, and what would do, one line, not null
     */
    public InvalidScenarioException(String path, String problem) {
        this("", path, problem);
    }

    private InvalidScenarioException(String source, String path, String problem) {
        super((source.isEmpty() ? "" : source + ": ") + requireNonNull(path, "path is null") + ": "
                + requireNonNull(problem, "problem is null"));
        this.source = source;
        this.path = path;
        this.problem = problem;
    }

    /** The same problem, found in the scenario read from {@code source} ({@code examples/a.yaml}). */
    public InvalidScenarioException in(String source) {
        return new InvalidScenarioException(requireNonNull(source, "source is null"), path, problem);
    }

    /** Where the scenario came from, or the empty string. */
    public String source() {
        return source;
    }

    /** The path of what is wrong ({@code workload.params.source}). */
    public String path() {
        return path;
    }

    /** What is wrong, without the path. */
    public String problem() {
        return problem;
    }
}
