package org.iopf.core.platform.file;

/**
 * Where something was written in a platform file.
 *
 * @param line the line, 1-based
 * @param column the column, 1-based
 */
record Mark(int line, int column) {
    /** The start of a file. */
    static final Mark START = new Mark(1, 1);

    /** Checks arguments. */
    Mark {
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based: " + line + ":" + column);
        }
    }
}
