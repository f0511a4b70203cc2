package org.iopf.plugin.ethernetbackupring;

import org.iopf.api.sim.DataRate;

/**
 * The NIC's PCIe host interface, and the rate at which its receive DMA can write into host memory
 * through it (PCI Express Base Specification): the link's raw rate per lane (2.5, 5, 8, 16, 32 GT/s
 * for generations 1 to 5), less its line encoding (8b/10b for generations 1 and 2, 128b/130b from
 * generation 3), less the framing of each memory-write TLP that carries at most
 * {@code maxPayload} bytes (a 4-DW header for a 64-bit address, 16 B; the LCRC, 4 B; and the
 * framing: STP, sequence number and END, 4 B), less one 8-byte DLLP (Ack or UpdateFC) per TLP.
 *
 * @param generation PCIe generation, 1 to 5
 * @param lanes link width
 * @param maxPayload max payload size of a TLP in bytes (128 to 4096)
 */
record PcieHostInterface(int generation, int lanes, int maxPayload) {
    /** Bytes of a memory-write TLP besides its payload: 16 B header, 4 B LCRC, 4 B framing. */
    static final int TLP_OVERHEAD = 24;
    /** Bytes of the data-link-layer packets (one Ack or UpdateFC) counted per TLP. */
    static final int DLLP_PER_TLP = 8;

    /** Checks arguments. */
    PcieHostInterface {
        if (generation < 1 || generation > 5 || lanes < 1 || maxPayload < 128) {
            throw new IllegalArgumentException("PCIe generation 1..5, lanes >= 1, maxPayload >= 128: " + generation
                    + ", " + lanes + ", " + maxPayload);
        }
    }

    /** Transfers per second of one lane (GT/s × 10^9). */
    double transfersPerLane() {
        return switch (generation) {
            case 1 -> 2.5e9;
            case 2 -> 5e9;
            case 3 -> 8e9;
            case 4 -> 16e9;
            default -> 32e9;
        };
    }

    /** Payload bits per transferred bit of the line encoding. */
    double encodingEfficiency() {
        return generation <= 2 ? 8.0 / 10.0 : 128.0 / 130.0;
    }

    /** Payload bytes per byte on the link of a stream of full TLPs and their DLLPs. */
    double packetEfficiency() {
        return maxPayload / (double) (maxPayload + TLP_OVERHEAD + DLLP_PER_TLP);
    }

    /** The rate of DMA writes (payload) the link carries towards host memory. */
    DataRate dmaWriteRate() {
        double bits = transfersPerLane() * lanes * encodingEfficiency() * packetEfficiency();
        return new DataRate(bits / 8);
    }
}
