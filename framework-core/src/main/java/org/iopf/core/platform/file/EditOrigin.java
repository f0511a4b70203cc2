package org.iopf.core.platform.file;

/**
 * Where a {@link TreeEdit} came from, which decides how an error about it reads: at a value of a
 * sweep file (file, line, column and the point) or at a {@code --set} of the command line.
 */
interface EditOrigin {
    /**
     * An error at {@code line} and {@code column} of the edit's own text: a node of its value, or
     * the edit's own mark.
     *
     * @param path the path of the platform file the error is about
     * @param problem what was wrong and what was expected
     */
    RuntimeException error(String path, int line, int column, String problem);

    /** An error at the edit's own mark. */
    RuntimeException error(String path, String problem);

    /** The edit's own mark: where its value is written. */
    Mark mark();
}
