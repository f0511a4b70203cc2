package org.iopf.reference.rc;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.nic.Nic;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;

/**
 * Component type {@code pinned-rc-nic}: the baseline RC RDMA NIC without page-fault support.
 */
public final class PinnedRcNicType implements ComponentType {
    @Override
    public String name() {
        return "pinned-rc-nic";
    }

    @Override
    public String description() {
        return "Baseline RC RDMA NIC: pinned memory regions, PSN/ACK reliability, RNR, no page-fault support";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.NIC);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("rate", ParameterType.DATA_RATE, "100Gbps", "port rate", "seed 001 §2")
                        .range("1Mbps", "1Tbps"),
                ParameterSpec.of("mtu", ParameterType.BYTES, "4KiB",
                        "path MTU: largest payload per packet (a power of two; the InfiniBand MTUs)", "seed 001 §2")
                        .range("256B", "4KiB"),
                ParameterSpec.of("localAckTimeout", ParameterType.INTEGER, "14",
                        "local ACK timeout exponent, a 5-bit field: 4.096 us x 2^value (14 = 67 ms); 0 = no timer",
                        "InfiniBand spec ch. 9.7; rdma-core ibv_modify_qp(3) timeout").range(0, 31),
                ParameterSpec.of("minRnrTimer", ParameterType.INTEGER, "1",
                        "RNR timer code (5 bits) this NIC's responders put in RNR NAKs; the requester waits what"
                                + " the code says: 1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms",
                        "InfiniBand spec table 'Encoding for RNR NAK Timer Field'; rdma-core ibv_modify_qp(3)"
                                + " min_rnr_timer").range(0, 31));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Nic.class).to(PinnedRcNic.class).in(Scopes.SINGLETON);
            }
        };
    }
}
