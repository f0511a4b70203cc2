package org.iopf.plugin.ethernetbackupring;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.nic.Nic;
import org.iopf.core.mem.BytesPayload;
import org.iopf.testkit.NicTransfer;
import org.iopf.testkit.TestBench;

/**
 * The eth-nic's transfer for {@link org.iopf.testkit.NicContract}: one stream from node1's
 * {@link EthernetNic#openSender} into an rx buffer opened by node2's {@link EthernetNic#openReceiver}
 * in a given mode; the buffer is never touched before the run (cold) and lies between two guard
 * pages of random bytes. The stream has no error status (it retransmits until every byte is
 * acknowledged), so the contract holds it to delivering every byte.
 */
final class EthContractTransfer {
    private static final long PAGE = 4096;

    private EthContractTransfer() {
    }

    static NicTransfer start(TestBench bench, byte[] data, RxMode mode, int mss) {
        EthernetNic sender = (EthernetNic) bench.role("node1", Nic.class);
        EthernetNic receiver = (EthernetNic) bench.role("node2", Nic.class);
        MemoryManager mm = bench.memoryManager("node2");
        AddressSpace space = mm.createAddressSpace("nic-contract-rx");
        long bufferBytes = Math.max(align(data.length), align(mss));
        long mapped = mm.mmap(space, bufferBytes + 2 * PAGE, MapOptions.DEFAULT);
        byte[] guards = new byte[(int) (2 * PAGE)];
        new Random(data.length).nextBytes(guards);
        mm.write(space, mapped, guards, 0, (int) PAGE);
        mm.write(space, mapped + PAGE + bufferBytes, guards, (int) PAGE, (int) PAGE);
        RxBuffer buffer = new RxBuffer(space, mapped + PAGE, bufferBytes);
        List<NicTransfer.Delivery> deliveries = new ArrayList<>();
        receiver.openReceiver(1, mode, buffer, data.length,
                (seq, length) -> deliveries.add(new NicTransfer.Delivery(seq, length)));
        sender.openSender(1, receiver.endpoint(), BytesPayload.copyOf(data), bufferBytes);
        return new NicTransfer() {
            @Override
            public List<Delivery> deliveries() {
                return deliveries;
            }

            @Override
            public List<String> errors() {
                return List.of();
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
