/**
 * The buffer-manager role: allocation with NUMA placement, pinning, reference counting, and
 * dma-buf-style export with one scatter-gather table per attachment.
 */
package org.iopf.api.buffer;
