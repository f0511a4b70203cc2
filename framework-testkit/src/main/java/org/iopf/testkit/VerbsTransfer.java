package org.iopf.testkit;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;

/**
 * The {@link NicContract#transfer} of a NIC with verbs: the message is one signalled SEND from
 * {@code node1} into a receive of exactly its length posted on {@code node2}, at an address that is
 * not page aligned, between two guard regions of random bytes in the same registered buffer.
 */
final class VerbsTransfer implements NicTransfer {
    private static final long SOURCE_OFFSET = 37;
    private static final long DESTINATION_OFFSET = VerbsPair.PAGE + 100;

    private final VerbsPair pair;
    private final int length;

    VerbsTransfer(TestBench bench, byte[] data, boolean onDemand) {
        this.length = data.length;
        long buffer = (DESTINATION_OFFSET + data.length + 2 * VerbsPair.PAGE) / VerbsPair.PAGE * VerbsPair.PAGE;
        this.pair = new VerbsPair(bench, buffer, onDemand, QueuePairConfig.DEFAULT, 11);
        pair.a.mm.write(pair.a.space, pair.a.base + SOURCE_OFFSET, data, 0, data.length);
        post(pair.b.qp.postReceive(new ReceiveRequest(1, pair.b.base + DESTINATION_OFFSET, pair.b.region.lkey(),
                data.length)));
        post(pair.a.qp.postSend(WorkRequest.send(1, pair.a.region, pair.a.base + SOURCE_OFFSET, data.length)));
    }

    private static void post(PostResult result) {
        if (result != PostResult.POSTED) {
            throw new AssertionError("the transfer's work request was not posted: " + result);
        }
    }

    @Override
    public List<Delivery> deliveries() {
        List<Delivery> out = new ArrayList<>();
        for (WorkCompletion wc : pair.b.received) {
            if (wc.isSuccess() && wc.byteLength() > 0) {
                out.add(new Delivery(0, wc.byteLength()));
            }
        }
        return out;
    }

    @Override
    public List<String> errors() {
        List<String> out = new ArrayList<>();
        pair.a.sent.stream().filter(wc -> !wc.isSuccess()).forEach(wc -> out.add("node1 " + wc.opcode() + ": "
                + wc.status()));
        pair.b.received.stream().filter(wc -> !wc.isSuccess()).forEach(wc -> out.add("node2 " + wc.opcode() + ": "
                + wc.status()));
        return out;
    }

    @Override
    public byte[] received() {
        return pair.b.read(DESTINATION_OFFSET, length);
    }

    @Override
    public byte[] surroundings() {
        byte[] before = pair.b.read(0, (int) DESTINATION_OFFSET);
        long after = DESTINATION_OFFSET + length;
        byte[] rest = pair.b.read(after, (int) (pair.b.shadow.length - after));
        byte[] out = new byte[before.length + rest.length];
        System.arraycopy(before, 0, out, 0, before.length);
        System.arraycopy(rest, 0, out, before.length, rest.length);
        return out;
    }
}
