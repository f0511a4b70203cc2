/**
 * A running simulation: the kernel, the fabric and the assembled nodes of one platform, and the
 * context that workloads run in.
 */
package org.iopf.core.run;
