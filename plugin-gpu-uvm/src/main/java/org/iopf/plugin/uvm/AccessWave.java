package org.iopf.plugin.uvm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.iopf.api.sim.Scheduler;

/**
 * The warp accesses that hit at one instant on one path (GPU memory, or system memory over the
 * link), charged as one transfer of their summed bytes: the memory system serves the requests of
 * all ready warps together, and each warp goes on when the wave's last byte has moved. Booking the
 * wave at once keeps the cost exact in aggregate — a bandwidth resource rounds each transfer up to
 * a whole nanosecond, which for one 128-byte access at 900 GB/s (0.14 ns) would be a 7x overcharge;
 * for a wave it is at most 1 ns per wave.
 */
final class AccessWave {
    private final Scheduler scheduler;
    private final LongUnaryOperator book;
    private List<Runnable> members = new ArrayList<>();
    private long bytes;
    private boolean open;
    private long waves;

    /**
     * @param scheduler the simulation's scheduler
     * @param book queues a transfer of the given bytes on the path's resources and returns its end, ns
     */
    AccessWave(Scheduler scheduler, LongUnaryOperator book) {
        this.scheduler = scheduler;
        this.book = book;
    }

    /** Adds an access of {@code accessBytes} issued now; {@code next} runs when its wave has moved. */
    void add(long accessBytes, Runnable next) {
        members.add(next);
        bytes += accessBytes;
        if (!open) {
            open = true;
            // closes after every access already issued at this instant has joined
            scheduler.scheduleAt(scheduler.now(), this::close);
        }
    }

    private void close() {
        List<Runnable> wave = members;
        long end = book.applyAsLong(bytes);
        members = new ArrayList<>();
        bytes = 0;
        open = false;
        waves++;
        scheduler.scheduleAt(Math.max(end, scheduler.now()), () -> {
            for (Runnable r : wave) {
                r.run();
            }
        });
    }

    /** Waves booked so far. */
    long waves() {
        return waves;
    }
}
