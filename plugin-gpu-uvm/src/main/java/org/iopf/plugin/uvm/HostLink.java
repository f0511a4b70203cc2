package org.iopf.plugin.uvm;

import org.iopf.api.sim.BandwidthResource;

/**
 * The data paths a GPU's copies take (modelled as bandwidth resources): its copy engines, the host
 * link (PCIe or NVLink) they push through, and the GPU's own memory. A copy between system memory
 * and GPU memory runs on the copy engine that frees first and occupies the link and GPU memory at
 * once; the slowest sets its end.
 */
final class HostLink {
    private final BandwidthResource[] copyEngines;
    private final BandwidthResource link;
    private final BandwidthResource vram;

    HostLink(BandwidthResource[] copyEngines, BandwidthResource link, BandwidthResource vram) {
        this.copyEngines = copyEngines.clone();
        this.link = link;
        this.vram = vram;
    }

    /** Queues a copy of {@code bytes} between system and GPU memory; returns when it ends, ns. */
    long copy(long bytes) {
        if (bytes == 0) {
            return 0;
        }
        BandwidthResource ce = copyEngines[0];
        for (BandwidthResource c : copyEngines) {
            if (c.busyUntil() < ce.busyUntil()) {
                ce = c;
            }
        }
        return Math.max(ce.transfer(bytes, null), Math.max(link.transfer(bytes, null), vram.transfer(bytes, null)));
    }

    /** Queues {@code bytes} written or read in GPU memory alone (zero fill, a warp's access); returns the end. */
    long local(long bytes) {
        return bytes == 0 ? 0 : vram.transfer(bytes, null);
    }

    /** Queues a warp's access of {@code bytes} of system memory over the link; returns the end. */
    long remote(long bytes) {
        return link.transfer(bytes, null);
    }

    long linkBytes() {
        return link.bytesTransferred();
    }

    BandwidthResource link() {
        return link;
    }
}
