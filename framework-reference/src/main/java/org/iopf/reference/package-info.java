/**
 * Reference components for every role: the pinned baseline that every comparison needs
 * (FIDELITY G2). Memory is pinned up front; nothing recovers from a device page fault. Found
 * through {@link java.util.ServiceLoader} ({@code META-INF/services/org.iopf.api.platform.ComponentType}).
 */
package org.iopf.reference;
