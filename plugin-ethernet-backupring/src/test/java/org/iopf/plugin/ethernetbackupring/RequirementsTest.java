package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/**
 * An eth-nic needs a fault handler that resolves faults on its node: without one a faulting
 * receive is resent forever (a run went on for 292 simulated years); and eth-stream needs eth-nics.
 */
final class RequirementsTest {
    private final PlatformFileReader reader = new PlatformFileReader(EthTestbed.REGISTRY);

    private static String platform(String faults, String targetNic) {
        return """
                nodes:
                  - name: node1
                    iommu: {type: premapped-iommu}
                    nic0: {type: eth-nic}
                    faults: {type: eth-os-faults}
                  - name: node2
                    iommu: {type: premapped-iommu}
                    nic0: {type: %s}
                %s
                workload: {type: eth-stream, params: {bufferSize: 16MiB, bytes: 64MiB}}
                """.formatted(targetNic, faults);
    }

    @Test
    void anEthNicWithoutAFaultHandlerIsRefusedAtItsKey() {
        assertThatThrownBy(() -> reader.read("eth.yaml", platform("", "eth-nic")))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("eth.yaml:8:11: nodes[1].nic0: node 'node2' has no fault handler (eth-nic 'nic0' sends its "
                        + "rx-buffer faults to it); fault handler types: [demand-paging, eth-os-faults, terminate]");
    }

    @Test
    void oneThatOnlyTerminatesFaultsDoesNotDo() {
        assertThatThrownBy(() -> reader.read("eth.yaml", platform("    faults: {type: terminate}", "eth-nic")))
                .hasMessageContaining("nodes[1].nic0: node 'node2' has fault handler 'faults' (terminate) without "
                        + "fault resolution (eth-nic 'nic0' sends its rx-buffer faults to it); fault handler types "
                        + "with fault resolution: [demand-paging, eth-os-faults]");
    }

    @Test
    void anRxBufferOfPebibytesIsRefusedAtItsValue() {
        assertThatThrownBy(() -> reader.read("eth.yaml", platform("    faults: {type: eth-os-faults}", "eth-nic")
                .replace("bufferSize: 16MiB", "bufferSize: 4096TiB")))
                .hasMessage("eth.yaml:10:51: workload.params.bufferSize: '4096TiB' is out of range; expected a size "
                        + "in 4KiB..64GiB, a multiple of 4KiB");
    }

    @Test
    void anRxBufferThatIsNotWholePagesIsRefusedAtItsValue() {
        assertThatThrownBy(() -> reader.read("eth.yaml", platform("    faults: {type: eth-os-faults}", "eth-nic")
                .replace("bufferSize: 16MiB", "bufferSize: 10000B")))
                .hasMessage("eth.yaml:10:51: workload.params.bufferSize: '10000B' is not a multiple of 4KiB; expected "
                        + "a size in 4KiB..64GiB, a multiple of 4KiB");
    }

    @Test
    void aMisspelledNicStatisticIsRefusedWithTheNearestDeclaredOne() {
        String text = platform("    faults: {type: eth-os-faults}", "eth-nic")
                + "expect:\n  - {metric: node2.nic0.rx.faultDrop, max: 0}\n";
        assertThatThrownBy(() -> reader.read("eth.yaml", text))
                .hasMessageContaining("expect[0].metric: node2/nic0 (eth-nic) records no statistic 'rx.faultDrop' "
                        + "(did you mean 'rx.faultDrops'?)");
    }

    @Test
    void theStreamNeedsAnEthNicOnBothNodes() {
        assertThatThrownBy(() -> reader.read("eth.yaml", platform("    faults: {type: eth-os-faults}",
                "pinned-rc-nic")))
                .hasMessageContaining("workload.params.target: node 'node2' has NIC 'nic0' (pinned-rc-nic), not "
                        + "eth-nic (eth-stream receives the stream into its rx buffer); nodes whose NIC is eth-nic: "
                        + "[node1]");
    }
}
