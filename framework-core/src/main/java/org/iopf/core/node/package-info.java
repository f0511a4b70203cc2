/**
 * A node of a running platform: its services (memory manager, cores, fault queue) and the
 * components that fill its roles.
 */
package org.iopf.core.node;
