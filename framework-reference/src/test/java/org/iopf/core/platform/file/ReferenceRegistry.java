package org.iopf.core.platform.file;

import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.reference.PinnedBufferManagerType;
import org.iopf.reference.PlainDmaEngineType;
import org.iopf.reference.PremappedIommuType;
import org.iopf.reference.TerminatingFaultHandlerType;
import org.iopf.reference.rc.PinnedRcNicType;
import org.iopf.reference.workload.RdmaWriteStreamType;

/**
 * A registry of exactly the reference component types and the RDMA WRITE stream, so that messages
 * that list known names stay the same when other types join the class path.
 */
final class ReferenceRegistry {
    private ReferenceRegistry() {
    }

    static ExtensionRegistry create() {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.register(new PremappedIommuType(), "test");
        registry.register(new PlainDmaEngineType(), "test");
        registry.register(new PinnedRcNicType(), "test");
        registry.register(new TerminatingFaultHandlerType(), "test");
        registry.register(new PinnedBufferManagerType(), "test");
        registry.registerWorkload(new RdmaWriteStreamType(), "test");
        return registry;
    }
}
