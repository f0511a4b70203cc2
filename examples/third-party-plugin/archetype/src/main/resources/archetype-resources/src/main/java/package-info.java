/**
 * An example third-party iopf plugin: the {@code ${pluginId}} fault handler (seed 000 §6).
 * It is written against {@code framework-api} only, as every plugin must be.
 */
package ${package};
