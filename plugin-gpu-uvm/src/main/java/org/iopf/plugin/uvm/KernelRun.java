package org.iopf.plugin.uvm;

import java.util.function.Consumer;
import org.iopf.api.mem.AddressSpace;

/**
 * One kernel on one channel: every warp of the GPU walks the workload's access stream, one access
 * at a time; an access that misses in the GPU page table stalls its warp until a replay re-issues
 * it. The kernel ends when every warp is done, or at once when its channel is cancelled (a fatal
 * fault).
 */
final class KernelRun {
    private final UvmGpu gpu;
    private final int channel;
    private final AddressSpace space;
    private final AccessStream stream;
    private final Consumer<KernelResult> done;
    private final long[] index;
    private final int warps;
    private final long startedAt;
    private int running;
    private long accesses;
    private long bytes;
    private boolean ended;

    KernelRun(UvmGpu gpu, int channel, AddressSpace space, AccessStream stream, int warps,
            Consumer<KernelResult> done) {
        this.gpu = gpu;
        this.channel = channel;
        this.space = space;
        this.stream = stream;
        this.done = done;
        this.warps = warps;
        this.index = new long[warps];
        this.startedAt = gpu.now();
    }

    void start() {
        running = warps;
        for (int w = 0; w < warps; w++) {
            issue(w);
        }
    }

    /** Issues warp {@code w}'s current access (again, after a replay). */
    void issue(int w) {
        if (ended) {
            return;
        }
        long va = stream.address(w, index[w], warps);
        if (va < 0) {
            if (--running == 0) {
                end(null);
            }
            return;
        }
        gpu.access(this, w, index[w], va);
    }

    /** Warp {@code w}'s access hit and has moved its bytes: on to its next one. */
    void advance(int w) {
        if (ended) {
            return;
        }
        accesses++;
        bytes += stream.accessBytes();
        index[w]++;
        issue(w);
    }

    /** Cancels the channel: the kernel ends with {@code error}. */
    void cancel(String error) {
        if (!ended) {
            end(error);
        }
    }

    private void end(String error) {
        ended = true;
        gpu.ended(this);
        done.accept(new KernelResult(channel, accesses, bytes, startedAt, gpu.now(), error));
    }

    boolean ended() {
        return ended;
    }

    int channel() {
        return channel;
    }

    AddressSpace space() {
        return space;
    }

    int warps() {
        return warps;
    }

    AccessStream stream() {
        return stream;
    }
}
