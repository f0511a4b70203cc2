package org.iopf.plugin.hmm.workload;

import java.util.Optional;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.plugin.hmm.ComputeSummary;
import org.iopf.plugin.hmm.HmmDevice;
import org.iopf.plugin.hmm.MigrationSummary;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The {@code hmm-migrate-compute} run. Figures under {@code workload.}: {@code migrate.time} (ns)
 * and {@code migrate.rate} (bits/s) of the input's migration; {@code compute.device.rate} and
 * {@code compute.host.rate} (bits/s: bytes read plus written per second) of the kernel on migrated
 * and on host-resident data; {@code readback.time} and {@code readback.rate} of the output's
 * migration back; {@code faultback.time} (ns) of the CPU reading every input page (each faults
 * back); {@code bytes} (the input's migrated bytes) and {@code elapsed} (the migration's time), so
 * {@code throughput} is the migration's rate; {@code errors} and
 * {@code integrity.mismatchedPages}. Its outcome counts six steps (seven with {@code writeBack}):
 * migrate the input, migrate the output, compute on the device, compute on the host, [write the
 * output back to a file,] read the output back, fault the input back.
 */
final class MigrateCompute implements Workload {
    private final WorkloadContext context;
    private final HmmDevice device;
    private final MemoryManager memory;
    private final long size;
    private final long filled;
    private final long hostSize;
    private final long hostPressure;
    private final boolean writeBack;
    private final long seed;
    private final Counter errors;
    private final Counter mismatched;
    private final Counter bytes;
    /** Where the standard {@code elapsed} sits in {@link #figures}, after the type's own statistics. */
    private static final int ELAPSED = 7;
    private final long[] figures = new long[ELAPSED + 1];
    private final Steps steps;
    private AddressSpace space;
    private HostContent content;
    private long in;
    private long out;
    private long hostIn;
    private long hostOut;

