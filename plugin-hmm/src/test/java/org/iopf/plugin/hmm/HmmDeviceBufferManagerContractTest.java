package org.iopf.plugin.hmm;

import org.iopf.testkit.BufferManagerContract;

/**
 * The HMM device honours the buffer-manager contract. Its buffers are process memory that migrates
 * to device-private memory, which no dma-buf can carry, so it does not export them.
 */
final class HmmDeviceBufferManagerContractTest implements BufferManagerContract {
    @Override
    public String bufferPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [2GiB], content: bytes}
                    gpu: {type: hmm-device, params: {deviceMemory: 512MiB}}
                """;
    }

    @Override
    public boolean exportsBuffers() {
        return false;
    }
}
