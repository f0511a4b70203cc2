/**
 * The hmm plugin: HMM device-private memory, migration and CPU fault-back (seed 003).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.hmm;
