package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import org.iopf.core.io.OneLine;

/**
 * A platform file that cannot be read: bad YAML, or a key or value that does not fit the schema or
 * the registered component and workload types. The message is one line,
 * {@code FILE:LINE:COLUMN: PATH: what was wrong; what was expected[; did you mean 'x'?]} (a line
 * break or other control character in a quoted value or key is written as its escape, {@code \n}), for
 * example {@code a.yaml:7:7: nodes[1].iommu.params.tlbEntrys: unknown parameter of
 * premapped-iommu; expected one of [lookupLatency]; did you mean 'lookupLatency'?}.
 *
 * @since 0.1
 */
public final class PlatformFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The path printed for the document as a whole. */
    static final String ROOT = "(top level)";

    private final String file;
    private final int line;
    private final int column;
    private final String path;
    private final String problem;

    /**
     * Creates the exception.
     *
     * @param file the file as named to the reader ({@code examples/a.yaml}), not null
     * @param line the line, 1-based
     * @param column the column, 1-based
     * @param path the path of the key or value ({@code nodes[1].iommu.type}); empty for the whole
     *     document; not null
     * @param problem what was wrong and what was expected, one line, not null
     */
    public PlatformFileException(String file, int line, int column, String path, String problem) {
        super(OneLine.of(requireNonNull(file, "file is null")) + ":" + line + ":" + column + ": "
                + (requireNonNull(path, "path is null").isEmpty() ? ROOT : OneLine.of(path)) + ": "
                + OneLine.of(requireNonNull(problem, "problem is null")));
        this.file = file;
        this.line = line;
        this.column = column;
        this.path = OneLine.of(path);
        this.problem = OneLine.of(problem);
    }

    /** The file as named to the reader. */
    public String file() {
        return file;
    }

    /** The line of the offending key or value, 1-based. */
    public int line() {
        return line;
    }

    /** The column of the offending key or value, 1-based. */
    public int column() {
        return column;
    }

    /** The path of the offending key or value ({@code nodes[1].iommu.type}); empty for the whole document. */
    public String path() {
        return path;
    }

    /** What was wrong and what was expected, without file, position and path. */
    public String problem() {
        return problem;
    }
}
