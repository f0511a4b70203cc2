/**
 * Building blocks of buffer managers: a buffer's common fields and its reference count by holder,
 * and the buffer table of managers whose buffers are plain process memory.
 */
package org.iopf.toolkit.buffer;
