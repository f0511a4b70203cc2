/**
 * The dmaplane plugin: dmaplane buffer orchestration, NUMA placement and credit flow control (seed 004).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.dmaplane;
