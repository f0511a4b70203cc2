package org.iopf.plugin.dmaplane;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.WorkPriority;

/**
 * GPU memory as dmaplane reaches it (seed 004 §5): CPU loads and stores through the BAR mapping
 * (uncached, or write-combined when {@code gpu_wc_mapping} is set) keep the CPU core busy at the
 * mapping's rate; an explicit copy goes through the GPU's copy engine after a fixed setup. Pinned
 * GPU memory can be taken away by the driver: the unpin callback never blocks, it only sets the
 * revoked flag and queues the cleanup as deferred work on a core (E9).
 */
final class GpuBar {
    private final GpuBarConfig config;
    private final boolean writeCombined;
    private final CpuCore core;
    private final BandwidthResource copyEngine;
    private final Scheduler scheduler;
    private final Tracer tracer;
    private final String track;
    private final LockOrderChecker locks;
    private final Counter revocations;
    private long nextCleanup;
    private final Counter cleanups;
    /** Draws the copy set-up and cleanup times; a constant draws nothing. */
    private final RandomGenerator random;

    GpuBar(GpuBarConfig config, boolean writeCombined, CpuCore core, Resources resources, String prefix,
            Scheduler scheduler, Tracer tracer, String track, LockOrderChecker locks, Metrics metrics, RandomGenerator random) {
        this.config = Objects.requireNonNull(config, "config is null");
        this.writeCombined = writeCombined;
        this.core = Objects.requireNonNull(core, "core is null");
        this.copyEngine = resources.bandwidth(prefix + ".gpu-copy", config.copyRate());
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = Objects.requireNonNull(track, "track is null") + "/gpu";
        this.locks = Objects.requireNonNull(locks, "locks is null");
        this.revocations = DmaplaneStatistics.GPU_REVOCATIONS.counter(metrics);
        this.cleanups = DmaplaneStatistics.GPU_CLEANUPS.counter(metrics);
        this.random = Objects.requireNonNull(random, "random is null");
    }

    /** The mode CPU writes through the BAR use. */
    GpuBarMode mappingMode() {
        return writeCombined ? GpuBarMode.WRITE_COMBINED : GpuBarMode.UNCACHED;
    }

    /** The rate of {@code mode} for reads or writes. */
    DataRate rate(GpuBarMode mode, boolean write) {
        return switch (mode) {
            case UNCACHED -> write ? config.uncachedWrite() : config.uncachedRead();
            case WRITE_COMBINED -> write ? config.writeCombinedWrite() : config.uncachedRead();
            case EXPLICIT_COPY -> config.copyRate();
        };
    }

    /**
     * Moves {@code bytes} between the CPU and GPU memory in {@code mode}; {@code onDone} fires when
     * they have moved. BAR accesses occupy the CPU core; an explicit copy the copy engine.
     */
    void access(GpuBarMode mode, boolean write, long bytes, Event onDone) {
        Objects.requireNonNull(mode, "mode is null");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        String label = "dmaplane/gpu_" + mode.name().toLowerCase(java.util.Locale.ROOT) + (write ? "_write" : "_read");
        if (mode == GpuBarMode.EXPLICIT_COPY) {
            scheduler.schedule(config.copySetup().draw(random), () -> copyEngine.transfer(bytes, onDone));
        } else {
            core.run(label, WorkPriority.USER, rate(mode, write).nanosFor(bytes), onDone);
        }
    }

    /** Pins a GPU buffer for peer access. */
    GpuPin pin(DmaplaneBuffer buffer) {
        if (!buffer.isGpu()) {
            throw new IllegalArgumentException("buffer " + buffer.id() + " is not GPU memory");
        }
        return new GpuPin(buffer);
    }

    /**
     * The driver's unpin callback: returns at once (it must not block, so it takes no lock), having
     * set the revoked flag and queued the cleanup as deferred work, which takes dev_mutex → rdma_sem
     * → buf_lock → mr_lock like a registration before it deregisters regions and drops references.
     */
    void unpinCallback(GpuPin pin) {
        if (pin.isRevoked()) {
            return;
        }
        pin.revoke();
        revocations.increment();
        if (tracer.enabled()) {
            tracer.instant(track, "dmaplane/gpu_unpin_callback", 0);
        }
        String thread = "gpu-cleanup#" + nextCleanup++;
        core.run("dmaplane/gpu_cleanup", WorkPriority.KERNEL, config.cleanup().draw(random), () ->
            locks.withLocks(thread, RdmaEngine.REGISTRATION_PATH, release -> {
                pin.cleanUp();
                cleanups.increment();
                release.run();
            }));
    }
}
