package org.iopf.toolkit.rc;

/** A READ the responder is answering: the next response packet to send. */
final class ReadJob<R> {
    final long firstPsn;
    final long address;
    final long length;
    final R region;
    long index;

    ReadJob(long firstPsn, long address, long length, R region) {
        this.firstPsn = firstPsn;
        this.address = address;
        this.length = length;
        this.region = region;
    }
}
