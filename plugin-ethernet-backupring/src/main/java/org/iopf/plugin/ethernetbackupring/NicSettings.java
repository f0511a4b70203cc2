package org.iopf.plugin.ethernetbackupring;

import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * The parameters of an {@code eth-nic}, read and checked once (see {@link EthernetNicType}).
 *
 * @param rate port rate
 * @param mtu IP MTU in bytes (1500 to 9000)
 * @param rxDmaRate rate of the NIC's receive DMA writes into host memory (given, or what its PCIe link carries)
 * @param rxFifoBytes the NIC's receive packet buffer
 * @param rxPacketCpu CPU time of the receive path per segment (drawn per segment)
 * @param copyRate the IOprovider's copy rate (memory bandwidth of one core)
 * @param backupRingSlots slots of the backup ring
 * @param tcp the sender's transport settings
 */
record NicSettings(DataRate rate, int mtu, DataRate rxDmaRate, long rxFifoBytes, ServiceTime rxPacketCpu,
        DataRate copyRate, int backupRingSlots, TcpConfig tcp) {
    /** Checks arguments. */
    NicSettings {
        if (rxFifoBytes < mtu + frameExtra() || rxPacketCpu == null || backupRingSlots <= 0) {
            throw new IllegalArgumentException("rxFifo must hold a frame, rxPacketCpu set, backupRingSlots > 0");
        }
    }

    /** Reads the settings of a component's parameters. */
    static NicSettings of(Parameters p) {
        int mtu = p.get(EthernetNicType.MTU);
        DataRate rxDma = p.isSet(EthernetNicType.RX_DMA_RATE.name()) ? p.get(EthernetNicType.RX_DMA_RATE)
                : new PcieHostInterface(p.get(EthernetNicType.PCIE_GENERATION), p.get(EthernetNicType.PCIE_LANES),
                        Math.toIntExact(p.get(EthernetNicType.PCIE_MAX_PAYLOAD))).dmaWriteRate();
        return new NicSettings(p.get(EthernetNicType.RATE), mtu, rxDma,
                p.get(EthernetNicType.RX_FIFO), p.get(EthernetNicType.RX_PACKET_CPU), p.get(EthernetNicType.COPY_RATE),
                ringSlots(p, mtu),
                new TcpConfig(mtu - EthHeader.TCP_IP_HEADERS, p.get(EthernetNicType.INITIAL_WINDOW),
                        p.get(EthernetNicType.INITIAL_RTO), p.get(EthernetNicType.MIN_RTO),
                        p.get(EthernetNicType.MAX_RTO), 3, p.get(EthernetNicType.TCP_RETRIES2),
                        p.get(EthernetNicType.SACK), p.get(EthernetNicType.RACK_TLP)));
    }

    /**
     * The backup ring's slots: as set, or (0) the full frames that arrive at the port rate in
     * {@code backupRingCover}, so the ring follows the rate and the frame size rather than a count.
     */
    static int ringSlots(Parameters p, int mtu) {
        int slots = p.get(EthernetNicType.BACKUP_RING_SLOTS);
        if (slots > 0) {
            return slots;
        }
        double bytes = p.get(EthernetNicType.RATE).bytesPerSecond() * p.get(EthernetNicType.BACKUP_RING_COVER) / 1e9;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(bytes / (mtu + EthHeader.ETHERNET_OVERHEAD))));
    }

    /** The Ethernet header and FCS that the DMA writes around the IP packet. */
    static int frameExtra() {
        return 18;
    }

    /** Bytes the receive DMA writes for a segment of {@code payload} bytes. */
    long dmaBytes(long payload) {
        return payload + EthHeader.TCP_IP_HEADERS + frameExtra();
    }

    /** Bytes of one backup-ring slot: a whole frame, rounded up to pages. */
    long slotBytes() {
        return PageSize.BASE.alignUp(mtu + frameExtra());
    }
}
