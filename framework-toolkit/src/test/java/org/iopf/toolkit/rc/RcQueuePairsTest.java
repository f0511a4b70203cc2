package org.iopf.toolkit.rc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.Vma;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.platform.NodeId;
import org.junit.jupiter.api.Test;

class RcQueuePairsTest {
    private static final QueuePairConfig CONFIG = new QueuePairConfig(16, 16, 2, 3);
    private static final Endpoint PEER = new Endpoint(new NodeId("node2"), "nic0");
    private final Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 1), CONFIG);
    private final RcQueuePairs<MemoryRegion> queuePairs = new RcQueuePairs<>("node1/nic0", wire.a,
            Wire.settings(14, 1));
    private final ProtectionDomain pd = new ProtectionDomains().allocate(AddressSpaceStub.INSTANCE);

    @Test
    void queuePairsAreNumberedFromOneAndFoundByTheQpnAPacketCarries() {
        RcQueuePairEngine<MemoryRegion> first = create();
        RcQueuePairEngine<MemoryRegion> second = create();

        assertThat(List.of(first.qpn(), second.qpn())).containsExactly(1, 2);
        assertThat(queuePairs.destination(packet(new RcHeader.Ack(2, 0, RcHeader.AckKind.ACK, 0)))).isSameAs(second);
        assertThat(queuePairs.destination(packet(new RcHeader.Ack(1, 0, RcHeader.AckKind.ACK, 0)))).isSameAs(first);
    }

    @Test
    void aPacketForNoQueuePairOrNotRcTransportHasNoDestination() {
        create();

        assertThat(queuePairs.destination(packet(new RcHeader.Ack(7, 0, RcHeader.AckKind.ACK, 0)))).isNull();
        assertThat(queuePairs.destination(packet("an Ethernet frame"))).isNull();
    }

    @Test
    void aCompletionQueueFromElsewhereIsRefusedNamingTheNic() {
        CompletionQueue foreign = new CompletionQueue() {
            @Override
            public int capacity() {
                return 1;
            }

            @Override
            public int size() {
                return 0;
            }

            @Override
            public List<WorkCompletion> poll(int max) {
                return List.of();
            }

            @Override
            public void setListener(Runnable onNotEmpty) {
            }

            @Override
            public long overflows() {
                return 0;
            }
        };

        assertThatThrownBy(() -> queuePairs.create(new Wire.Regions(), pd, foreign, new BoundedCompletionQueue(4),
                CONFIG)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("completion queues must come from node1/nic0");
    }

    @Test
    void protectionDomainsAreNumberedFromOneForTheirProcess() {
        ProtectionDomains domains = new ProtectionDomains();

        ProtectionDomain first = domains.allocate(AddressSpaceStub.INSTANCE);
        ProtectionDomain second = domains.allocate(AddressSpaceStub.INSTANCE);

        assertThat(List.of(first.pdn(), second.pdn())).containsExactly(1, 2);
        assertThat(second.space()).isSameAs(AddressSpaceStub.INSTANCE);
    }

    private RcQueuePairEngine<MemoryRegion> create() {
        return queuePairs.create(new Wire.Regions(), pd, new BoundedCompletionQueue(4), new BoundedCompletionQueue(4),
                CONFIG);
    }

    private static Packet packet(Object header) {
        return new Packet(PEER, PEER, 0, header, Payload.empty());
    }

    /** A process with no mappings: the table never looks inside it. */
    private static final class AddressSpaceStub implements AddressSpace {
        static final AddressSpaceStub INSTANCE = new AddressSpaceStub();

        @Override
        public int pid() {
            return 1;
        }

        @Override
        public String name() {
            return "process1";
        }

        @Override
        public List<Vma> vmas() {
            return List.of();
        }

        @Override
        public Optional<Vma> vma(long va) {
            return Optional.empty();
        }

        @Override
        public Optional<PageTableEntry> entry(long va) {
            return Optional.empty();
        }

        @Override
        public long residentBytes() {
            return 0;
        }
    }
}
