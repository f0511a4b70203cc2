package org.iopf.plugin.hmm;

import java.util.Optional;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.mem.Vma;

/**
 * One device kernel over a range (F7): for each piece it finds where the page lives — in device
 * memory (migrated, or a mirror copy) at device bandwidth, or in system memory over PCIe — moves
 * the contents there and queues the bytes on the matching resources; it ends when the slowest
 * resource has moved its last byte. The kernel copies its input to its output. A page the device
 * holds exclusive access to ({@link ExclusiveAccess}) is reached in system memory without a fault.
 */
final class DeviceCompute {
    /** Where one piece of a page lives, as the device sees it. */
    private record Location(PhysicalMemory memory, long pa, long extent, boolean onDevice, long mirrorSystemPa) {
    }

    private final HmmDevice device;
    private final AddressSpace space;
    private long deviceBytes;
    private long hostBytes;
    private long deviceFaults;
    private long errors;
    private long end;

    DeviceCompute(HmmDevice device, AddressSpace space) {
        this.device = device;
        this.space = space;
    }

    void run(long src, long dst, long length, Consumer<ComputeSummary> done) {
        long start = device.scheduler().now();
        end = start;
        long pos = 0;
        while (pos < length) {
            Location in = locate(src + pos, Access.READ);
            Location out = locate(dst + pos, Access.WRITE);
            if (in != null && out != null && !in.onDevice() && !stillMapped(src + pos, in)) {
                // faulting the output in reclaimed the input page: look it up again, as
                // hmm_range_fault retries when an invalidation ran meanwhile
                in = locate(src + pos, Access.READ);
            }
            if (in == null || out == null) {
                errors++;
                pos += 4096 - Math.floorMod(src + pos, 4096);
                continue;
            }
            long n = Math.min(length - pos, Math.min(in.extent(), out.extent()));
            Payload contents = in.memory().capture(in.pa(), n);
            out.memory().write(out.pa(), contents);
            account(in, n);
            account(out, n);
            if (out.mirrorSystemPa() >= 0) {
                device.systemMemory().write(out.mirrorSystemPa(), contents);
                end = Math.max(end, device.links().deviceToHostMemory(n));
                hostBytes += n;
            }
            pos += n;
        }
        device.trace("hmm/compute", start, end - start, 0);
        device.metrics().deviceFaults.add(deviceFaults);
        ComputeSummary summary = new ComputeSummary(deviceBytes, hostBytes, deviceFaults, errors, start, end);
        device.scheduler().scheduleAt(end, () -> done.accept(summary));
    }

    private boolean stillMapped(long va, Location where) {
        return device.memory().translate(space, va, Access.READ).orElse(-1) == where.pa();
    }

    private void account(Location where, long n) {
        if (where.onDevice()) {
            deviceBytes += n;
            end = Math.max(end, device.links().deviceLocal(n));
        } else {
            hostBytes += n;
            end = Math.max(end, device.links().deviceToHostMemory(n));
        }
    }

    private boolean permits(long va, Access access) {
        return access.isWrite() ? space.entry(va).map(PageTableEntry::writable).orElse(false)
                : space.vma(va).map(Vma::readable).orElse(false);
    }

    private Location locate(long va, Access access) {
        long exclusivePa = device.exclusive().find(space, va);
        if (exclusivePa >= 0) {
            // a page the device holds exclusive access to: reached in system memory over PCIe,
            // without a fault (make_device_exclusive made the CPU entry unusable, not the device's)
            long off = Math.floorMod(va, PageSize.BASE.bytes());
            return new Location(device.systemMemory(), exclusivePa, PageSize.BASE.bytes() - off, false, -1);
        }
        Optional<DevicePrivateEntry> e = device.deviceMemory().devicePrivateEntry(space, va);
        if (e.isPresent() && e.get().pagemap() == device.pagemap() && permits(va, access)) {
            // a write to a read-only device-private entry (shared by a fork, or mprotect) and any
            // access to a PROT_NONE one fault below, as hmm_range_fault does
            DevicePrivateEntry entry = e.get();
            long off = va - entry.va();
            return new Location(device.pagemap().memory(), entry.devicePa() + off, entry.size().bytes() - off, true, -1);
        }
        MirrorCopies.Copy copy = device.mirrors().find(space, va);
        if (copy != null) {
            long off = va - copy.va();
            long systemPa = access.isWrite() ? device.memory().translate(space, va, Access.READ).orElse(-1) : -1;
            return new Location(device.pagemap().memory(), copy.devicePa() + off, copy.size().bytes() - off, true,
                    systemPa);
        }
        long pa = device.memory().translate(space, va, access).orElse(-1);
        if (pa < 0) {
            FaultInResult result = device.memory().faultInNow(space, va, access);
            deviceFaults++;
            if (result != FaultInResult.ALREADY_PRESENT && result != FaultInResult.ZERO_FILLED
                    && result != FaultInResult.SWAPPED_IN) {
                return null;
            }
            pa = device.memory().translate(space, va, access).orElse(-1);
            if (pa < 0) {
                return null;
            }
        }
        PageTableEntry pte = space.entry(va).orElseThrow();
        return new Location(device.systemMemory(), pa, pte.va() + pte.size().bytes() - va, false, -1);
    }
}
