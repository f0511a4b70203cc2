/**
 * The zynq-smmu plugin: the ARM SMMU (MMU-500) of Zynq UltraScale+ ({@code zynq-smmu},
 * {@link org.iopf.plugin.zynqsmmu.Mmu500Smmu}) and the ExaNeSt fault path ({@code exanest-faults}),
 * following seed 000 §2.2, §3, §4.2, §5.
 *
 * <p>Depends on {@code framework-api} only.
 */
package org.iopf.plugin.zynqsmmu;
