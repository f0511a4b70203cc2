/** What every workload measures, under the names one report reads for all of them. */
package org.iopf.toolkit.workload;
