package org.iopf.plugin.hmm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.mem.PinResult;
import org.iopf.api.sim.BandwidthResource;

/**
 * Write-back of device pages through a bounce buffer (seed 003, F5: the block layer cannot DMA
 * from memory the CPU cannot address, so device pages are first copied into a pinned host buffer,
 * as {@code block/bounce.c} does for ISA and misaligned bios). The bounce buffer is a pinned
 * mapping of a kernel address space, made on first use. A device-private chunk is copied device →
 * bounce over PCIe, then bounce → storage; the bounce space it held is free again once storage
 * has it, so at most {@code bounceBuffer} bytes are in flight. System pages go straight to
 * storage. Pages stay where they are.
 */
final class BounceWriteBack {
    private final HmmDevice device;
    private final BandwidthResource storage;
    private AddressSpace kernel;
    private long bounceVa;

    BounceWriteBack(HmmDevice device, BandwidthResource storage) {
        this.device = device;
        this.storage = storage;
    }

    /** One piece to write: where its contents are, and whether it needs the bounce buffer. */
    private record Piece(PhysicalMemory source, long pa, long fileOffset, long length, boolean bounced) {
    }

    void start(AddressSpace space, long va, long length, AddressSpace fileSpace, long fileVa,
            Consumer<WriteBackSummary> done) {
        long bounceBytes = device.settings().bounceBufferBytes();
        if (kernel == null) {
            kernel = device.memory().createAddressSpace(device.toString() + "-bounce");
            bounceVa = device.memory().mmap(kernel, bounceBytes, MapOptions.DEFAULT);
            if (device.memory().pin(kernel, bounceVa, bounceBytes) != PinResult.PINNED) {
                throw new IllegalStateException(device + ": cannot pin the " + bounceBytes + " B bounce buffer");
            }
        }
        Deque<Piece> pieces = new ArrayDeque<>();
        long pos = 0;
        while (pos < length) {
            long at = va + pos;
            Optional<DevicePrivateEntry> e = device.deviceMemory().devicePrivateEntry(space, at);
            long n;
            if (e.isPresent() && e.get().pagemap() == device.pagemap()) {
                DevicePrivateEntry entry = e.get();
                n = Math.min(Math.min(length - pos, entry.va() + entry.size().bytes() - at), bounceBytes);
                pieces.add(new Piece(device.pagemap().memory(), entry.devicePa() + at - entry.va(), pos, n, true));
            } else {
                long pa = device.memory().translate(space, at, Access.READ).orElse(-1);
                if (pa < 0 && device.memory().faultInNow(space, at, Access.READ) != FaultInResult.ALREADY_PRESENT) {
                    pa = device.memory().translate(space, at, Access.READ).orElse(-1);
                }
                PageTableEntry pte = space.entry(at).orElseThrow();
                n = Math.min(length - pos, pte.va() + pte.size().bytes() - at);
                pieces.add(new Piece(device.systemMemory(), pa, pos, n, false));
            }
            pos += n;
        }
        new Run(pieces, fileSpace, fileVa, bounceBytes, done).next();
    }

    /** The pipeline of one write-back. */
    private final class Run {
        private final Deque<Piece> pieces;
        private final AddressSpace fileSpace;
        private final long fileVa;
        private final long capacity;
        private final Consumer<WriteBackSummary> done;
        private final long startNanos;
        private long inBounce;
        private long ringHead;
        private long bounced;
        private long direct;
        private int inFlight;

        Run(Deque<Piece> pieces, AddressSpace fileSpace, long fileVa, long capacity, Consumer<WriteBackSummary> done) {
            this.pieces = pieces;
            this.fileSpace = fileSpace;
            this.fileVa = fileVa;
            this.capacity = capacity;
            this.done = done;
            this.startNanos = device.scheduler().now();
        }

        void next() {
            while (!pieces.isEmpty() && (!pieces.peek().bounced() || inBounce + pieces.peek().length() <= capacity)) {
                Piece piece = pieces.poll();
                inFlight++;
                if (piece.bounced()) {
                    inBounce += piece.length();
                    long now = device.scheduler().now();
                    long copied = device.links().hostDevice(piece.length());
                    device.trace("hmm/bounce", now, copied - now, 0);
                    device.scheduler().scheduleAt(copied, () -> toStorage(piece));
                } else {
                    toStorage(piece);
                }
            }
            if (pieces.isEmpty() && inFlight == 0) {
                done.accept(new WriteBackSummary(bounced, direct, startNanos, device.scheduler().now()));
            }
        }

        private void toStorage(Piece piece) {
            List<long[]> ring = piece.bounced() ? intoBounce(piece) : List.of();
            long end = Math.max(storage.transfer(piece.length(), null), device.links().hostLocal(piece.length()));
            device.scheduler().scheduleAt(end, () -> {
                if (piece.bounced()) {
                    long done = 0;
                    for (long[] part : ring) {
                        writeFile(piece.fileOffset() + done, device.systemMemory(), part[0], part[1]);
                        done += part[1];
                    }
                    inBounce -= piece.length();
                    bounced += piece.length();
                    device.metrics().bouncedBytes.add(piece.length());
                } else {
                    writeFile(piece.fileOffset(), piece.source(), piece.pa(), piece.length());
                    direct += piece.length();
                }
                inFlight--;
                next();
            });
        }

        /** Copies a piece into the bounce ring at its head; returns the (pa, length) parts it took. */
        private List<long[]> intoBounce(Piece piece) {
            List<long[]> parts = new ArrayList<>();
            long offset = ringHead;
            ringHead = (ringHead + piece.length()) % capacity;
            long done = 0;
            while (done < piece.length()) {
                long ring = (offset + done) % capacity;
                long n = Math.min(piece.length() - done, Math.min(4096 - ring % 4096, capacity - ring));
                long pa = device.memory().translate(kernel, bounceVa + ring, Access.WRITE).orElse(-1);
                device.systemMemory().write(pa, piece.source().capture(piece.pa() + done, n));
                parts.add(new long[] {pa, n});
                done += n;
            }
            return parts;
        }

        /** Writes {@code length} bytes from {@code source} at {@code pa} into the file, page by page. */
        private void writeFile(long offset, PhysicalMemory source, long pa, long length) {
            long done = 0;
            while (done < length) {
                long va = fileVa + offset + done;
                long dst = device.memory().translate(fileSpace, va, Access.WRITE).orElse(-1);
                if (dst < 0) {
                    device.memory().faultInNow(fileSpace, va, Access.WRITE);
                    dst = device.memory().translate(fileSpace, va, Access.WRITE).orElse(-1);
                }
                long n = Math.min(length - done, 4096 - Math.floorMod(va, 4096));
                device.systemMemory().write(dst, source.capture(pa + done, n));
                done += n;
            }
        }
    }
}
