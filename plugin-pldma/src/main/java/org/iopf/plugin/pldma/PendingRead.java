package org.iopf.plugin.pldma;

import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.fabric.Endpoint;

/**
 * The requester's side of an RDMA READ: once its channel has a free buffer it sends the READ
 * request to the remote PLDMA, which pushes the data back as an ordinary transfer under the same
 * key; the read completes when this node's receiving side has written the last packet.
 */
final class PendingRead implements ChannelSlot {
    private final ReceiverEvents events;
    final WireKey key;
    final DmaDescriptor descriptor;
    final Endpoint responder;
    final Consumer<DmaCompletion> onComplete;
    final long submitted;
    boolean active;

    PendingRead(ReceiverEvents events, long submitted, WireKey key, DmaDescriptor descriptor, Endpoint responder,
            Consumer<DmaCompletion> onComplete) {
        this.events = events;
        this.key = key;
        this.descriptor = descriptor;
        this.responder = responder;
        this.onComplete = onComplete;
        this.submitted = submitted;
    }

    @Override
    public void activate() {
        active = true;
        events.sendControl(responder, new PldmaHeader.ReadRequest(key, descriptor.stream().value(),
                descriptor.source(), descriptor.destination(), descriptor.length()));
    }
}
