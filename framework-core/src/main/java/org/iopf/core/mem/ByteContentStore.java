package org.iopf.core.mem;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.iopf.api.mem.Payload;

/**
 * Contents as bytes: one 4 KiB array per page that was ever written (keyed by frame number);
 * a page zeroed in full is dropped.
 */
final class ByteContentStore implements ContentStore {
    private final Map<Long, byte[]> pages = new HashMap<>();

    @Override
    public void read(long pa, byte[] dst, int off, int len) {
        long pos = pa;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            byte[] page = pages.get(pos >>> 12);
            if (page == null) {
                Arrays.fill(dst, off + done, off + done + n, (byte) 0);
            } else {
                System.arraycopy(page, inPage, dst, off + done, n);
            }
            pos += n;
            done += n;
        }
    }

    @Override
    public void write(long pa, byte[] src, int off, int len) {
        long pos = pa;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            System.arraycopy(src, off + done, page(pos), inPage, n);
            pos += n;
            done += n;
        }
    }

    private byte[] page(long pa) {
        return pages.computeIfAbsent(pa >>> 12, k -> new byte[(int) PAGE]);
    }

    @Override
    public Payload capture(long pa, long len) {
        if (len > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot capture " + len + " bytes in BYTES mode");
        }
        byte[] out = new byte[(int) len];
        read(pa, out, 0, out.length);
        return BytesPayload.adopt(out);
    }

    @Override
    public void write(long pa, Payload payload) {
        if (payload instanceof BytesPayload b) {
            write(pa, b.array(), b.arrayOffset(), (int) b.length());
        } else if (payload instanceof FingerprintPayload f) {
            ContentRuns runs = f.runs();
            long done = 0;
            while (done < runs.length()) {
                long pos = pa + done;
                int inPage = (int) (pos & (PAGE - 1));
                int n = (int) Math.min(PAGE - inPage, runs.length() - done);
                ContentRuns chunk = runs.slice(done, n);
                if (chunk.isBlank()) {
                    zero(pos, n);
                } else {
                    chunk.copyTo(0, page(pos), inPage, n);
                }
                done += n;
            }
        } else {
            byte[] bytes = payload.bytes();
            write(pa, bytes, 0, bytes.length);
        }
    }

    @Override
    public void zero(long pa, long len) {
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            if (n == PAGE) {
                pages.remove(pos >>> 12);
            } else {
                byte[] page = pages.get(pos >>> 12);
                if (page != null) {
                    Arrays.fill(page, inPage, inPage + n, (byte) 0);
                }
            }
            pos += n;
        }
    }

    @Override
    public long fingerprint(long pa, long len) {
        ContentHasher h = new ContentHasher();
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            byte[] page = pages.get(pos >>> 12);
            if (page == null) {
                h.zeros(n);
            } else {
                h.update(page, inPage, n);
            }
            pos += n;
        }
        return h.finish();
    }

    @Override
    public boolean readsAsZero(long pa, long len) {
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            byte[] page = pages.get(pos >>> 12);
            if (page != null) {
                for (int i = inPage; i < inPage + n; i++) {
                    if (page[i] != 0) {
                        return false;
                    }
                }
            }
            pos += n;
        }
        return true;
    }

    @Override
    public long storedBytes() {
        return pages.size() * PAGE;
    }
}
