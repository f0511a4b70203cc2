package org.iopf.testkit;

/**
 * The contract of the {@link org.iopf.api.buffer.BufferManager} role. A buffer manager's test class
 * implements this interface and supplies {@link #bufferPlatform()}; it inherits the tests that prove
 * the manager honours the role: a referenced (retained or attached) buffer is never freed, a buffer
 * is freed when its last reference goes, reserved bytes follow allocations and frees, and the same
 * seed gives the same trace.
 *
 * @since 0.1
 */
public interface BufferManagerContract {
    /**
     * The platform the manager under test runs on, as platform-file text: a node {@code node1} whose
     * {@code BufferManager} role is the component under test.
     */
    String bufferPlatform();
}
