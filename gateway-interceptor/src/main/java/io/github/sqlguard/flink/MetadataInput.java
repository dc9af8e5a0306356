package io.github.sqlguard.flink;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.runtime.checkpoint.CheckpointProperties;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.Optional;
import java.util.Set;

/**
 * A savepoint's {@code _metadata} as the guard hands it to Flink's reader ({@code
 * Checkpoints#loadCheckpointMetadata}), so that a crafted file can make the gateway neither allocate
 * more than the file could hold nor construct a class Flink's savepoints do not hold.
 *
 * <p>The file is read twice, through one stream sought back to its start ({@code FSDataInputStream#seek}):
 * first by {@link MetadataCheck}, which checks every count and length Flink's reader will read before
 * the reader reads any, then by Flink's reader through this stream, which hands out only bytes the
 * check read: the file is read in blocks of {@value #BLOCK} bytes, at the same offsets as the check's,
 * and a block whose SHA-256 is not the one the check kept fails the read (the file changed in
 * between); no byte past where the check found Flink's reader stops is handed out. Nothing here asks
 * who reads: {@code DataInputStream#readInt} is final and reads an int with four {@code read()} calls
 * on Java 17, like a byte and a short; rounds 35-46 told the reads apart
 * by walking the reader's frames, some 15-170 walks of 0.8 kB a savepoint (bench/results
 * 2026-12-04-restore-bench-r46), which the check's knowledge of the file's structure makes needless.
 *
 * <p>From version 4 the file ends with the checkpoint's {@code CheckpointProperties}, Java-serialized
 * ({@code MetadataV4Serializer#deserializeProperties}: a plain {@code ObjectInputStream}, any class of
 * the gateway's class path, its static initialiser and {@code readObject} run). Where a read begins at
 * them (the check found where they begin), this stream first reads what is left of the file (at most
 * {@value #MAX_PROPERTIES_BYTES} bytes) with an {@link ObjectInputFilter} that admits only the classes
 * Flink writes there, and fails the read otherwise. The properties are deserialised that once: Flink's
 * reader is handed, in their place, the stream of a null ({@code 0xACED0005 70}), and {@link #load}
 * sets the properties read through the filter on what it returns ({@code
 * CheckpointMetadata#withProperties}). No filter can be handed to Flink's own {@code ObjectInputStream}:
 * it is made and read inside {@code MetadataV4Serializer#deserializeProperties}, and a JVM-wide filter
 * factory ({@code ObjectInputFilter.Config#setSerialFilterFactory}) cannot be set once any {@code
 * ObjectInputStream} was made in the JVM (Java 17), as a gateway's have been. A real savepoint's
 * properties allocate about 9.5 kB when deserialised, a null 2.3 kB: where what is left of the file
 * is exactly a null's object stream ({@code Checkpoints#storeCheckpointMetadata} of metadata without
 * properties), nothing is deserialised here, and Flink's reader reads those five bytes as they are.
 *
 * <p>The block is small because it is allocated for every read of a savepoint: Flink's own read of a
 * {@code _metadata} allocates about 50 kB (its objects and any state kept inline), and an 8 kB block
 * was a sixth of that again; a larger block saves only calls of the file system's stream.
 */
final class MetadataInput extends InputStream {

    /** Flink writes a few hundred bytes of checkpoint properties. */
    static final int MAX_PROPERTIES_BYTES = 64 * 1024;

    /** How much of the file is read from its file system at a time. */
    static final int BLOCK = 1024;

    /** The object stream of a null: its header and {@code ObjectStreamConstants#TC_NULL}. */
    private static final byte[] NULL_OBJECT_STREAM = {(byte) 0xAC, (byte) 0xED, 0x00, 0x05, 0x70};

