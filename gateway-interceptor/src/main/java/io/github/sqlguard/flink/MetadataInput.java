package io.github.sqlguard.flink;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.Set;

/**
 * A savepoint's {@code _metadata} as the guard hands it to Flink's reader ({@code
 * Checkpoints#loadCheckpointMetadata}), so that a crafted file can make the gateway neither allocate
 * more than the file could hold nor construct a class Flink's savepoints do not hold.
 *
 * <p>Flink's reader trusts what the file says: it reads a length with {@code DataInputStream#readInt}
 * and allocates it before it reads the bytes ({@code MetadataV2V3SerializerBase#deserializeMasterState}
 * {@code new byte[numBytes]}, the {@code long[]} of a key-group handle's offsets, the {@code ArrayList}
 * of the operator states, …), so 28 bytes that claim 2,147,483,631 make the JobManager, and a gateway
 * that reads the file the same way, allocate 2 GB. This stream sees each {@code readInt} its reader
 * makes (the caller's frames, {@link StackWalker}), and fails the read of any int above both {@value
 * #LARGEST_COUNT} and the bytes left in the file: no count or length a real savepoint writes is
 * larger than what follows it, except the header's magic number and a key-group count or parallelism,
 * which Flink caps at 32,768 ({@code KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM}).
 *
 * <p>From version 4 the file ends with the checkpoint's {@code CheckpointProperties}, Java-serialized
 * ({@code MetadataV4Serializer#deserializeProperties}: a plain {@code ObjectInputStream}, any class of
 * the gateway's class path, its static initialiser and {@code readObject} run). Before Flink's stream
 * reads it, this stream reads what is left of the file (at most {@value #MAX_PROPERTIES_BYTES} bytes)
 * with an {@link ObjectInputFilter} that admits only the classes Flink writes there, and fails the read
 * otherwise; Flink then reads the same bytes.
 */
final class MetadataInput extends InputStream {

    /** Flink's {@code KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM}: no parallelism or key-group count exceeds it. */
    static final int LARGEST_COUNT = 1 << 15;

    /** Flink writes a few hundred bytes of checkpoint properties. */
    static final int MAX_PROPERTIES_BYTES = 64 * 1024;

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

    private static final StackWalker FRAMES = StackWalker.getInstance();

    private final String file;
    private final long size;
    private InputStream in;
    private long position;
    private int intBytes;
    private int intValue;
    private boolean propertiesChecked;

    /**
     * @param file the metadata file, as messages name it
     * @param size its length in bytes, as its file system reports it
     */
    MetadataInput(InputStream in, String file, long size) {
        this.in = in;
        this.file = file;
        this.size = size;
    }

    @Override
    public int read() throws IOException {
        Reader reader = readingInt() ? Reader.INT : reader();
        int b = in.read();
        if (b >= 0) {
            position++;
            if (reader == Reader.INT) {
                takeIntByte(b);
            }
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        // A read of more than four bytes is neither an int nor the first read of an ObjectInputStream
        // (its stream header, a short read first), so it needs no walk of the frames.
        Reader reader = readingInt() ? Reader.INT : length > Integer.BYTES ? Reader.OTHER : reader();
        int n = in.read(buffer, offset, length);
        if (n > 0) {
            position += n;
            if (reader == Reader.INT) {
                for (int i = 0; i < n; i++) {
                    takeIntByte(buffer[offset + i] & 0xff);
                }
            }
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /**
     * Whether the read continues an int begun by an earlier read: {@code DataInputStream#readInt}
     * reads its four bytes with four {@code read()} calls (Java 17) or one {@code readFully} (Java 21+)
     * and nothing else reads this stream in between, so its frames need not be walked again.
     */
    private boolean readingInt() {
        return intBytes > 0;
    }

    /** Who reads: a {@code DataInputStream#readInt}, an {@code ObjectInputStream}, or anything else. */
    private Reader reader() throws IOException {
        Reader reader = FRAMES.walk(frames -> frames
                .dropWhile(frame -> frame.getClassName().equals(MetadataInput.class.getName()))
                .takeWhile(frame -> frame.getClassName().startsWith("java.io."))
                .map(frame -> frame.getClassName().startsWith("java.io.ObjectInputStream")
                        ? Reader.OBJECT_STREAM
                        : frame.getClassName().equals("java.io.DataInputStream") && frame.getMethodName().equals("readInt")
                                ? Reader.INT
                                : Reader.OTHER)
                .filter(r -> r != Reader.OTHER)
                .findFirst()
                .orElse(Reader.OTHER));
        if (reader == Reader.OBJECT_STREAM && !propertiesChecked) {
            checkProperties();
        }
        return reader;
    }

    private void takeIntByte(int b) throws IOException {
        intValue = (intValue << 8) | b;
        if (++intBytes < 4) {
            return;
        }
        int value = intValue;
        intBytes = 0;
        intValue = 0;
        long left = size - position;
        if (position > 4 && value > LARGEST_COUNT && value > left) {
            throw new IOException("its metadata file " + file + " claims a count or length of " + value + " at byte "
                    + (position - 4) + ", more than the " + left + " bytes left in the file (" + size + " bytes), so it is"
                    + " not a savepoint Flink wrote, and the guard reads it no further");
        }
    }

    /** Reads the rest of the file, the checkpoint properties, with only their classes admitted; Flink then reads the same bytes. */
    private void checkProperties() throws IOException {
        propertiesChecked = true;
        long left = size - position;
        if (left > MAX_PROPERTIES_BYTES) {
            throw new IOException("its metadata file " + file + " has " + left + " bytes after its operators' state, where"
                    + " Flink keeps a few hundred bytes of checkpoint properties, so it is not a savepoint Flink wrote");
        }
        byte[] rest = in.readNBytes((int) left);
        in.close();
        in = new ByteArrayInputStream(rest);
        try (ObjectInputStream properties = new ObjectInputStream(new ByteArrayInputStream(rest))) {
            properties.setObjectInputFilter(MetadataInput::filter);
            properties.readObject();
        } catch (InvalidClassException e) {
            throw new IOException("its metadata file " + file + " holds, where Flink keeps its checkpoint properties, a"
                    + " class that Flink does not write there (" + e.getMessage() + "), so it is not a savepoint Flink"
                    + " wrote, and the guard constructs nothing of it");
        } catch (ClassNotFoundException e) {
            throw new IOException("its metadata file " + file + " names a class the gateway does not have: " + e.getMessage());
        }
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

    private enum Reader { INT, OBJECT_STREAM, OTHER }
}
