package org.iopf.toolkit.buffer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A buffer's reference count, kept by who holds each reference ({@code K}: the owner, mmaps,
 * importers' attachments, engines in flight), as Linux's {@code kref} plus the per-holder counts a
 * driver keeps beside it. It starts with the allocation's one owner reference; the buffer is freed
 * when the count reaches zero. A holder can drop only a reference it holds, so an owner that has
 * dropped all of its own cannot free the buffer under an importer.
 *
 * @param <K> who may hold a reference
 */
public final class ReferenceCount<K extends Enum<K>> {
    private final String what;
    private final K owner;
    private final K[] kinds;
    private final int[] held;
    private int total = 1;

    /**
     * A count of one reference, held by {@code owner}.
     *
     * @param what how messages name the buffer ({@code buffer 7})
     * @param kinds the holder kinds
     * @param owner the kind that holds the allocation's reference
     */
    public ReferenceCount(String what, Class<K> kinds, K owner) {
        this.what = Objects.requireNonNull(what, "what is null");
        this.owner = Objects.requireNonNull(owner, "owner is null");
        this.kinds = kinds.getEnumConstants();
        this.held = new int[this.kinds.length];
        held[owner.ordinal()] = 1;
    }

    /** References in all. */
    public int total() {
        return total;
    }

    /** References {@code kind} holds. */
    public int held(K kind) {
        return held[kind.ordinal()];
    }

    /** Whether the last reference is gone. */
    public boolean freed() {
        return total == 0;
    }

    /**
     * Adds a reference held by {@code kind}.
     *
     * @throws IllegalStateException if the buffer is freed already
     */
    public void retain(K kind) {
        requireLive();
        held[kind.ordinal()]++;
        total++;
    }

    /**
     * Drops one of {@code kind}'s references; returns whether it was the last reference of all.
     *
     * @throws IllegalStateException if the buffer is freed already, or {@code kind} holds none
     */
    public boolean release(K kind) {
        requireLive();
        if (held[kind.ordinal()] == 0) {
            throw new IllegalStateException(what + " holds no " + kind + " reference"
                    + (kind == owner ? ": its " + total + " reference(s) belong to " + holders() : ""));
        }
        held[kind.ordinal()]--;
        return --total == 0;
    }

    private void requireLive() {
        if (total == 0) {
            throw new IllegalStateException(what + " is freed already");
        }
    }

    private List<String> holders() {
        List<String> names = new ArrayList<>();
        for (K kind : kinds) {
            if (held[kind.ordinal()] > 0) {
                names.add(held[kind.ordinal()] + " " + kind);
            }
        }
        return names;
    }

    @Override
    public String toString() {
        return Integer.toString(total);
    }
}
