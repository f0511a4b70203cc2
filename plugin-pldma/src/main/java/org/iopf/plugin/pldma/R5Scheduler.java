package org.iopf.plugin.pldma;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The transfer-scheduler firmware of the Cortex-R5 (seed 000 §2.3, §4.1; FIDELITY A5, A11): takes
 * the user library's requests, splits each into 16 KiB blocks, programs them into the PLDMA as it
 * has room, keeps a state machine per block ({@link BlockState}), watches each block with a
 * timeout ({@code TIMEOUT_PERIOD}; a block that has not completed by then is reset in the PLDMA
 * and submitted again under the same key, up to a retry limit) and notifies the library when every
 * block of a request has ended. Its work runs on an R5 core: programming a block and handling a
 * completion each take firmware time there.
 */
final class R5Scheduler implements TransferObserver {
    /** One request of the library. */
    private final class Request {
        final long id;
        final RdmaOperation operation;
        final StreamId stream;
        final int channel;
        final long local;
        final NodeId remote;
        final long remoteAddress;
        final long length;
        final long submitted;
        final Consumer<RdmaCompletion> done;
        int blocks;
        int open;
        int retries;
        long bytes;
        DmaStatus status = DmaStatus.OK;

        Request(long id, RdmaOperation operation, StreamId stream, int channel, long local, NodeId remote,
                long remoteAddress, long length, long submitted, Consumer<RdmaCompletion> done) {
            this.id = id;
            this.operation = operation;
            this.stream = stream;
            this.channel = channel;
            this.local = local;
            this.remote = remote;
            this.remoteAddress = remoteAddress;
            this.length = length;
            this.submitted = submitted;
            this.done = done;
        }
    }

    /** One 16 KiB block of a request. */
    private final class Block {
        final Request request;
        final long offset;
        final long length;
        final WireKey key;
        /** Null until the block is counted as QUEUED. */
        BlockState state;
        int attempts;
        long timer = -1;

        Block(Request request, long offset, long length, WireKey key) {
            this.request = request;
            this.offset = offset;
            this.length = length;
            this.key = key;
        }
    }

    private final ComponentContext context;
    private final PldmaEngine engine;
    private final CpuCore core;
    private final long blockSize;
    private final long timeoutPeriod;
    private final int retryLimit;
    private final ServiceTime programCost;
    private final ServiceTime completionCost;
    private final RandomGenerator random;
    private final ArrayDeque<Block> backlog = new ArrayDeque<>();
    private final Map<WireKey, Block> blocks = new HashMap<>();
    private final Map<BlockState, Integer> states = new EnumMap<>(BlockState.class);
    private final Counter timeouts;
    private final Counter retries;
    private final Counter requestsDone;
    private final Counter requestsFailed;
    private final Counter blocksProgrammed;
    private int programming;
    private long nextRequest;

