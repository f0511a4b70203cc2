/**
 * The tail every fault handler that resolves a device's fault through the OS shares: fault the page
 * in, map its frame into the faulting I/O domain, invalidate, and keep the mapping coherent with
 * an MMU notifier ({@link org.iopf.toolkit.fault.IoMappings}).
 */
package org.iopf.toolkit.fault;
