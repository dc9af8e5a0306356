package io.github.sqlguard.flink;

import org.apache.flink.runtime.checkpoint.metadata.MetadataSerializers;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * A savepoint's {@code _metadata} read once before Flink's reader reads it, along the structure that
 * reader follows, so that every int the reader will read is checked before it is read: no count or
 * length may be above both {@value #LARGEST_COUNT} and the bytes left in the file.
 *
 * <p>Flink's reader trusts what the file says: it reads a length with {@code DataInputStream#readInt}
 * and allocates it before it reads the bytes ({@code MetadataV2V3SerializerBase#deserializeMasterState}
 * {@code new byte[numBytes]}, the {@code long[]} of a key-group handle's offsets, the {@code ArrayList}
 * of the operator states, …), so 28 bytes that claim 2,147,483,631 make the JobManager, and a gateway
 * that reads the file the same way, allocate 2 GB. No count or length a real savepoint writes is larger
 * than what follows it, except a key-group count or a parallelism, which Flink caps at 32,768 ({@code
 * KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM}); every other int the reader reads (a version,
 * an index, a start key group, a flag, an ordinal) is smaller still, and the master state's magic
 * number is negative.
 *
 * <p>The structure is the one of {@code Checkpoints#loadCheckpointMetadata} and the serializer of the
 * file's version on this Flink line ({@code MetadataSerializers#getSerializer}): {@code
 * MetadataV2Serializer} to {@code MetadataV6Serializer}, over {@code MetadataV2V3SerializerBase} (the
 * same on Flink 1.20.0 and 2.3.0 but for names) and the channel state handles of {@code
 * ChannelStateHandleSerializerV1} (1.20's {@code ChannelStateHandleSerializer}) or, from version 6,
 * {@code ChannelStateHandleSerializerV2}. Where Flink's reader fails (a magic number, a version or a
 * handle type it does not know, a legacy state, the file's end), the check ends: the reader fails there
 * too and reads nothing after it, and {@link MetadataInput} hands it nothing past the end of what was
 * checked. Where a count is negative the check goes on as if it were none: the reader either fails
 * there or reads no element.
 *
 * <p>So that the bytes Flink's reader is handed are the bytes checked, though the file is read a
 * second time for it (its stream sought back to the start: a file system may read it anew), the check
 * keeps the SHA-256 of every {@value MetadataInput#BLOCK}-byte block of the file ({@link BlockDigests},
 * 32 bytes a kilobyte), and {@link MetadataInput} hands out no byte of a block whose digest differs.
 * The file's digest is the one a kept read is found by ({@link SavepointReads}).
 */
final class MetadataCheck {

    /** Flink's {@code KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM}: no parallelism or key-group count exceeds it. */
    static final int LARGEST_COUNT = 1 << 15;

    /** Flink's {@code Checkpoints#HEADER_MAGIC_NUMBER}. */
    private static final int HEADER_MAGIC_NUMBER = 0x4960672d;

    /** Flink's {@code MetadataV2V3SerializerBase#MASTER_STATE_MAGIC_NUMBER}. */
    private static final int MASTER_STATE_MAGIC_NUMBER = 0xc96b1696;

    /** Handles nest a few levels in a savepoint Flink writes (a changelog handle's base, a key-group handle's stream). */
    private static final int DEEPEST_HANDLE = 16;

    /** What the check found. */
    record Checked(
            /* the metadata file, as messages name it */
            String file,
            /* the number of bytes of the file read */
            long length,
            /* where Flink's reader stops: the end of what it reads when it succeeds, or where it fails */
            long readUntil,
            /* where the Java-serialized checkpoint properties begin (version 4 on), -1 where there are none */
            long propertiesAt,
            /* the digest of each block of the file */
            BlockDigests blocks,
            /* the file's digest ({@link BlockDigests#fileDigest}); empty past SavepointReads' bound, where no read is kept */
            Optional<String> digest) {}

    /** Where Flink's reader fails: the check ends there (no stack trace: it is not an error of the guard). */
    private static final class ReaderStops extends Exception {
        ReaderStops() {
            super(null, null, false, false);
        }
    }

    private static final ReaderStops STOPS = new ReaderStops();

    private final InputStream in;
    private final String file;
    /** The file's length as its file system reports it: the bound of every count. */
    private final long size;
    private final byte[] block;
    private final BlockDigests blocks;
    /** How many bytes of the file were read. */
    private long read;
    private int next;
    private int end;
    /** The position of the next byte the check reads, in the file. */
    private long position;
    private boolean drained;
    /** The serializer's version: what its operators and channel handles hold. */
    private int version;
    private int depth;

    private MetadataCheck(InputStream in, String file, long size, byte[] block) {
        this.in = in;
        this.file = file;
        this.size = size;
        this.block = block;
        this.blocks = new BlockDigests(size);
    }

    /**
     * Reads the file {@code in} streams (all of it, to its end) and checks every int Flink's reader
     * will read of it; {@code in} is left open.
     *
     * @param file the metadata file, as messages name it
     * @param size its length in bytes, as its file system reports it
     * @param block where the file is read, {@value MetadataInput#BLOCK} bytes (or the file's length if less)
     * @throws IOException where a count or length is above the bound, or the file cannot be read
     */
    static Checked check(InputStream in, String file, long size, byte[] block) throws IOException {
        MetadataCheck check = new MetadataCheck(in, file, size, block);
        long readUntil;
        long propertiesAt = -1;
        try {
            check.metadata();
            readUntil = check.position;
            if (check.version >= 4) {
                // MetadataV4Serializer#deserializeProperties: an ObjectInputStream over what is left of the file.
                propertiesAt = check.position;
                readUntil = Long.MAX_VALUE;
            }
        } catch (ReaderStops stops) {
            readUntil = check.position;
        }
        // The rest of the file: the properties, or what no reader reads (digested all the same).
        while (check.fill()) {
            check.next = check.end;
        }
        readUntil = Math.min(readUntil, check.read);
        Optional<String> digest = check.read > SavepointReads.MAX_BYTES / 4
                ? Optional.empty()
                : Optional.of(check.blocks.fileDigest());
        return new Checked(file, check.read, readUntil, propertiesAt, check.blocks, digest);
    }

    // ------------------------------------------------------------------------
    //  the structure of Flink's reader
    // ------------------------------------------------------------------------

    /** {@code Checkpoints#loadCheckpointMetadata}, then {@code MetadataV2V3SerializerBase#deserializeMetadata}. */
    private void metadata() throws IOException, ReaderStops {
        if (rawInt() != HEADER_MAGIC_NUMBER) {
            throw STOPS;
        }
        version = count();
        try {
            MetadataSerializers.getSerializer(version);
        } catch (IllegalArgumentException unknown) {
            throw STOPS;
        }
        if (version < 2) {
            // MetadataV1Serializer#deserialize: no longer supported, nothing read.
            throw STOPS;
        }
        skip(Long.BYTES);
        int masterStates = count();
        for (int i = 0; i < masterStates; i++) {
            masterState();
        }
        int operators = count();
        if (operators < 0) {
            // new ArrayList<>(numTaskStates)
            throw STOPS;
        }
        for (int i = 0; i < operators; i++) {
            operatorState();
        }
    }

    /**
     * {@code MetadataV2V3SerializerBase#deserializeMasterState}: its bytes, and in them the length of the
     * state's own bytes, which Flink's reader allocates too ({@code new byte[in.readInt()]}, read from
     * a stream of the master state's bytes).
     */
    private void masterState() throws IOException, ReaderStops {
        if (rawInt() != MASTER_STATE_MAGIC_NUMBER) {
            throw STOPS;
        }
        int length = count();
        if (length <= 0) {
            throw STOPS;
        }
        long bytesEnd = position + length;
        // its version and name
        if (bytesEnd - position >= Integer.BYTES + 2) {
            skip(Integer.BYTES);
            int name = unsignedShort();
            if (bytesEnd - position >= name + Integer.BYTES) {
                skip(name);
                long at = position;
                int bytes = rawInt();
                checkCount(bytes, at, bytesEnd - position, " in its master state's " + length + " bytes");
            }
        }
        skip(bytesEnd - position);
    }

    /** {@code MetadataV2Serializer}, {@code MetadataV3Serializer} and {@code MetadataV5Serializer#deserializeOperatorState}. */
    private void operatorState() throws IOException, ReaderStops {
        if (version >= 5) {
            utf();
            utf();
        }
        skip(2 * Long.BYTES);
        count();
        count();
        if (version == 2) {
            count();
        } else {
            streamHandle();
        }
        int subtasks = count();
        for (int j = 0; j < subtasks; j++) {
            int index = count();
            if (version == 2) {
                // MetadataV2Serializer#deserializeSubtaskState: a long, then a count of legacy states it refuses.
                skip(Long.BYTES);
                if (count() > 0) {
                    throw STOPS;
                }
                subtaskState();
            } else if (index >= 0) {
                // a negative index is a finished subtask, without state
                subtaskState();
            }
        }
    }

    /** {@code MetadataV2V3SerializerBase#deserializeSubtaskState}, with {@code MetadataV3Serializer}'s channel state. */
    private void subtaskState() throws IOException, ReaderStops {
        if (count() != 0) {
            operatorStateHandle();
        }
        if (count() != 0) {
            operatorStateHandle();
        }
        keyedStateHandle();
        keyedStateHandle();
        if (version >= 3) {
            // MetadataV2V3SerializerBase#deserializeCollection: input channels, then result subpartitions
            for (int kind = 0; kind < 2; kind++) {
                int handles = count();
                for (int i = 0; i < handles; i++) {
                    channelStateHandle(kind == 0);
                }
            }
        }
    }

    /** {@code ChannelStateHandleSerializerV1}, or from version 6 {@code ChannelStateHandleSerializerV2}. */
    private void channelStateHandle(boolean input) throws IOException, ReaderStops {
        if (version >= 6) {
            int type = singleByte();
            if (type == (input ? 3 : 4)) {
                // deserializeMergedChannelStateHandle
                count();
                skip(Long.BYTES);
                streamHandle();
                skipCounted(1);
                return;
            } else if (type != (input ? 1 : 2)) {
                throw STOPS;
            }
        }
        // deserializeChannelStateHandle: its subtask, channel info (two ints), offsets, size, stream
        count();
        count();
        count();
        int offsets = count();
        if (offsets < 0) {
            // new ArrayList<>(offsetsSize)
            throw STOPS;
        }
        skip((long) offsets * Long.BYTES);
        skip(Long.BYTES);
        streamHandle();
    }

    /** {@code MetadataV2V3SerializerBase#deserializeKeyedStateHandle}. */
    private void keyedStateHandle() throws IOException, ReaderStops {
        int type = (byte) singleByte();
        deeper();
        switch (type) {
            case 0 -> { }
            case 3, 7, 12 -> {
                // key groups (V2 with a handle id), or a savepoint's
                count();
                skipCounted(Long.BYTES);
                streamHandle();
                if (type == 12) {
                    utf();
                }
            }
            case 5, 11 -> {
                // deserializeIncrementalStateHandle
                skip(Long.BYTES);
                utf();
                count();
                count();
                if (type == 11) {
                    skip(Long.BYTES);
                }
                streamHandle();
                handleAndLocalPaths();
                handleAndLocalPaths();
                if (type == 11) {
                    utf();
                }
            }
            case 8, 14 -> {
                // a changelog backend's handle: materialized base, then changes
                count();
                count();
                skip(Long.BYTES);
                for (int part = 0; part < 2; part++) {
                    int handles = count();
                    if (handles < 0) {
                        throw STOPS;
                    }
                    for (int i = 0; i < handles; i++) {
                        keyedStateHandle();
                    }
                }
                skip(type == 14 ? 2 * Long.BYTES : Long.BYTES);
                utf();
            }
            case 9 -> {
                // changes kept in memory
                count();
                count();
                skip(2 * Long.BYTES);
                int changes = count();
                if (changes < 0) {
                    throw STOPS;
                }
                for (int i = 0; i < changes; i++) {
                    count();
                    skipCounted(1);
                }
                utf();
            }
            case 10, 13 -> {
                // changes in files
                count();
                count();
                int handles = count();
                if (handles < 0) {
                    throw STOPS;
                }
                for (int i = 0; i < handles; i++) {
                    skip(Long.BYTES);
                    streamHandle();
                }
                skip(2 * Long.BYTES);
                utf();
                if (type == 13) {
                    utf();
                }
            }
            default -> throw STOPS;
        }
        depth--;
    }

    /** {@code MetadataV2V3SerializerBase#deserializeHandleAndLocalPathList}. */
    private void handleAndLocalPaths() throws IOException, ReaderStops {
        int handles = count();
        if (handles < 0) {
            throw STOPS;
        }
        for (int i = 0; i < handles; i++) {
            utf();
            streamHandle();
        }
    }

    /** {@code MetadataV2V3SerializerBase#deserializeOperatorStateHandle}. */
    private void operatorStateHandle() throws IOException, ReaderStops {
        int type = (byte) singleByte();
        if (type == 0) {
            return;
        }
        if (type != 4 && type != 17) {
            throw STOPS;
        }
        int states = count();
        for (int i = 0; i < states; i++) {
            utf();
            // the distribution mode's ordinal, then the offsets
            singleByte();
            skipCounted(Long.BYTES);
        }
        if (type == 17) {
            // a merged file's directories, and whether it is empty
            utf();
            utf();
            singleByte();
        }
        streamHandle();
    }

    /** {@code MetadataV2V3SerializerBase#deserializeStreamStateHandle}: its type read with {@code read()}. */
    private void streamHandle() throws IOException, ReaderStops {
        int type = singleByte();
        deeper();
        switch (type) {
            case 0, 16 -> { }
            case 2 -> {
                skip(Long.BYTES);
                utf();
            }
            case 1 -> {
                utf();
                skipCounted(1);
            }
            case 6 -> {
                utf();
                skip(Long.BYTES);
            }
            case 3 -> {
                count();
                skipCounted(Long.BYTES);
                streamHandle();
            }
            case 15 -> {
                skip(2 * Long.BYTES);
                count();
                utf();
                utf();
            }
            default -> throw STOPS;
        }
        depth--;
    }

    private void deeper() throws IOException {
        if (++depth > DEEPEST_HANDLE) {
            throw new IOException("its metadata file " + file + " nests state handles more than " + DEEPEST_HANDLE
                    + " deep at byte " + position + ", where Flink nests them two or three deep, so it is not a"
                    + " savepoint Flink wrote");
        }
    }

    // ------------------------------------------------------------------------
    //  what DataInputStream reads
    // ------------------------------------------------------------------------

    /** An int Flink's reader reads, checked against the bound. */
    private int count() throws IOException, ReaderStops {
        long at = position;
        int value = rawInt();
        checkCount(value, at, size - position, "");
        return value;
    }

    /** A count of elements of {@code bytes} bytes each, allocated as an array before they are read, then the elements. */
    private void skipCounted(int bytes) throws IOException, ReaderStops {
        int count = count();
        if (count < 0) {
            // new long[count], new byte[count]: the reader fails
            throw STOPS;
        }
        skip((long) count * bytes);
    }

    private void checkCount(int value, long at, long left, String where) throws IOException {
        if (value > LARGEST_COUNT && value > left) {
            throw new IOException("its metadata file " + file + " claims a count or length of " + value + " at byte " + at
                    + where + ", more than the " + left + " bytes left " + (where.isEmpty() ? "in the file (" + size
                    + " bytes)" : "there") + ", so it is not a savepoint Flink wrote, and the guard reads it no further");
        }
    }

    private int rawInt() throws IOException, ReaderStops {
        return singleByte() << 24 | singleByte() << 16 | singleByte() << 8 | singleByte();
    }

    private int unsignedShort() throws IOException, ReaderStops {
        return singleByte() << 8 | singleByte();
    }

    /** {@code DataInputStream#readUTF}: its length, then its bytes. */
    private void utf() throws IOException, ReaderStops {
        skip(unsignedShort());
    }

    /** The next byte; where the file ends, the reader fails. */
    private int singleByte() throws IOException, ReaderStops {
        if (next == end && !fill()) {
            throw STOPS;
        }
        position++;
        return block[next++] & 0xff;
    }

    private void skip(long bytes) throws IOException, ReaderStops {
        long left = bytes;
        while (left > 0) {
            if (next == end && !fill()) {
                throw STOPS;
            }
            int n = (int) Math.min(left, end - next);
            next += n;
            position += n;
            left -= n;
        }
    }

    /** Reads the next block of the file, whole (but at its end), and digests it; false at the file's end. */
    private boolean fill() throws IOException {
        next = 0;
        end = 0;
        while (end < block.length && !drained) {
            int n = in.read(block, end, block.length - end);
            if (n < 0) {
                drained = true;
            } else {
                end += n;
            }
        }
        if (end == 0) {
            return false;
        }
        read += end;
        blocks.add(block, end);
        return true;
    }
}
