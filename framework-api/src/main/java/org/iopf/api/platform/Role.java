package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.nic.Nic;

/**
 * The roles a node's stack is made of. A component type fills one or more; a node has at most one
 * component per role.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Role {
    /** Address translation for devices. */
    IOMMU("iommu", Iommu.class),
    /** A DMA engine. */
    DMA_ENGINE("dma", DmaEngine.class),
    /** A network interface with queue pairs. */
    NIC("nic", Nic.class),
    /** The handler of the node's device page faults. */
    FAULT_HANDLER("faultHandler", FaultHandler.class),
    /** Allocation, pinning and sharing of buffers. */
    BUFFER_MANAGER("bufferManager", BufferManager.class);

    private final String key;
    private final Class<?> apiType;

    Role(String key, Class<?> apiType) {
        this.key = key;
        this.apiType = apiType;
    }

    /** The key that names this role in a platform file ({@code iommu}). */
    public String key() {
        return key;
    }

    /** The API interface that a component filling this role binds and exposes. */
    public Class<?> apiType() {
        return apiType;
    }
}
