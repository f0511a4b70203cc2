/**
 * Sweeps: many runs of one platform with some of its values varied. A sweep file (read by
 * {@link org.iopf.core.platform.file.SweepFileReader}) names a base platform file, axes (a path of
 * the file and the values it takes) combined as a grid or zipped, replications and the figures to
 * keep; it expands into {@link org.iopf.core.sweep.SweepPoint}s, each a scenario checked like a
 * platform file, identified by a hash of its resolved inputs. The format is documented in
 * {@code docs/sweeps.md}.
 *
 * @since 0.1
 */
package org.iopf.core.sweep;
