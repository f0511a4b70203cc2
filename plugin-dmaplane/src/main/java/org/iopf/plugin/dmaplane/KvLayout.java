package org.iopf.plugin.dmaplane;

import org.iopf.api.platform.Parameters;

/**
 * Where each layer's KV cache and each chunk of it lie (seed 004 §6.1): layer {@code l} holds K and
 * V for every prompt token, {@code 2 x kvHeads x headDim x dtypeBytes x tokens} bytes, cut into
 * chunks of at most {@code chunkSize}; on the receiver the layers lie one after the other.
 *
 * @param layers model layers, {@code > 0}
 * @param layerBytes bytes of one layer's K and V, {@code > 0}
 * @param chunkSize largest chunk, {@code > 0}
 */
record KvLayout(int layers, long layerBytes, long chunkSize) {
    KvLayout {
        if (layers <= 0 || layers > KvChunkId.MAX_LAYER + 1 || layerBytes <= 0 || chunkSize <= 0) {
            throw new IllegalArgumentException("layers in 1..32768, layerBytes and chunkSize > 0 required");
        }
        if ((layerBytes + chunkSize - 1) / chunkSize > KvChunkId.MAX_SEQ + 1) {
            throw new IllegalArgumentException("a layer needs more than 65536 chunks");
        }
    }

    /** The layout the {@code dmaplane-kv-transfer} parameters describe. */
    static KvLayout of(Parameters p) {
        return of(p.get(KvTransferType.LAYERS), p.get(KvTransferType.KV_HEADS), p.get(KvTransferType.HEAD_DIM),
                p.get(KvTransferType.DTYPE_BYTES), p.get(KvTransferType.PROMPT_TOKENS), p.get(KvTransferType.CHUNK_SIZE));
    }

    /** A model's layout. */
    static KvLayout of(int layers, int kvHeads, int headDim, int dtypeBytes, long tokens, long chunkSize) {
        if (kvHeads <= 0 || headDim <= 0 || dtypeBytes <= 0 || tokens <= 0) {
            throw new IllegalArgumentException("kvHeads, headDim, dtypeBytes and tokens must be > 0");
        }
        return new KvLayout(layers, 2L * kvHeads * headDim * dtypeBytes * tokens, chunkSize);
    }

    int chunksPerLayer() {
        return Math.toIntExact((layerBytes + chunkSize - 1) / chunkSize);
    }

    int chunks() {
        return layers * chunksPerLayer();
    }

    long totalBytes() {
        return layers * layerBytes;
    }

    /** Offset of chunk {@code seq} within its layer. */
    long chunkOffset(int seq) {
        return seq * chunkSize;
    }

    /** Length of chunk {@code seq}. */
    long chunkLength(int seq) {
        return Math.min(chunkSize, layerBytes - chunkOffset(seq));
    }

    /** Offset of layer {@code layer} in the receiver's region. */
    long layerOffset(int layer) {
        return layer * layerBytes;
    }
}
