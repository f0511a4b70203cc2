package org.iopf.plugin.hmm;

import static java.util.Objects.requireNonNull;

import org.iopf.api.sim.BandwidthResource;

/**
 * The three data paths of a device with private memory (seed 003, FIDELITY F1): the device's own
 * memory ({@code 1 TB/s}), the PCIe link between host and device ({@code 32 GB/s}) and the host's
 * DDR ({@code 80 GB/s}). A transfer between host and device occupies all three at once; the
 * slowest sets its end.
 */
final class DeviceLinks {
    private final BandwidthResource deviceMemory;
    private final BandwidthResource pcie;
    private final BandwidthResource ddr;

    DeviceLinks(BandwidthResource deviceMemory, BandwidthResource pcie, BandwidthResource ddr) {
        this.deviceMemory = requireNonNull(deviceMemory, "deviceMemory is null");
        this.pcie = requireNonNull(pcie, "pcie is null");
        this.ddr = requireNonNull(ddr, "ddr is null");
    }

    /**
     * Queues {@code bytes} moving between host memory and device memory over PCIe.
     *
     * @return the absolute time the last byte has arrived, ns
     */
    long hostDevice(long bytes) {
        long a = ddr.transfer(bytes, null);
        long b = pcie.transfer(bytes, null);
        long c = deviceMemory.transfer(bytes, null);
        return Math.max(a, Math.max(b, c));
    }

    /** Queues {@code bytes} the device reads or writes in host memory over PCIe; returns the end time. */
    long deviceToHostMemory(long bytes) {
        return Math.max(ddr.transfer(bytes, null), pcie.transfer(bytes, null));
    }

    /** Queues {@code bytes} the device reads or writes in its own memory; returns the end time. */
    long deviceLocal(long bytes) {
        return deviceMemory.transfer(bytes, null);
    }

    /** Queues {@code bytes} moving within host memory (a bounce-buffer copy); returns the end time. */
    long hostLocal(long bytes) {
        return ddr.transfer(bytes, null);
    }

    BandwidthResource pcie() {
        return pcie;
    }
}
