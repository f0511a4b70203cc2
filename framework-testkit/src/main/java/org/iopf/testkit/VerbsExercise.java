package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;

/**
 * The verbs part of {@link NicContract}: a seeded list of RDMA WRITEs, SENDs and RDMA READs from
 * {@code node1} to {@code node2}, each in its own slot of both buffers so that no two touch the same
 * bytes; every SEND has its own receive posted first. After the run {@link #verify} checks every
 * completion and every byte of both buffers against the shadows.
 */
final class VerbsExercise {
    /** One operation: its kind, size, where it reads and writes in its slot, and whether it is signalled. */
    record Op(long id, Opcode kind, int size, long aOffset, long bOffset, int receiveLength, boolean signaled) {
        @Override
        public String toString() {
            return (signaled ? "" : "unsignalled ") + kind + " #" + id + " of " + size + " B (node1 +" + aOffset
                    + ", node2 +" + bOffset + ")";
        }
    }

    /** Every operation the exercise knows. */
    static final List<Opcode> ALL = List.of(Opcode.RDMA_WRITE, Opcode.SEND, Opcode.RDMA_READ,
            Opcode.RDMA_WRITE_WITH_IMM);

    final VerbsPair pair;
    final List<Op> ops = new ArrayList<>();
    final long seed;
    private final String label;

    /**
     * Builds the pair on {@code bench} and posts the operations (nothing runs yet).
     *
     * @param kinds the operations to draw from, cycled for the fixed sizes and drawn for the rest
     * @param mtu the NIC's MTU: the fixed sizes sit around it and its multiples
     * @param randomOps operations of random size in {@code [1, 3 mtu]} after the fixed ones
     */
    VerbsExercise(TestBench bench, long seed, List<Opcode> kinds, int mtu, int randomOps, boolean onDemand,
            QueuePairConfig config) {
        this(bench, seed, kinds, mtu, randomOps, onDemand, config, false);
    }

    /**
     * Like the other constructor; with {@code someUnsignalled} every third operation is posted
     * unsignalled (no completion on success; an error is still reported).
     */
    VerbsExercise(TestBench bench, long seed, List<Opcode> kinds, int mtu, int randomOps, boolean onDemand,
            QueuePairConfig config, boolean someUnsignalled) {
        this.seed = seed;
        this.label = "seed " + seed + (onDemand ? ", on-demand regions" : ", pinned regions");
        Random random = new Random(seed);
        int[] fixed = {1, mtu - 1, mtu, mtu + 1, 2 * mtu + 1, 3 * mtu - 7};
        int slot = 4 * mtu;
        List<int[]> plan = new ArrayList<>();
        for (int size : fixed) {
            for (int k = 0; k < kinds.size(); k++) {
                plan.add(new int[] {k, size});
            }
        }
        for (int i = 0; i < randomOps; i++) {
            plan.add(new int[] {random.nextInt(kinds.size()), 1 + random.nextInt(3 * mtu)});
        }
        for (int i = 0; i < plan.size(); i++) {
            int size = plan.get(i)[1];
            long aOffset = (long) i * slot + random.nextInt(slot - size + 1);
            long bOffset = (long) i * slot + random.nextInt(slot - size + 1);
            int receiveLength = size + random.nextInt((int) ((long) (i + 1) * slot - bOffset - size + 1));
            ops.add(new Op(i + 1, kinds.get(plan.get(i)[0]), size, aOffset, bOffset, receiveLength,
                    !someUnsignalled || i % 3 != 2));
        }
        long buffer = (long) plan.size() * slot;
        buffer = (buffer + VerbsPair.PAGE - 1) / VerbsPair.PAGE * VerbsPair.PAGE;
        this.pair = new VerbsPair(bench, buffer, onDemand, config, seed * 31 + 1);
        VerbsPair.Side a = pair.a;
        VerbsPair.Side b = pair.b;
        for (Op op : ops) {
            if (op.kind() == Opcode.SEND) {
                assertThat(b.qp.postReceive(new ReceiveRequest(op.id(), b.base + op.bOffset(), b.region.lkey(),
                        op.receiveLength()))).as("%s: posting the receive for %s", label, op)
                        .isEqualTo(PostResult.POSTED);
            } else if (op.kind() == Opcode.RDMA_WRITE_WITH_IMM) {
                assertThat(b.qp.postReceive(new ReceiveRequest(op.id(), b.base, b.region.lkey(), 0)))
                        .as("%s: posting the receive for %s", label, op).isEqualTo(PostResult.POSTED);
            }
        }
        for (Op op : ops) {
            WorkRequest wr = switch (op.kind()) {
                case RDMA_WRITE -> WorkRequest.write(op.id(), a.region, a.base + op.aOffset(), op.size(),
                        b.base + op.bOffset(), b.region.rkey());
                case RDMA_READ -> WorkRequest.read(op.id(), a.region, a.base + op.aOffset(), op.size(),
                        b.base + op.bOffset(), b.region.rkey());
                case SEND -> WorkRequest.send(op.id(), a.region, a.base + op.aOffset(), op.size());
                case RDMA_WRITE_WITH_IMM -> WorkRequest.writeWithImmediate(op.id(), a.region, a.base + op.aOffset(),
                        op.size(), b.base + op.bOffset(), b.region.rkey(), immediate(op));
                default -> throw new IllegalArgumentException("not exercised: " + op.kind());
            };
            if (!op.signaled()) {
                wr = new WorkRequest(wr.wrId(), wr.opcode(), wr.localAddress(), wr.lkey(), wr.length(),
                        wr.remoteAddress(), wr.rkey(), wr.immediate(), false);
            }
            assertThat(a.qp.postSend(wr)).as("%s: posting %s", label, op).isEqualTo(PostResult.POSTED);
        }
    }

