/**
 * Assembly of a platform: the registry of component types, parameter resolution against their
 * specs, the platform description, and the construction of nodes with one Guice injector each.
 */
package org.iopf.core.platform;