    /** What {@code CheckpointProperties} holds, on Flink 1.20 and 2.3. */
    private static final Set<String> PROPERTIES_CLASSES = Set.of(
            "org.apache.flink.runtime.checkpoint.CheckpointProperties",
            "org.apache.flink.runtime.checkpoint.CheckpointType",
            "org.apache.flink.runtime.checkpoint.SavepointType",
            "org.apache.flink.runtime.checkpoint.SnapshotType$SharingFilesStrategy",
            "org.apache.flink.runtime.checkpoint.SavepointType$PostCheckpointAction",
            "org.apache.flink.core.execution.SavepointFormatType",
            "java.lang.Enum",
            "java.lang.String");

    private final MetadataCheck.Checked checked;
    private InputStream in;
    private byte[] block;
    private int next;
    private int end;
    /** The position in the file of the next byte handed out. */
    private long position;
    /** The position in the file of the next block read. */
    private long blockAt;
    private int blockIndex;
    private boolean propertiesChecked;
    /** Past the properties: the block holds the null handed out in their place, and nothing follows. */
    private boolean ended;
    /** The checkpoint properties, read through the filter; null until then, or where the file holds a null. */
    private CheckpointProperties properties;
    private boolean propertiesDeserialised;

    /**
     * @param in the metadata file, from its start, read a second time
     * @param checked what {@link MetadataCheck} found of its first read
     * @param block where the file is read, at least as long as the check's
     */
    MetadataInput(InputStream in, MetadataCheck.Checked checked, byte[] block) {
        this.in = in;
        this.checked = checked;
        this.block = block;
    }

    /** A block for a file of {@code size} bytes: a small file (a savepoint whose state is in files of its own: a few kB) gets its size. */
    static byte[] block(long size) {
        return new byte[(int) Math.max(Integer.BYTES, Math.min(BLOCK, size))];
    }

    /** Flink's reader's metadata and the SHA-256 of the file it was read from (empty where no read is kept). */
    record Loaded(CheckpointMetadata metadata, Optional<String> digest) {}

