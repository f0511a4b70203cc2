package org.iopf.testkit.reference;

import org.iopf.testkit.BufferManagerContract;

/** Core's {@code pinned-buffers} honours the buffer-manager contract. */
final class PinnedBuffersBufferManagerContractTest implements BufferManagerContract {
    @Override
    public String bufferPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    buffers: {type: pinned-buffers}
                """;
    }
}
