package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * The receiver's bookkeeping of a KV-cache transfer (seed 004 §6.1): which (layer, seq) chunks have
 * landed, taken from the completions' immediates, with their lengths checked against the layout;
 * once all have, it rebuilds each layer's tensor view over the receive region.
 */
final class KvReassembly {
    private final KvLayout layout;
    private final BitSet received;
    private int count;
    private long rejected;

    KvReassembly(KvLayout layout) {
        this.layout = Objects.requireNonNull(layout, "layout is null");
        this.received = new BitSet(layout.chunks());
    }

    /** Records a completion; false (and counted as rejected) for an unknown, duplicate or mis-sized chunk. */
    boolean accept(int immediate, long length) {
        KvChunkId id;
        try {
            id = KvChunkId.of(immediate);
        } catch (IllegalArgumentException e) {
            rejected++;
            return false;
        }
        if (id.layer() >= layout.layers() || id.seq() >= layout.chunksPerLayer()
                || layout.chunkLength(id.seq()) != length) {
            rejected++;
            return false;
        }
        int bit = id.layer() * layout.chunksPerLayer() + id.seq();
        if (received.get(bit)) {
            rejected++;
            return false;
        }
        received.set(bit);
        count++;
        return true;
    }

    boolean isComplete() {
        return count == layout.chunks();
    }

    int received() {
        return count;
    }

    long rejected() {
        return rejected;
    }

    /** The tensor views over a region starting at {@code base}; only once complete. */
    List<KvTensorView> rebuild(long base) {
        if (!isComplete()) {
            throw new IllegalStateException("only " + count + " of " + layout.chunks() + " chunks have arrived");
        }
        List<KvTensorView> views = new ArrayList<>(layout.layers());
        for (int l = 0; l < layout.layers(); l++) {
            views.add(new KvTensorView(l, base + layout.layerOffset(l), layout.layerBytes(), layout.chunksPerLayer()));
        }
        return views;
    }
}
