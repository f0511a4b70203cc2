/**
 * The plugin toolkit: building blocks that several plugins need (a transport engine, workload
 * measurements, integrity checks), written against the API alone. It is not part of the host's
 * contract: each plugin zip carries its own copy under {@code lib/}, loaded by the plugin's class
 * loader, so two plugins may carry two versions of it.
 */
package org.iopf.toolkit;
