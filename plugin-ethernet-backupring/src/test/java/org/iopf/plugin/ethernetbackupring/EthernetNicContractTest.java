package org.iopf.plugin.ethernetbackupring;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.nic.Nic;
import org.iopf.core.mem.BytesPayload;
import org.iopf.testkit.NicContract;
import org.iopf.testkit.NicTransfer;
import org.iopf.testkit.TestBench;

/**
 * The {@code eth-nic} honours the NIC role without verbs: it refuses registration and queue pairs,
 * and its own path (a TCP-like stream from {@link EthernetNic#openSender} into an rx buffer opened
 * by {@link EthernetNic#openReceiver}, received through the backup ring into a never-touched
 * buffer, so every first packet into a page faults) delivers every byte once and intact, also on a
 * lossy link.
 */
final class EthernetNicContractTest implements NicContract {
    private static final long PAGE = 4096;
    private static final int MTU = 9000;

    @Override
    public String nicPlatform() {
        return """
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
    }

    @Override
    public boolean hasVerbs() {
        return false;
    }

    /** The stream's segment size (the MSS): the contract's sizes sit around it and its multiples. */
    @Override
    public int mtu() {
        return MTU - EthHeader.TCP_IP_HEADERS;
    }

    /** One stream of {@code data} into a cold rx buffer between two guard pages, in backup-ring mode. */
    @Override
    public NicTransfer transfer(TestBench bench, byte[] data) {
        EthernetNic sender = (EthernetNic) bench.role("node1", Nic.class);
        EthernetNic receiver = (EthernetNic) bench.role("node2", Nic.class);
        MemoryManager mm = bench.memoryManager("node2");
        AddressSpace space = mm.createAddressSpace("nic-contract-rx");
        long bufferBytes = Math.max(align(data.length), align(mtu()));
        long mapped = mm.mmap(space, bufferBytes + 2 * PAGE, MapOptions.DEFAULT);
        byte[] guards = new byte[(int) (2 * PAGE)];
        new Random(data.length).nextBytes(guards);
        mm.write(space, mapped, guards, 0, (int) PAGE);
        mm.write(space, mapped + PAGE + bufferBytes, guards, (int) PAGE, (int) PAGE);
        RxBuffer buffer = new RxBuffer(space, mapped + PAGE, bufferBytes);
        List<NicTransfer.Delivery> deliveries = new ArrayList<>();
        receiver.openReceiver(1, RxMode.BACKUP_RING, buffer, data.length,
                (seq, length) -> deliveries.add(new NicTransfer.Delivery(seq, length)));
        sender.openSender(1, receiver.endpoint(), BytesPayload.copyOf(data), bufferBytes);
        return new NicTransfer() {
            @Override
            public List<Delivery> deliveries() {
                return deliveries;
            }

            @Override
            public List<String> errors() {
                return List.of(); // the stream has no error status: it retransmits until every byte is acknowledged
            }

            @Override
            public byte[] received() {
                byte[] bytes = new byte[data.length];
                mm.read(space, buffer.base(), bytes, 0, bytes.length);
                return bytes;
            }

            @Override
            public byte[] surroundings() {
                byte[] bytes = new byte[(int) (2 * PAGE)];
                mm.read(space, mapped, bytes, 0, (int) PAGE);
                mm.read(space, mapped + PAGE + bufferBytes, bytes, (int) PAGE, (int) PAGE);
                return bytes;
            }
        };
    }

    private static long align(long bytes) {
        return (bytes + PAGE - 1) / PAGE * PAGE;
    }
}
