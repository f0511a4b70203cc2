/**
 * The iopf SPI: what a plugin may see of the framework.
 *
 * <p>One package per role ({@code iommu}, {@code dma}, {@code nic}, {@code fault}, {@code buffer}),
 * plus {@code sim} (time, scheduling, resources), {@code mem} (addresses, pages, the OS memory
 * manager), {@code fabric} (packets and links), {@code observe} (metrics and trace),
 * {@code platform} (component types, parameters, nodes) and {@code workload}.
 *
 * <p>Stability: every public type here is part of the plugin API; {@link org.iopf.api.ApiVersion}
 * names the version that plugins declare in {@code Plugin-Requires}.
 */
package org.iopf.api;
