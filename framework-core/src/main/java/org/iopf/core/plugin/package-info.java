/**
 * The plugin host: loads PF4J plugin zips, jars and folders from a plugins folder with isolated
 * class loaders, checks {@code Plugin-Requires} against the API version, starts, stops, unloads
 * and reloads them at run time, refuses to pull a plugin from under a simulation that uses it
 * ({@link org.iopf.core.plugin.PluginLease}), watches the folder for plugins dropped in, and
 * publishes every extension — from the class path and from started plugins — in one
 * {@link org.iopf.core.platform.ExtensionRegistry}.
 *
 * <p>Layered like PF4J: {@link org.iopf.core.plugin.PluginHost} holds the lifecycle and declares
 * the parts it creates; {@link org.iopf.core.plugin.DefaultPluginHost} supplies PF4J and
 * ServiceLoader.
 *
 * @since 0.1
 */
package org.iopf.core.plugin;
