package io.github.sqlguard.flink;

import org.apache.flink.core.fs.FSDataInputStream;

import java.util.Iterator;
import java.util.List;

/**
 * A file's stream as a file system opens it ({@link FSDataInputStream}), over bytes in memory: each
 * seek to the start reads the next of the versions given (a file changed between two reads), or the
 * last again. Every read of the file system's stream is seen by {@link #largestRead()}.
 */
final class SeekableBytes extends FSDataInputStream {

    private final Iterator<byte[]> versions;
    private byte[] bytes;
    private int position;
    private int largestRead;

    private SeekableBytes(List<byte[]> versions) {
        this.versions = versions.iterator();
        this.bytes = this.versions.next();
    }

    /** The file of {@code bytes}, then, after each seek to its start, of the next {@code versions}. */
    static SeekableBytes of(byte[] bytes, byte[]... versions) {
        List<byte[]> all = new java.util.ArrayList<>();
        all.add(bytes);
        all.addAll(List.of(versions));
        return new SeekableBytes(all);
    }

    @Override
    public void seek(long desired) {
        if (desired == 0 && versions.hasNext()) {
            bytes = versions.next();
        }
        position = (int) desired;
    }

    @Override
    public long getPos() {
        return position;
    }

    @Override
    public int read() {
        largestRead = Math.max(largestRead, 1);
        return position < bytes.length ? bytes[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        largestRead = Math.max(largestRead, length);
        if (position >= bytes.length) {
            return -1;
        }
        int n = Math.min(length, bytes.length - position);
        System.arraycopy(bytes, position, buffer, offset, n);
        position += n;
        return n;
    }

    /** The most bytes one read asked of this stream. */
    int largestRead() {
        return largestRead;
    }
}
