package org.iopf.plugin.uvm;

import org.iopf.testkit.BufferManagerContract;

/**
 * The GPU honours the buffer-manager contract: its managed allocations are process memory that
 * migrates on demand, which no dma-buf carries, so it does not export them.
 */
final class UvmGpuBufferManagerContractTest implements BufferManagerContract {
    @Override
    public String bufferPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [2GiB], content: bytes}
                    gpu: {type: uvm-gpu, params: {deviceMemory: 512MiB}}
                """;
    }

    @Override
    public boolean exportsBuffers() {
        return false;
    }
}
