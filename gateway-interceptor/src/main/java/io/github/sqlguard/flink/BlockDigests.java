package io.github.sqlguard.flink;

import java.io.IOException;
import java.io.InputStream;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The SHA-256 of each {@value MetadataInput#BLOCK}-byte block of a savepoint's {@code _metadata} (the
 * last one shorter), in order, and the file's digest: the SHA-256 of those digests. Two reads of a
 * file whose blocks have the same digests read the same bytes ({@link MetadataCheck}, {@link
 * MetadataInput}); two files with the same file digest have the same bytes ({@link SavepointReads}).
 * One {@code MessageDigest} serves every block (a SHA-256's state allocates about 1 kB).
 */
final class BlockDigests {

    static final int BYTES = 32;

    private final MessageDigest sha;
    private final byte[] scratch = new byte[BYTES];
    private byte[] digests;
    private int blocks;

    /** @param size the file's length as its file system reports it: room for its blocks' digests */
    BlockDigests(long size) {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform has SHA-256 (MessageDigest's Javadoc).
            throw new IllegalStateException(e);
        }
        digests = new byte[(int) Math.min(Math.max(1, (size + MetadataInput.BLOCK - 1) / MetadataInput.BLOCK), 1024) * BYTES];
    }

    /** Adds the digest of the next block, the first {@code length} bytes of {@code block}. */
    void add(byte[] block, int length) {
        if ((blocks + 1) * BYTES > digests.length) {
            digests = Arrays.copyOf(digests, digests.length * 2);
        }
        digest(block, length, digests, blocks * BYTES);
        blocks++;
    }

    /** Whether the first {@code length} bytes of {@code block} are the block at {@code index}. */
    boolean is(int index, byte[] block, int length) {
        if (index >= blocks) {
            return false;
        }
        digest(block, length, scratch, 0);
        return Arrays.equals(digests, index * BYTES, (index + 1) * BYTES, scratch, 0, BYTES);
    }

    /** How many blocks were added. */
    int blocks() {
        return blocks;
    }

    /** The file's digest, hex: the SHA-256 of its blocks' digests, in order. */
    String fileDigest() {
        sha.update(digests, 0, blocks * BYTES);
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The file digest of what {@code in} streams, read to its end in blocks; empty where it is longer
     * than {@code limit} bytes (then read no further). {@code in} is closed.
     */
    static Optional<String> of(InputStream in, long size, long limit) throws IOException {
        try (in) {
            BlockDigests digests = new BlockDigests(Math.min(size, limit));
            byte[] block = new byte[MetadataInput.BLOCK];
            long read = 0;
            int n;
            while ((n = in.readNBytes(block, 0, block.length)) > 0) {
                read += n;
                if (read > limit) {
                    return Optional.empty();
                }
                digests.add(block, n);
            }
            return Optional.of(digests.fileDigest());
        }
    }

    private void digest(byte[] block, int length, byte[] into, int at) {
        sha.update(block, 0, length);
        try {
            sha.digest(into, at, BYTES);
        } catch (DigestException e) {
            // into has room for it
            throw new IllegalStateException(e);
        }
    }
}