    /**
     * Checks the run: every work request has exactly one completion, in the order the requests were
     * posted, a success has the right opcode and moved intact bytes, a receive is consumed at most once and in order, and every
     * byte of both buffers outside the ranges of failed operations is as the successes make it.
     *
     * @param mustSucceed whether every operation must have succeeded (a lossless link)
     * @return the number of operations that failed
     */
    int verify(boolean mustSucceed) {
        VerbsPair.Side a = pair.a;
        VerbsPair.Side b = pair.b;
        Map<Long, List<WorkCompletion>> sent = group(a.sent);
        Map<Long, List<WorkCompletion>> received = group(b.received);
        Map<Long, Op> byId = new HashMap<>();
        ops.forEach(op -> byId.put(op.id(), op));
        assertThat(sent.keySet()).as("%s: completions on node1 for work requests never posted", label)
                .isSubsetOf(byId.keySet());
        assertThat(b.sent).as("%s: send completions on node2, which posted no send", label).isEmpty();
        assertThat(a.received).as("%s: receive completions on node1, which posted no receive", label).isEmpty();

        BitSet dontCareA = new BitSet();
        BitSet dontCareB = new BitSet();
        List<Long> receivedInOrder = new ArrayList<>();
        for (WorkCompletion wc : b.received) {
            if (wc.isSuccess()) {
                receivedInOrder.add(wc.wrId());
            }
        }
        List<Long> sendIds = ops.stream().filter(VerbsExercise::consumesAReceive).map(Op::id).toList();
        assertThat(receivedInOrder).as("%s: receives that succeeded, in completion order, are the first of those "
                + "posted, each once", label).isEqualTo(sendIds.subList(0, Math.min(receivedInOrder.size(),
                        sendIds.size())));
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            index.put(ops.get(i).id(), i);
        }
        for (int k = 1; k < a.sent.size(); k++) {
            WorkCompletion before = a.sent.get(k - 1);
            WorkCompletion after = a.sent.get(k);
            if (index.get(after.wrId()) <= index.get(before.wrId())) {
                fail("%s: node1's completions are out of order: %s (%s) came after %s (%s); an RC queue pair "
                        + "completes its work requests in the order they were posted", label,
                        ops.get(index.get(after.wrId())), after.status(), ops.get(index.get(before.wrId())),
                        before.status());
            }
        }
        int firstFailure = ops.size();
        for (int i = 0; i < ops.size(); i++) {
            for (WorkCompletion wc : sent.getOrDefault(ops.get(i).id(), List.of())) {
                if (!wc.isSuccess()) {
                    firstFailure = Math.min(firstFailure, i);
                }
            }
        }
        int failed = 0;
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            List<WorkCompletion> mine = sent.getOrDefault(op.id(), List.of());
            boolean ok;
            if (op.signaled()) {
                assertThat(mine).as("%s: completions of %s (exactly one per signalled work request, never silence)",
                        label, op).hasSize(1);
                ok = mine.get(0).isSuccess();
            } else {
                // RC completes in order and an error flushes what follows: an unsignalled request before the
                // first failure succeeded silently; from the first failure on, each reports its error
                assertThat(mine).as("%s: completions of unsignalled %s (none on success, one error once a request "
                        + "has failed; %s)", label, op, firstFailure == ops.size() ? "no request failed"
                        : "the first failure was " + ops.get(firstFailure)).hasSize(i < firstFailure ? 0 : 1);
                ok = i < firstFailure;
            }
            if (i > firstFailure) {
                assertThat(mine.get(0).isSuccess()).as("%s: %s succeeded after an earlier request failed (an error "
                        + "moves the queue pair to the error state and flushes the rest): %s", label, op, mine)
                        .isFalse();
            }
            WorkCompletion wc = mine.isEmpty() ? null : mine.get(0);
            if (mustSucceed) {
                assertThat(wc == null ? CompletionStatus.SUCCESS : wc.status())
                        .as("%s: status of %s on a lossless link", label, op).isEqualTo(CompletionStatus.SUCCESS);
            }
            if (wc != null && wc.isSuccess()) {
                CompletionOpcode expected = switch (op.kind()) {
                    case SEND -> CompletionOpcode.SEND;
                    case RDMA_READ -> CompletionOpcode.RDMA_READ;
                    default -> CompletionOpcode.RDMA_WRITE;
                };
                assertThat(wc.opcode()).as("%s: opcode of the completion of %s", label, op).isEqualTo(expected);
            }
            if (!ok) {
                failed++;
            }
            switch (op.kind()) {
                case RDMA_WRITE -> apply(ok, a.shadow, op.aOffset(), b.shadow, op.bOffset(), op.size(), dontCareB);
                case RDMA_READ -> apply(ok, b.shadow, op.bOffset(), a.shadow, op.aOffset(), op.size(), dontCareA);
                case SEND -> {
                    if (receiveArrived(op, ok, received.getOrDefault(op.id(), List.of()))) {
                        apply(true, a.shadow, op.aOffset(), b.shadow, op.bOffset(), op.size(), dontCareB);
                    } else {
                        dontCareB.set((int) op.bOffset(), (int) (op.bOffset() + op.receiveLength()));
                    }
                }
                case RDMA_WRITE_WITH_IMM -> {
                    boolean arrived = receiveArrived(op, ok, received.getOrDefault(op.id(), List.of()));
                    apply(ok || arrived, a.shadow, op.aOffset(), b.shadow, op.bOffset(), op.size(),
                            dontCareB);
                }
                default -> throw new IllegalStateException("not exercised: " + op.kind());
            }
        }
        compare("node1", a.readAll(), a.shadow, dontCareA);
        compare("node2", b.readAll(), b.shadow, dontCareB);
        return failed;
    }

    /**
     * Checks the receive completions of an operation that consumes a receive: at most one; a
     * success of the operation ({@code succeeded}) implies a successful receive; a successful receive has the right
     * opcode, length, queue pair and (for WRITE WITH IMMEDIATE) immediate.
     *
     * @return whether the receive succeeded
     */
    private boolean receiveArrived(Op op, boolean succeeded, List<WorkCompletion> receives) {
        assertThat(receives).as("%s: receive completions for %s (at most one)", label, op)
                .hasSizeLessThanOrEqualTo(1);
        boolean arrived = receives.size() == 1 && receives.get(0).isSuccess();
        if (succeeded) {
            assertThat(arrived).as("%s: %s succeeded, so its receive must have succeeded: %s", label, op, receives)
                    .isTrue();
        }
        if (arrived) {
            WorkCompletion r = receives.get(0);
            boolean imm = op.kind() == Opcode.RDMA_WRITE_WITH_IMM;
            assertThat(r.opcode()).as("%s: receive opcode for %s", label, op)
                    .isEqualTo(imm ? CompletionOpcode.RECV_RDMA_WITH_IMM : CompletionOpcode.RECV);
            assertThat(r.byteLength()).as("%s: length reported by the receive of %s", label, op).isEqualTo(op.size());
            assertThat(r.qpn()).as("%s: queue pair of the receive of %s", label, op).isEqualTo(pair.b.qp.qpn());
            if (imm) {
                assertThat(r.immediate()).as("%s: immediate delivered for %s", label, op).isEqualTo(immediate(op));
            }
        }
        return arrived;
    }

    private static boolean consumesAReceive(Op op) {
        return op.kind() == Opcode.SEND || op.kind() == Opcode.RDMA_WRITE_WITH_IMM;
    }

    private static int immediate(Op op) {
        return (int) (op.id() * 0x9E3779B1L);
    }

    private static void apply(boolean success, byte[] from, long fromOffset, byte[] to, long toOffset, int size,
            BitSet dontCare) {
        if (success) {
            System.arraycopy(from, (int) fromOffset, to, (int) toOffset, size);
        } else {
            dontCare.set((int) toOffset, (int) toOffset + size);
        }
    }

    private void compare(String node, byte[] actual, byte[] expected, BitSet dontCare) {
        for (int i = 0; i < expected.length; i++) {
            if (actual[i] != expected[i] && !dontCare.get(i)) {
                int at = i;
                Op op = ops.stream().filter(o -> touches(o, node, at)).findFirst().orElse(null);
                fail("%s: %s byte at buffer offset %d is %d, expected %d (%s)", label, node, i, actual[i], expected[i],
                        op == null ? "outside every operation's destination: a stray write"
                                : "in the destination of " + op);
            }
        }
    }

    private static boolean touches(Op op, String node, int offset) {
        long start = node.equals("node1") ? op.aOffset() : op.bOffset();
        long length = node.equals("node2") && op.kind() == Opcode.SEND ? op.receiveLength() : op.size();
        return offset >= start && offset < start + length;
    }

    private static Map<Long, List<WorkCompletion>> group(List<WorkCompletion> completions) {
        Map<Long, List<WorkCompletion>> byId = new HashMap<>();
        for (WorkCompletion wc : completions) {
            byId.computeIfAbsent(wc.wrId(), id -> new ArrayList<>()).add(wc);
        }
        return byId;
    }

    /** The completions of both sides, in order, as text: to compare two runs. */
    String completions() {
        return pair.a.sent + "\n" + pair.b.received;
    }
}
