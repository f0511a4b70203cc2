package org.iopf.testkit;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;

/**
 * Two processes on a {@link TestBench}, one on {@code node1} and one on {@code node2}, each with a
 * buffer registered on its node's NIC, completion queues and a queue pair connected to the other's.
 * Each side keeps the contents its buffer must have (the shadow), which the checks update as
 * operations succeed; completions are collected in the event after they are written.
 */
final class VerbsPair {
    static final long PAGE = PageSize.BASE.bytes();

    final TestBench bench;
    final Side a;
    final Side b;

    /**
     * Builds both sides.
     *
     * @param bufferBytes each side's buffer, a multiple of 4 KiB
     * @param onDemand register on demand (not pinned); then only every other page of each buffer is
     *     written before the run, the others are never touched and read as zero
     * @param fillSeed the seed of the buffers' random contents
     */
    VerbsPair(TestBench bench, long bufferBytes, boolean onDemand, QueuePairConfig config, long fillSeed) {
        this.bench = requireNonNull(bench, "bench is null");
        this.a = new Side("node1", bufferBytes, onDemand, config, fillSeed);
        this.b = new Side("node2", bufferBytes, onDemand, config, fillSeed + 1);
        a.qp.connect(b.nic.endpoint(), b.qp.qpn());
        b.qp.connect(a.nic.endpoint(), a.qp.qpn());
    }

    /** One side: a process with a registered buffer and a queue pair. */
    final class Side {
        final String node;
        final MemoryManager mm;
        final Nic nic;
        final AddressSpace space;
        final long base;
        final byte[] shadow;
        final ProtectionDomain pd;
        final MemoryRegion region;
        final CompletionQueue sendCq;
        final CompletionQueue recvCq;
        final QueuePair qp;
        final List<WorkCompletion> sent = new ArrayList<>();
        final List<WorkCompletion> received = new ArrayList<>();

        Side(String node, long bufferBytes, boolean onDemand, QueuePairConfig config, long fillSeed) {
            this.node = node;
            mm = bench.memoryManager(node);
            nic = bench.role(node, Nic.class);
            space = mm.createAddressSpace("nic-contract-" + node);
            base = mm.mmap(space, bufferBytes, MapOptions.DEFAULT);
            shadow = new byte[Math.toIntExact(bufferBytes)];
            SplittableRandom random = new SplittableRandom(fillSeed);
            for (int page = 0; page * PAGE < bufferBytes; page++) {
                if (!onDemand || page % 2 == 0) {
                    byte[] bytes = new byte[(int) PAGE];
                    random.nextBytes(bytes);
                    System.arraycopy(bytes, 0, shadow, (int) (page * PAGE), bytes.length);
                    mm.write(space, base + page * PAGE, bytes, 0, bytes.length);
                }
            }
            pd = nic.allocateProtectionDomain(space);
            region = nic.registerMemory(pd, base, bufferBytes, true, true, onDemand).requireRegion();
            sendCq = nic.createCompletionQueue(4096);
            recvCq = nic.createCompletionQueue(4096);
            qp = nic.createQueuePair(pd, sendCq, recvCq, config);
            sendCq.setListener(() -> bench.scheduler().schedule(0, () -> sent.addAll(sendCq.poll(1 << 20))));
            recvCq.setListener(() -> bench.scheduler().schedule(0, () -> received.addAll(recvCq.poll(1 << 20))));
        }

        /** The buffer's bytes {@code [offset, offset + length)} now, read as the CPU would. */
        byte[] read(long offset, int length) {
            byte[] bytes = new byte[length];
            mm.read(space, base + offset, bytes, 0, length);
            return bytes;
        }

        /** The whole buffer now. */
        byte[] readAll() {
            return read(0, shadow.length);
        }
    }
}
