package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.platform.NodeId;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.mem.SparsePhysicalMemory;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

/**
 * {@link OutboundTransfer} on its own, against recording {@link TransferEvents}: what it reports to
 * its engine while it sends, faults, resumes and ends.
 */
final class OutboundTransferTest {
    private static final NodeId HERE = new NodeId("node0");
    private static final StreamId STREAM = new StreamId(1);

    private final EventKernel kernel = new EventKernel();
    private final SparsePhysicalMemory memory =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(2L << 20), ContentMode.BYTES);
    private final List<String> events = new ArrayList<>();
    private final List<Packet> sent = new ArrayList<>();
    private FaultResolutionListener faultListener;
    private FaultRecord fault;
    private boolean faultNext;

    /** Identity translation; the next translation faults once when {@code faultNext} is set. */
    private final Iommu iommu = new Iommu() {
        @Override
        public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        }

        @Override
        public void detach(StreamId stream) {
        }

        @Override
        public Optional<DomainId> domainOf(StreamId stream) {
            return Optional.of(new DomainId(1));
        }

        @Override
        public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
            if (faultNext) {
                faultNext = false;
                faultListener = onResolved;
                fault = new FaultRecord(17, "iommu", stream, new DomainId(1), OptionalInt.of(1), iova, access, FaultKind.TRANSLATION,
                        kernel.now());
                return Translation.fault(fault, 10);
            }
            return Translation.hit(iova, 10);
        }

        @Override
        public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
        }

        @Override
        public void unmap(DomainId domain, long iova, long length) {
        }

        @Override
        public void invalidate(DomainId domain, AddressRange range) {
        }

        @Override
        public void invalidateAll(DomainId domain) {
        }
    };

    private OutboundTransfer transfer;

    private final TransferEvents recorder = new TransferEvents() {
        @Override
        public boolean sticksOnActivation() {
            events.add("activating");
            return false;
        }

        @Override
        public void ready(OutboundTransfer t) {
            events.add("ready");
            sent.add(t.takePrepared());
        }

        @Override
        public void sourceFaulted(OutboundTransfer t, FaultRecord fault) {
            events.add("sourceFaulted " + fault.id());
        }

        @Override
        public void destinationFaulted(OutboundTransfer t) {
            events.add("destinationFaulted");
        }

        @Override
        public void resumed(OutboundTransfer t, long faultId) {
            events.add("resumed " + faultId);
        }

        @Override
        public void retransmitted() {
            events.add("retransmitted");
        }

        @Override
        public void timedOut(OutboundTransfer t) {
            events.add("timedOut");
        }

        @Override
        public void finished(OutboundTransfer t, DmaStatus status) {
            events.add("finished " + status);
        }
    };

    private OutboundTransfer start(long length) {
        TransferServices services = new TransferServices(kernel, iommu, memory, 256, 1_000_000, 2,
                new Endpoint(HERE, "pldma"), 32);
        DmaDescriptor descriptor = new DmaDescriptor(1, STREAM, 0, 0x1000, new NodeId("node1"), 0x2000, length);
        transfer = new OutboundTransfer(services, recorder, new WireKey(HERE, 1), descriptor,
                new Endpoint(new NodeId("node1"), "pldma"), c -> { }, true);
        transfer.activate();
        kernel.runUntil(kernel.now() + 1_000); // well before the 1 ms retransmission timeout
        return transfer;
    }

    @Test
    void aTransferSendsItsPacketsInOrderAndFinishesOnTheLastAck() {
        memory.write(0x1000, new byte[] {1, 2, 3}, 0, 3);

        OutboundTransfer t = start(600);
        t.onAck(3);

        assertThat(events).containsExactly("activating", "ready", "ready", "ready", "finished OK");
        assertThat(sent).extracting(p -> ((PldmaHeader.Data) p.header()).psn()).containsExactly(0, 1, 2);
        assertThat(sent.get(0).source()).isEqualTo(new Endpoint(HERE, "pldma"));
        assertThat(sent.get(0).payload().length()).isEqualTo(256);
        assertThat(sent.get(2).payload().length()).isEqualTo(600 - 512);
    }

    @Test
    void aSourceFaultPausesTheTransferUntilTheRetryAndIsReportedOnce() {
        faultNext = true;

        OutboundTransfer t = start(256);
        assertThat(events).containsExactly("activating", "sourceFaulted 17");
        assertThat(sent).isEmpty();

        faultListener.resolved(fault, FaultResolution.RETRY);
        kernel.runUntil(kernel.now() + 1_000);
        t.onAck(1);

        assertThat(events).containsExactly("activating", "sourceFaulted 17", "resumed 17", "ready", "finished OK");
    }

    @Test
    void withNoAckTheTransferRetransmitsOnTimeoutThenFailsAfterItsRetries() {
        start(256);
        kernel.run();

        assertThat(events).containsExactly("activating", "ready", "timedOut", "ready", "retransmitted", "timedOut",
                "ready", "retransmitted", "timedOut", "finished TIMEOUT");
    }
}
