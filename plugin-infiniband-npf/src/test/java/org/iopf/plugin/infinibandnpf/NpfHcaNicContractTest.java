package org.iopf.plugin.infinibandnpf;

import org.iopf.testkit.NicContract;

/** The {@code ib-npf-hca} honours the NIC role, with pinned and with on-demand (NPF/ODP) regions. */
final class NpfHcaNicContractTest implements NicContract {
    /** Two nodes with one HCA each on a 100 Gbps fabric; the ib-fault-probe workload runs on them too. */
    static final String TWO_HCAS = """
            seed: 1
            fabric:
              link: {rate: 100Gbps, latency: 500ns, loss: 0.0}
              switchLatency: 300ns
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 4}]
                memory: {numa: [1GiB], content: bytes}
                nic0: {type: ib-npf-hca}
              - name: node2
                cores: [{cluster: cpu, count: 4}]
                memory: {numa: [1GiB], content: bytes}
                nic0: {type: ib-npf-hca}
            """;

    @Override
    public String nicPlatform() {
        return TWO_HCAS;
    }

    @Override
    public boolean supportsOnDemandRegistration() {
        return true;
    }
}
