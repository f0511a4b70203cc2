package org.iopf.plugin.dmaplane;

/**
 * The immediate of a KV-cache chunk (seed 004 §6.1): the layer index in bits 30..16 and the
 * chunk's sequence number within its layer in bits 15..0; bit 31 stays clear (it marks credit
 * updates).
 *
 * @param layer the layer, {@code 0 <= layer < 32768}
 * @param seq the chunk's number within the layer, {@code 0 <= seq < 65536}
 */
record KvChunkId(int layer, int seq) {
    /** Largest layer index that fits. */
    static final int MAX_LAYER = (1 << 15) - 1;
    /** Largest sequence number that fits. */
    static final int MAX_SEQ = (1 << 16) - 1;

    KvChunkId {
        if (layer < 0 || layer > MAX_LAYER || seq < 0 || seq > MAX_SEQ) {
            throw new IllegalArgumentException("layer must be in 0..32767 and seq in 0..65535: " + layer + ", " + seq);
        }
    }

    /** The immediate carrying this id. */
    int immediate() {
        return layer << 16 | seq;
    }

    /** The id an immediate carries. */
    static KvChunkId of(int immediate) {
        if (immediate < 0) {
            throw new IllegalArgumentException("bit 31 of a KV immediate must be clear: " + Integer.toHexString(immediate));
        }
        return new KvChunkId(immediate >>> 16, immediate & 0xffff);
    }
}
