package org.iopf.plugin.dmaplane;

import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.testkit.BufferManagerContract;

/**
 * dmaplane honours the buffer-manager contract on a two-socket node, its buffers placed strictly on
 * the second NUMA node (so the contract also checks that they report it).
 */
final class DmaplaneBufferManagerContractTest implements BufferManagerContract {
    @Override
    public String bufferPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory:
                      numa: [1GiB, 1GiB]
                      distances:
                        - [10, 21]
                        - [21, 10]
                      content: bytes
                    dmaplane: {type: dmaplane}
                """;
    }

    @Override
    public BufferSpec bufferSpec(long bytes) {
        return new BufferSpec(bytes, AllocationMode.PAGES, 1, NumaPolicy.STRICT_LOCAL, false);
    }
}
