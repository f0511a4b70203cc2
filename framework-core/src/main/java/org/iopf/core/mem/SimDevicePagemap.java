package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.DevicePagemapOps;

/**
 * A device's private memory registered with a {@link DemandPagingMemoryManager}: its frames and
 * contents (a {@link SparsePhysicalMemory} of its own) and the owner's callbacks.
 *
 * @since 0.1
 */
public final class SimDevicePagemap implements DevicePagemap {
    private final String name;
    private final SparsePhysicalMemory memory;
    private final DevicePagemapOps ops;

    SimDevicePagemap(String name, SparsePhysicalMemory memory, DevicePagemapOps ops) {
        this.name = requireNonNull(name, "name is null");
        this.memory = requireNonNull(memory, "memory is null");
        this.ops = requireNonNull(ops, "ops is null");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SparsePhysicalMemory memory() {
        return memory;
    }

    @Override
    public DevicePagemapOps ops() {
        return ops;
    }

    @Override
    public String toString() {
        return "DevicePagemap[" + name + ", " + memory.size() + " B]";
    }
}