    MigrateCompute(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        this.device = Devices.require(context, p.get(MigrateComputeType.NODE));
        this.memory = context.requireNode(p.get(MigrateComputeType.NODE)).memoryManager();
        this.size = p.get(MigrateComputeType.SIZE);
        this.filled = Math.min(p.get(MigrateComputeType.FILLED), size);
        this.hostSize = p.get(MigrateComputeType.HOST_SIZE);
        this.hostPressure = p.get(MigrateComputeType.HOST_PRESSURE);
        this.writeBack = p.get(MigrateComputeType.WRITE_BACK);
        this.seed = p.get(MigrateComputeType.SEED);
        this.errors = context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        this.mismatched = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        this.bytes = context.metrics().counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT);
        this.steps = new Steps(writeBack ? 7 : 6, "steps", errors::value);
        context.metrics().counter(WorkloadMetrics.MESSAGES, WorkloadMetrics.OPERATIONS);
        for (int i = 0; i < MigrateComputeType.STATISTICS.size(); i++) {
            int k = i;
            MigrateComputeType.STATISTICS.get(i).gauge(context.metrics(), () -> figures[k]);
        }
        context.metrics().gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS, () -> figures[ELAPSED]);
    }

    @Override
    public void start() {
        space = memory.createAddressSpace("hmm-app");
        in = Devices.buffer(device, space, size);
        out = Devices.buffer(device, space, size);
        hostIn = Devices.buffer(device, space, hostSize);
        hostOut = Devices.buffer(device, space, hostSize);
        content = new HostContent(memory, space, seed, filled, Devices.zeroReference(memory, space));
        if (!content.populate(in, size) || !content.populate(hostIn, hostSize)) {
            errors.increment();
            steps.stopped("the host could not populate the input (a page could not be faulted in)");
            context.finish();
            return;
        }
        device.migrateToDevice(space, in, size, this::inputMigrated);
    }

    private void inputMigrated(MigrationSummary s) {
        figures[0] = s.elapsedNanos();
        figures[1] = rate(s.migratedBytes(), s.elapsedNanos());
        figures[ELAPSED] = s.elapsedNanos();
        bytes.add(s.migratedBytes());
        migrated("input", s);
        device.migrateToDevice(space, out, size, this::outputMigrated);
    }

    private void outputMigrated(MigrationSummary s) {
        migrated("output", s);
        device.compute(space, in, out, size, this::deviceComputed);
    }

    private void deviceComputed(ComputeSummary c) {
        figures[2] = rate(c.bytes(), c.elapsedNanos());
        errors.add(c.errors());
        steps.ended();
        device.compute(space, hostIn, hostOut, hostSize, this::hostComputed);
    }

    private void hostComputed(ComputeSummary c) {
        figures[3] = rate(c.bytes(), c.elapsedNanos());
        errors.add(c.errors());
        steps.ended();
        if (hostPressure > 0) {
            addHostPressure();
        }
        if (writeBack) {
            long file = memory.mmap(space, size, MapOptions.DEFAULT.withTransparentHugePages(true));
            device.writeBack(space, out, size, space, file, wb -> {
                mismatched.add(content.mismatchedPages(file, size));
                steps.ended();
                readBack();
            });
        } else {
            readBack();
        }
    }

    /** Other host work grows into system memory until it is full or has its bytes. */
    private void addHostPressure() {
        AddressSpace other = memory.createAddressSpace("host-pressure");
        long va = memory.mmap(other, hostPressure, MapOptions.DEFAULT.withTransparentHugePages(true));
        for (long pos = 0; pos < hostPressure; pos += org.iopf.api.mem.PageSize.HUGE_2M.bytes()) {
            if (memory.faultInNow(other, va + pos, Access.WRITE) == FaultInResult.OUT_OF_MEMORY) {
                return;
            }
        }
    }

    private void readBack() {
        device.migrateToRam(space, out, size, s -> {
            figures[4] = s.elapsedNanos();
            figures[5] = rate(s.migratedBytes(), s.elapsedNanos());
            if (s.outOfMemoryBytes() > 0) {
                errors.increment();
                steps.stopped("reading the output back ran out of host memory: " + s.outOfMemoryBytes()
                        + " bytes stayed on the device");
                context.finish();
                return;
            }
            mismatched.add(content.mismatchedPages(out, size));
            mismatched.add(content.mismatchedPages(hostOut, hostSize));
            steps.ended();
            touchInput(in, context.scheduler().now());
        });
    }

    /** The CPU reads one byte of each input page in turn; each device-private page faults back. */
    private void touchInput(long va, long startedAt) {
        if (va >= in + size) {
            figures[6] = context.scheduler().now() - startedAt;
            mismatched.add(content.mismatchedPages(in, size));
            steps.ended();
            context.finish();
            return;
        }
        long step = memory.requireDeviceMemory().devicePrivateEntry(space, va).map(DevicePrivateEntry::size)
                .orElse(space.entry(va).map(e -> e.size()).orElse(org.iopf.api.mem.PageSize.BASE)).bytes();
        long next = va - Math.floorMod(va, step) + step;
        memory.faultIn(space, va, Access.READ, r -> {
            if (r.result() == FaultInResult.OUT_OF_MEMORY || r.result() == FaultInResult.DEVICE_PRIVATE) {
                errors.increment();
            }
            touchInput(next, startedAt);
        });
    }

    /** A migration step: it falls short if part of the buffer stayed in system memory. */
    private void migrated(String buffer, MigrationSummary s) {
        if (s.incompleteBytes() == 0) {
            steps.ended();
            return;
        }
        steps.endedShort("migrating the " + buffer + " left " + s.incompleteBytes() + " of " + size
                + " bytes in system memory (" + s.deviceFullBytes() + " found no free device memory, "
                + s.notCollectedBytes() + " could not be isolated, " + s.racedBytes() + " were touched meanwhile)");
    }

    /** The run's steps, of which those that ended without an error or shortfall; why not, if not. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(steps.outcome());
    }

    private static long rate(long bytes, long nanos) {
        return nanos <= 0 ? 0 : Math.round(bytes * 8e9 / nanos);
    }
}
