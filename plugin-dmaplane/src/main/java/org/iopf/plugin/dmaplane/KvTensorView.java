package org.iopf.plugin.dmaplane;

/**
 * The receiver's view of one layer's KV tensor after rebuild: where it lies, no copy made.
 *
 * @param layer the layer
 * @param address its first byte in the receive region
 * @param length its bytes
 * @param chunks the chunks it was rebuilt from
 */
record KvTensorView(int layer, long address, long length, int chunks) {
    KvTensorView {
        if (layer < 0 || length <= 0 || chunks <= 0) {
            throw new IllegalArgumentException("layer >= 0, length > 0, chunks > 0 required");
        }
    }
}
