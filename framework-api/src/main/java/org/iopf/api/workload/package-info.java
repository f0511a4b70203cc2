/**
 * Workloads: the traffic and application patterns that drive a platform, as an extension point.
 */
package org.iopf.api.workload;
