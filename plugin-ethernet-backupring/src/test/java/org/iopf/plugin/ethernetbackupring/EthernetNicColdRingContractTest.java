package org.iopf.plugin.ethernetbackupring;

/**
 * The {@code eth-nic} honours the NIC role in cold-ring mode: a packet into a never-touched page is
 * dropped while the OS faults the page in, and the stream's retransmissions still deliver every byte
 * once and intact, also on a lossy link. The same platform and checks as {@link EthernetNicContractTest}.
 */
final class EthernetNicColdRingContractTest extends EthernetNicContractTest {
    @Override
    RxMode rxMode() {
        return RxMode.COLD_RING;
    }
}
