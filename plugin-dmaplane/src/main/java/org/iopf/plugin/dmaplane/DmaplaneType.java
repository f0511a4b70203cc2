package org.iopf.plugin.dmaplane;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code dmaplane}: the dmaplane buffer-orchestration device of seed 004 in the
 * buffer-manager role — refcounted NUMA-placed buffers with dma-buf export, channels with submit and
 * completion rings, the lock hierarchy with an order checker, a memory-system model, an RDMA engine
 * with dual credits (over the node's NIC, or a built-in Soft-RoCE transport), GPU BAR modes and the
 * unpin callback.
 *
 * @since 0.1
 */
@Extension
public final class DmaplaneType implements ComponentType {
    /** Creates the type; found by PF4J or {@link java.util.ServiceLoader}. */
    public DmaplaneType() {
    }

    @Override
    public String name() {
        return "dmaplane";
    }

    @Override
    public String description() {
        return "dmaplane: refcounted NUMA-placed buffers with dma-buf export, channels, lock order checker, "
                + "RDMA engine with dual credits (node NIC or built-in Soft-RoCE), GPU BAR modes (seed 004)";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.BUFFER_MANAGER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return DmaplaneParameters.specs();
    }

    @Override
    public List<StatisticSpec> statistics() {
        return DmaplaneStatistics.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(BufferManager.class).to(Dmaplane.class).in(Scopes.SINGLETON);
            }
        };
    }
}