    /**
     * The metadata of the file {@code in} streams, checked by {@link MetadataCheck}, then read from its
     * start again by Flink's reader ({@code Checkpoints#loadCheckpointMetadata}) through a {@code
     * MetadataInput}, with the checkpoint properties it read through its filter; {@code in} is closed.
     *
     * @param file the metadata file, as messages name it
     * @param size its length in bytes, as its file system reports it
     */
    static Loaded load(FSDataInputStream in, String file, long size, ClassLoader classLoader, String externalPointer)
            throws IOException {
        byte[] block = block(size);
        MetadataCheck.Checked checked;
        try {
            checked = MetadataCheck.check(in, file, size, block);
            in.seek(0);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        try (MetadataInput input = new MetadataInput(in, checked, block);
                DataInputStream data = new DataInputStream(input)) {
            CheckpointMetadata metadata = Checkpoints.loadCheckpointMetadata(data, classLoader, externalPointer);
            return new Loaded(input.properties == null ? metadata : metadata.withProperties(input.properties),
                    checked.digest());
        }
    }

    @Override
    public int read() throws IOException {
        checkProperties();
        if (next == end && !fill()) {
            return -1;
        }
        position++;
        return block[next++] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        checkProperties();
        // All that is asked for, as far as the file holds it: a readInt's readFully is then one call.
        int n = 0;
        while (n < length && (next < end || fill())) {
            int chunk = Math.min(length - n, end - next);
            System.arraycopy(block, next, buffer, offset + n, chunk);
            next += chunk;
            n += chunk;
        }
        if (n == 0) {
            return -1;
        }
        position += n;
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Whether checkpoint properties were deserialised through the filter (none where the file holds a null's stream). */
    boolean propertiesDeserialised() {
        return propertiesDeserialised;
    }

    /**
     * Reads the next block of the file, whole (but at the end of what the check read), and hands out of
     * it what the check found Flink's reader reads; false where that ends.
     */
    private boolean fill() throws IOException {
        // Blocks are handed out whole, in order: the next byte handed out is the block's first.
        long at = blockAt;
        if (ended || at >= checked.readUntil()) {
            if (!ended && at < checked.length()) {
                throw new IOException("its metadata file " + checked.file() + " is read on past byte " + at
                        + ", where the guard's check of its structure found that Flink's reader stops, so the guard"
                        + " reads it no further");
            }
            return false;
        }
        int wanted = (int) Math.min(block.length, checked.length() - at);
        next = 0;
        end = 0;
        while (end < wanted) {
            int n = in.read(block, end, wanted - end);
            if (n < 0) {
                break;
            }
            end += n;
        }
        if (end < wanted || !checked.blocks().is(blockIndex, block, end)) {
            throw new IOException("its metadata file " + checked.file() + " changed while the guard read it (bytes "
                    + at + " to " + (at + wanted) + "), so the guard reads it no further");
        }
        blockIndex++;
        blockAt += wanted;
        // Nothing past where Flink's reader stops.
        end = (int) Math.min(end, checked.readUntil() - at);
        return true;
    }

    /** Reads {@code bytes} of the file through the verified blocks. */
    private void readChecked(byte[] bytes) throws IOException {
        int n = 0;
        while (n < bytes.length && (next < end || fill())) {
            int chunk = Math.min(bytes.length - n, end - next);
            System.arraycopy(block, next, bytes, n, chunk);
            next += chunk;
            n += chunk;
        }
        position += n;
    }

    /**
     * Where a read begins at the checkpoint properties: reads the rest of the file, the properties, with
     * only their classes admitted; Flink's reader then reads a null in their place.
     */
    private void checkProperties() throws IOException {
        if (propertiesChecked || position != checked.propertiesAt()) {
            return;
        }
        propertiesChecked = true;
        long left = checked.length() - position;
        if (left > MAX_PROPERTIES_BYTES) {
            throw new IOException("its metadata file " + checked.file() + " has " + left + " bytes after its operators'"
                    + " state, where Flink keeps a few hundred bytes of checkpoint properties, so it is not a savepoint"
                    + " Flink wrote");
        }
        byte[] rest = new byte[(int) left];
        readChecked(rest);
        in.close();
        in = InputStream.nullInputStream();
        ended = true;
        block = NULL_OBJECT_STREAM.clone();
        next = 0;
        end = block.length;
        if (java.util.Arrays.equals(rest, NULL_OBJECT_STREAM)) {
            // What Flink's reader would be handed in their place: it reads them as they are, a null.
            return;
        }
        propertiesDeserialised = true;
        Object read;
        try (ObjectInputStream filtered = new ObjectInputStream(new ByteArrayInputStream(rest))) {
            filtered.setObjectInputFilter(MetadataInput::filter);
            read = filtered.readObject();
        } catch (InvalidClassException e) {
            throw new IOException("its metadata file " + checked.file() + " holds, where Flink keeps its checkpoint"
                    + " properties, a class that Flink does not write there (" + e.getMessage() + "), so it is not a"
                    + " savepoint Flink wrote, and the guard constructs nothing of it");
        } catch (ClassNotFoundException e) {
            throw new IOException("its metadata file " + checked.file() + " names a class the gateway does not have: "
                    + e.getMessage());
        }
        if (read != null && !(read instanceof CheckpointProperties)) {
            throw new IOException("its metadata file " + checked.file() + " holds a " + read.getClass().getName()
                    + " where Flink keeps its checkpoint properties, so it is not a savepoint Flink wrote");
        }
        properties = (CheckpointProperties) read;
    }

    private static ObjectInputFilter.Status filter(ObjectInputFilter.FilterInfo info) {
        if (info.depth() > 8 || info.references() > 64 || info.streamBytes() > MAX_PROPERTIES_BYTES
                || info.arrayLength() > 64) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> type = info.serialClass();
        if (type == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        return PROPERTIES_CLASSES.contains(type.getName()) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    }
}
