package org.iopf.api.mem;

/** No content: the payload of a control packet (an ACK, a credit update). */
final class EmptyPayload implements Payload {
    static final EmptyPayload INSTANCE = new EmptyPayload();

    /** The fingerprint of no bytes, as the core's content model computes it (its tests check they agree). */
    private static final long FINGERPRINT = 0x48218226ff3cd4bfL;

    private EmptyPayload() {
    }

    @Override
    public long length() {
        return 0;
    }

    @Override
    public long fingerprint() {
        return FINGERPRINT;
    }

    @Override
    public Payload slice(long offset, long length) {
        if (offset != 0 || length != 0) {
            throw new IndexOutOfBoundsException("slice " + offset + "+" + length + " of an empty payload");
        }
        return this;
    }

    @Override
    public byte[] bytes() {
        return new byte[0];
    }

    @Override
    public String toString() {
        return "Payload.empty()";
    }
}