    R5Scheduler(ComponentContext context, PldmaEngine engine) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.engine = Objects.requireNonNull(engine, "engine is null");
        var p = context.parameters();
        // ranges (blockSize, timeoutPeriod at least the R5's 1 ms, retryLimit) are declared in PldmaEngineType
        this.core = context.resources().requireCore(p.get(PldmaEngineType.R5_CORE));
        this.blockSize = p.get(PldmaEngineType.BLOCK_SIZE);
        this.timeoutPeriod = p.get(PldmaEngineType.TIMEOUT_PERIOD);
        this.retryLimit = p.get(PldmaEngineType.RETRY_LIMIT);
        this.programCost = p.get(PldmaEngineType.R5_PROGRAM_COST);
        this.completionCost = p.get(PldmaEngineType.R5_COMPLETION_COST);
        this.random = context.random();
        var m = context.metrics();
        this.timeouts = PldmaStatistics.R5_TIMEOUTS.counter(m);
        this.retries = PldmaStatistics.R5_RETRIES.counter(m);
        this.requestsDone = PldmaStatistics.R5_REQUESTS_COMPLETED.counter(m);
        this.requestsFailed = PldmaStatistics.R5_REQUESTS_FAILED.counter(m);
        this.blocksProgrammed = PldmaStatistics.R5_BLOCKS_PROGRAMMED.counter(m);
        for (BlockState state : BlockState.values()) {
            states.put(state, 0);
            PldmaStatistics.BLOCKS_BY_STATE.get(state).gauge(m, () -> states.get(state));
        }
        engine.observe(this);
    }

    /** The R5 core the firmware runs on. */
    CpuCore core() {
        return core;
    }

    /** Blocks in {@code state} now. */
    int blocksIn(BlockState state) {
        return states.get(state);
    }

    /**
     * Takes one request from the library (already on the R5, after the library call): splits it
     * into blocks and queues them for the PLDMA.
     *
     * @return the request's id
     */
    long post(RdmaOperation operation, StreamId stream, int channel, long local, NodeId remote, long remoteAddress,
            long length, long submitted, Consumer<RdmaCompletion> done) {
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        Request request = new Request(nextRequest++, operation, stream, channel, local, remote, remoteAddress, length,
                submitted, done);
        for (long offset = 0; offset < length; offset += blockSize) {
            Block block = new Block(request, offset, Math.min(blockSize, length - offset), engine.newKey());
            request.blocks++;
            request.open++;
            count(block, BlockState.QUEUED);
            blocks.put(block.key, block);
            backlog.addLast(block);
        }
        drain();
        return request.id;
    }

    /** Programs queued blocks while the PLDMA has room, each taking firmware time on the R5. */
    private void drain() {
        while (!backlog.isEmpty() && engine.inFlight() + programming < engine.maxConcurrentTransfers()) {
            Block block = backlog.pollFirst();
            programming++;
            core.run("pldma/r5-program", WorkPriority.KERNEL, programCost.draw(random), () -> program(block));
        }
    }

    private void program(Block block) {
        programming--;
        Request r = block.request;
        DmaSubmitResult result;
        if (r.operation == RdmaOperation.WRITE) {
            DmaDescriptor descriptor = new DmaDescriptor(block.key.serial(), r.stream, r.channel,
                    r.local + block.offset, r.remote, r.remoteAddress + block.offset, block.length);
            result = engine.submitWrite(descriptor, block.key, c -> onComplete(block, c));
        } else {
            result = engine.submitRead(block.key, r.stream, r.channel, r.local + block.offset, r.remote,
                    r.remoteAddress + block.offset, block.length, c -> onComplete(block, c));
        }
        switch (result) {
            case ACCEPTED -> {
                blocksProgrammed.increment();
                block.attempts++;
                count(block, block.attempts == 1 ? BlockState.ACTIVE : BlockState.RETRYING);
                int attempt = block.attempts;
                block.timer = context.scheduler().schedule(timeoutPeriod, () -> onTimeout(block, attempt));
            }
            case BUSY -> {
                backlog.addFirst(block);
                drain();
            }
            case INVALID -> end(block, DmaStatus.ERROR, 0);
        }
    }

    private void onComplete(Block block, DmaCompletion completion) {
        if (block.timer >= 0) {
            context.scheduler().cancel(block.timer);
            block.timer = -1;
        }
        core.run("pldma/r5-complete", WorkPriority.KERNEL, completionCost.draw(random),
                () -> end(block, completion.status(), completion.bytesTransferred()));
    }

    private void onTimeout(Block block, int attempt) {
        block.timer = -1;
        if (block.attempts != attempt || block.state == BlockState.DONE || block.state == BlockState.FAILED) {
            return;
        }
        timeouts.increment();
        engine.reset(block.key);
        if (context.tracer().enabled()) {
            context.tracer().instant(context.path() + "/ch" + block.request.channel, "pldma/r5-timeout", 0);
        }
        if (block.attempts > retryLimit) {
            end(block, DmaStatus.TIMEOUT, 0);
            return;
        }
        retries.increment();
        block.request.retries++;
        count(block, BlockState.RETRYING);
        backlog.addFirst(block);
        drain();
    }

    private void end(Block block, DmaStatus status, long bytes) {
        if (block.state == BlockState.DONE || block.state == BlockState.FAILED) {
            return;
        }
        count(block, status == DmaStatus.OK ? BlockState.DONE : BlockState.FAILED);
        blocks.remove(block.key);
        Request r = block.request;
        r.bytes += bytes;
        if (status != DmaStatus.OK && r.status == DmaStatus.OK) {
            r.status = status;
        }
        if (--r.open == 0) {
            (r.status == DmaStatus.OK ? requestsDone : requestsFailed).increment();
            r.done.accept(new RdmaCompletion(r.id, r.operation, r.status, r.bytes, r.blocks, r.retries, r.submitted,
                    context.scheduler().now()));
        }
        drain();
    }

    private void count(Block block, BlockState next) {
        if (block.state == next) {
            return;
        }
        if (block.state != null) {
            states.merge(block.state, -1, Integer::sum);
        }
        states.merge(next, 1, Integer::sum);
        block.state = next;
    }

    @Override
    public void faulted(WireKey key) {
        Block block = blocks.get(key);
        if (block != null && (block.state == BlockState.ACTIVE || block.state == BlockState.RETRYING)) {
            count(block, BlockState.FAULTED);
        }
    }

    @Override
    public void resumed(WireKey key) {
        Block block = blocks.get(key);
        if (block != null && block.state == BlockState.FAULTED) {
            count(block, BlockState.RETRYING);
        }
    }

    /** A line per state with the blocks in it, for the engine's inspection view. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        states.forEach((state, n) -> lines.add(state + " " + n));
        return lines;
    }
}
