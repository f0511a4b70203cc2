package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A device's private memory registered with the OS memory manager (the {@code dev_pagemap} of a
 * {@code MEMORY_DEVICE_PRIVATE} range): memory the CPU cannot address, whose pages can hold
 * process pages migrated there. Created by {@link DeviceMemory#addDevicePagemap}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DevicePagemap {
    /** The name it was registered under ({@code gpu0-vram}), unique within the node. */
    String name();

    /** The device memory: the driver allocates destination frames from it and copies through it. */
    PhysicalMemory memory();

    /** The owner's callbacks. */
    DevicePagemapOps ops();
}
