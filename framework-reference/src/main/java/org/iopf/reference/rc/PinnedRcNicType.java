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
import org.iopf.api.sim.DataRate;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Source;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Role;

/**
 * Component type {@code pinned-rc-nic}: the baseline RC RDMA NIC without page-fault support.
 */
public final class PinnedRcNicType implements ComponentType {
    static final Parameter<DataRate> RATE = Parameter.rate("rate", "port rate").byDefault("100Gbps")
            .range("1Mbps", "1Tbps").from(Source.seed("001", "§2"));
    static final Parameter<Long> MTU = Parameter.bytes("mtu",
            "path MTU: largest payload per packet (a power of two; the InfiniBand MTUs)").byDefault("4KiB")
            .range("256B", "4KiB").from(Source.seed("001", "§2"));
    static final Parameter<Integer> LOCAL_ACK_TIMEOUT = Parameter.count("localAckTimeout",
            "local ACK timeout exponent, a 5-bit field: 4.096 us x 2^value (14 = 67 ms); 0 = no timer")
            .byDefault("14").range(0, 31).from(Source.spec("InfiniBand Architecture Specification",
                    "ch. 9.7 (local ACK timeout); rdma-core ibv_modify_qp(3) timeout"));
    static final Parameter<Integer> MIN_RNR_TIMER = Parameter.count("minRnrTimer",
            "RNR timer code (5 bits) this NIC's responders put in RNR NAKs; the requester waits what the code says: "
                    + "1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms").byDefault("1").range(0, 31)
            .from(Source.spec("InfiniBand Architecture Specification", "table 'Encoding for RNR NAK Timer Field'; "
                    + "rdma-core ibv_modify_qp(3) min_rnr_timer"));

    static final StatisticSpec TIMEOUTS = StatisticSpec.counter("timeouts", "timeouts",
            "local ACK timeouts of the requester");
    static final StatisticSpec TX_BYTES = StatisticSpec.counter("tx.bytes", "bytes",
            "payload sent, retransmissions included");
    static final StatisticSpec RX_UNKNOWN_QP = StatisticSpec.counter("rx.unknownQp", "packets",
            "packets for no queue pair of this NIC");

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
        return Parameter.specs(RATE, MTU, LOCAL_ACK_TIMEOUT, MIN_RNR_TIMER);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(TIMEOUTS, TX_BYTES, RX_UNKNOWN_QP);
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
