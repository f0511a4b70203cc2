/** Building blocks of buffer managers: a buffer's reference count by holder, and its common fields. */
package org.iopf.toolkit.buffer;
