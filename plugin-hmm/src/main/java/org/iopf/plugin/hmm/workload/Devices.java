package org.iopf.plugin.hmm.workload;

import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.plugin.hmm.HmmDevice;

/** Helpers the hmm workloads share: finding the device, mapping buffers, a zero reference. */
final class Devices {
    private Devices() {
    }

    /**
     * The {@code hmm-device} a node parameter names (the node's default buffer manager, or
     * {@code node1/gpu1}), or an error saying what is there instead.
     */
    static HmmDevice require(WorkloadContext context, String reference) {
        BufferManager manager = context.requireComponent(reference, BufferManager.class);
        if (!(manager instanceof HmmDevice device)) {
            throw new IllegalStateException("'" + reference + "' is buffer manager " + manager
                    + ", not an hmm-device");
        }
        return device;
    }

    /** Maps {@code bytes} of anonymous memory backed by huge pages where possible, through the device. */
    static long buffer(HmmDevice device, AddressSpace space, long bytes) {
        return device.allocate(space, new BufferSpec(bytes, org.iopf.api.buffer.AllocationMode.PAGES, 0,
                org.iopf.api.mem.NumaPolicy.NEAREST, true)).requireBuffer().address();
    }

    /**
     * The contents of a zero-filled page the CPU touched (2 MiB where THP gives one), captured at
     * once: the reference zeros are kept as a content description, so comparing with them never
     * reads a frame reclaim may have freed since (the page itself may be swapped out later).
     */
    static Payload zeroReference(MemoryManager memory, AddressSpace space) {
        long va = memory.mmap(space, PageSize.HUGE_2M.bytes(), MapOptions.DEFAULT.withTransparentHugePages(true));
        memory.faultInNow(space, va, Access.WRITE);
        long length = space.entry(va).orElseThrow().size().bytes();
        return memory.physicalMemory().capture(memory.translate(space, va, Access.READ).orElseThrow(), length);
    }
}
