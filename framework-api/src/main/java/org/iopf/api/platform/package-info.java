/**
 * Component types and their wiring: the {@link org.iopf.api.platform.ComponentType} extension
 * point every component implements, documented parameters with units, the context a component
 * receives, the roles a node is made of, and the view of a node that workloads use.
 */
package org.iopf.api.platform;
