package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * One end of an RDMA workload: a process on a node, its protection domain on the node's NIC, its
 * buffers and registrations, and one reliable-connected queue pair with a send and a receive
 * completion queue. It remembers the first failed completion the workload saw on its queues, to
 * say why its queue pair is in ERROR at the end.
 */
final class RdmaSide {
    private final Node node;
    private final Nic nic;
    private final AddressSpace space;
    private final ProtectionDomain pd;
    private CompletionQueue sendCq;
    private CompletionQueue receiveCq;
    private QueuePair qp;
    private CompletionStatus firstFailure;

    /**
     * The side a node parameter names ({@code node1}: its default NIC; {@code node1/nic1}: that
     * NIC), with the process {@code process}.
     */
    static RdmaSide at(WorkloadContext context, String reference, String process) {
        return new RdmaSide(context.requireNode(reference), context.requireComponent(reference, Nic.class), process);
    }

    /** Creates the process {@code process} on {@code node} and its protection domain on {@code nic}. */
    RdmaSide(Node node, Nic nic, String process) {
        this.node = requireNonNull(node, "node is null");
        this.nic = requireNonNull(nic, "nic is null");
        this.space = node.memoryManager().createAddressSpace(requireNonNull(process, "process is null"));
        this.pd = nic.allocateProtectionDomain(space);
    }

    /** Maps an anonymous buffer of {@code length} bytes (rounded up to whole pages); returns its address. */
    long map(long length) {
        return memory().mmap(space, PageSize.BASE.alignUp(length), MapOptions.DEFAULT);
    }

    /** Registers {@code [va, va+length)} with the NIC, or fails with the NIC's reason. */
    MemoryRegion register(long va, long length, boolean remoteWrite, boolean remoteRead, boolean onDemand) {
        return nic.registerMemory(pd, va, length, remoteWrite, remoteRead, onDemand).requireRegion();
    }

    /** Creates the queue pair and its completion queues, deep enough for the requests in flight. */
    void open(int sendDepth, int receiveDepth) {
        sendCq = nic.createCompletionQueue(sendDepth);
        receiveCq = nic.createCompletionQueue(receiveDepth);
        qp = nic.createQueuePair(pd, sendCq, receiveCq, new QueuePairConfig(sendDepth, receiveDepth,
                QueuePairConfig.DEFAULT.retryCount(), QueuePairConfig.DEFAULT.rnrRetry()));
    }

    /** Connects the queue pairs of two opened sides to each other. */
    static void connect(RdmaSide a, RdmaSide b) {
        a.qp.connect(b.nic.endpoint(), b.qp.qpn());
        b.qp.connect(a.nic.endpoint(), a.qp.qpn());
    }

    /** Notes a completion polled from one of this side's queues. */
    void saw(WorkCompletion completion) {
        if (firstFailure == null && !completion.isSuccess()) {
            firstFailure = completion.status();
        }
    }

    /** {@code outcome} with this side's queue pair as a problem if it is in ERROR. */
    WorkloadOutcome withQueuePair(WorkloadOutcome outcome) {
        return qp == null ? outcome : outcome.withQueuePair(nic.endpoint(), qp, firstFailure);
    }

    /** The node. */
    Node node() {
        return node;
    }

    /** The node's memory manager. */
    MemoryManager memory() {
        return node.memoryManager();
    }

    /** The process. */
    AddressSpace space() {
        return space;
    }

    /** The queue pair, once opened. */
    QueuePair queuePair() {
        return qp;
    }

    /** The send completion queue, once opened. */
    CompletionQueue sendQueue() {
        return sendCq;
    }

    /** The receive completion queue, once opened. */
    CompletionQueue receiveQueue() {
        return receiveCq;
    }
}
