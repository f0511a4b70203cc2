/**
 * The pldma plugin: FORTH PLDMA engine and the Cortex-R5 transfer scheduler (seed 000 §2.3, §4).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.pldma;
