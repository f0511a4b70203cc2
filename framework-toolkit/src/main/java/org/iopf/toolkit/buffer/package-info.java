/** Buffers that are plain process memory, for buffer managers whose devices reach memory through the process's address space. */
package org.iopf.toolkit.buffer;
