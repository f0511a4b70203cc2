package org.iopf.plugin.ethernetbackupring;

import org.iopf.testkit.NicContract;
import org.iopf.testkit.NicTransfer;
import org.iopf.testkit.TestBench;

/**
 * The {@code eth-nic} honours the NIC role without verbs: it refuses registration and queue pairs,
 * and its stream, received through the backup ring into a never-touched buffer (every first packet
 * into a page faults and waits in the backup ring), delivers every byte once and intact, also on a
 * lossy link.
 */
class EthernetNicContractTest implements NicContract {
    static final String PLATFORM = """
            seed: 1
            fabric:
              link: {rate: 10Gbps, latency: 500ns, loss: 0.0}
              switchLatency: 300ns
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB], content: bytes}
                iommu: {type: premapped-iommu}
                nic0: {type: eth-nic}
                faults: {type: eth-os-faults}
              - name: node2
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB], content: bytes}
                iommu: {type: premapped-iommu}
                nic0: {type: eth-nic}
                faults: {type: eth-os-faults}
            """;

    @Override
    public String nicPlatform() {
        return PLATFORM;
    }

    @Override
    public boolean hasVerbs() {
        return false;
    }

    /** The stream's segment size (the MSS of the default 9000 B MTU): the sizes sit around it. */
    @Override
    public int mtu() {
        return 9000 - EthHeader.TCP_IP_HEADERS;
    }

    @Override
    public NicTransfer transfer(TestBench bench, byte[] data) {
        return EthContractTransfer.start(bench, data, rxMode(), mtu());
    }

    /** How the receiving NIC takes packets into the unfaulted buffer. */
    RxMode rxMode() {
        return RxMode.BACKUP_RING;
    }
}
