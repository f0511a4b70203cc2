/**
 * Writing files so that they never half-exist: {@link org.iopf.core.io.AtomicFile} writes a file
 * under a temporary name beside it and renames it into place once it is complete, and
 * {@link org.iopf.core.io.IoProblem} says in words why a read or a write failed.
 *
 * @since 0.1
 */
package org.iopf.core.io;
