package org.iopf.plugin.uvm;

import java.util.function.Consumer;
import org.iopf.api.mem.AddressSpace;

/**
 * One copy-engine transfer on its own channel (a {@code cudaMemcpyAsync} between two managed
 * ranges): page by page, the source and the destination are translated through the GPU page table
 * and the bytes move between their frames over the copy engines. A copy engine cannot replay: a
 * page that misses raises a <em>non-replayable</em> fault and the channel stops until the driver has
 * serviced it (then the copy goes on from that page) or cancelled the channel with an error status.
 */
final class CopyRun {
    private final UvmGpu gpu;
    private final int channel;
    private final AddressSpace space;
    private final long src;
    private final long dst;
    private final long length;
    private final Consumer<KernelResult> done;
    private final long startedAt;
    private long pos;
    private long pages;
    private boolean ended;

    CopyRun(UvmGpu gpu, int channel, AddressSpace space, long src, long dst, long length,
            Consumer<KernelResult> done) {
        this.gpu = gpu;
        this.channel = channel;
        this.space = space;
        this.src = src;
        this.dst = dst;
        this.length = length;
        this.done = done;
        this.startedAt = gpu.now();
    }

    /** Copies from the current page on (again, after a serviced fault). */
    void resume() {
        if (ended) {
            return;
        }
        if (pos >= length) {
            end(null);
            return;
        }
        long end = gpu.copyPage(this, src + pos, dst + pos);
        if (end >= 0) {
            pos += GpuPageTable.PAGE;
            pages++;
            gpu.at(end, this::resume);
        }
    }

    /** Cancels the channel: the copy ends with {@code error}. */
    void cancel(String error) {
        if (!ended) {
            end(error);
        }
    }

    private void end(String error) {
        ended = true;
        gpu.ended(this);
        done.accept(new KernelResult(channel, pages, pages * GpuPageTable.PAGE, startedAt, gpu.now(), error));
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
}
