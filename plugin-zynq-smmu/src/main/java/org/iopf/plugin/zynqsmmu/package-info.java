/**
 * The zynq-smmu plugin: ARM SMMU (MMU-500) of Zynq UltraScale+ and the ExaNeSt fault path (seed 000 §2.2, §3, §4.2, §5).
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.zynqsmmu;
