package io.github.sqlguard.flink;

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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
 * that reads the file the same way, allocate 2 GB. This stream fails the read of any int above both
 * {@value #LARGEST_COUNT} and the bytes left in the file: no count or length a real savepoint writes
 * is larger than what follows it, except the header's magic number and a key-group count or
 * parallelism, which Flink caps at 32,768 ({@code KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM});
 * every other int Flink's reader reads (a version, an index, a start key group, a flag, an ordinal)
 * is smaller still, and the master state's magic number is negative.
 *
 * <p>It knows an int without asking who reads: the last four bytes it handed out are kept as an int,
 * and only where they are one the bound refuses (a window that is no int of the reader's, such as a
 * handle's type byte and three bytes of the int after it, is often as large) are the reader's frames
 * walked, to see whether those four bytes are the int a {@code DataInputStream#readInt} returns now:
 * its last read of this stream, as this JVM's {@code DataInputStream} makes it ({@link IntReads}:
 * four {@code read()} calls on Java 17, one {@code readFully} of four bytes from Java 21). A savepoint
 * Flink wrote has few such windows, and none at all after a bulk read of more than four bytes.
 *
 * <p>From version 4 the file ends with the checkpoint's {@code CheckpointProperties}, Java-serialized
 * ({@code MetadataV4Serializer#deserializeProperties}: a plain {@code ObjectInputStream}, any class of
 * the gateway's class path, its static initialiser and {@code readObject} run). An {@code
 * ObjectInputStream} first reads its stream header ({@code 0xACED0005}); where a read begins at those
 * four bytes and the reader is an {@code ObjectInputStream}, this stream first reads what is left of
 * the file (at most {@value #MAX_PROPERTIES_BYTES} bytes) with an {@link ObjectInputFilter} that admits
 * only the classes Flink writes there, and fails the read otherwise. The properties are deserialised
 * that once: Flink's reader is handed, in their place, the stream of a null ({@code 0xACED0005 70}),
 * and {@link #load} sets the properties read through the filter on what it returns ({@code
 * CheckpointMetadata#withProperties}). No filter can be handed to Flink's own {@code ObjectInputStream}:
 * it is made and read inside {@code MetadataV4Serializer#deserializeProperties}, and a JVM-wide filter
 * factory ({@code ObjectInputFilter.Config#setSerialFilterFactory}) cannot be set once any {@code
 * ObjectInputStream} was made in the JVM (Java 17), as a gateway's have been. A real savepoint's
 * properties allocate about 9.5 kB when deserialised, a null 2.3 kB: where what is left of the file
 * is exactly a null's object stream ({@code Checkpoints#storeCheckpointMetadata} of metadata without
 * properties), nothing is deserialised here, and Flink's reader reads those five bytes, the null it
 * would have been handed in their place.
 *
 * <p>The file is read from its file system in blocks of {@value #BLOCK} bytes: Flink's reader reads
 * an int byte by byte (Java 17), which unbuffered would be four reads of the file system's stream.
 * The block is small because it is allocated for every read of a savepoint: Flink's own read of a
 * {@code _metadata} allocates about 50 kB (its objects and any state kept inline), and an 8 kB
 * block was a sixth of that again; a larger block saves only calls of the file system's stream.
 */
final class MetadataInput extends InputStream {

    /** Flink's {@code KeyGroupRangeAssignment#UPPER_BOUND_MAX_PARALLELISM}: no parallelism or key-group count exceeds it. */
    static final int LARGEST_COUNT = 1 << 15;

    /** Flink writes a few hundred bytes of checkpoint properties. */
    static final int MAX_PROPERTIES_BYTES = 64 * 1024;

    /** How much of the file is read from its file system at a time. */
    static final int BLOCK = 1024;

    /** {@code ObjectStreamConstants#STREAM_MAGIC} and {@code STREAM_VERSION}: how every {@code ObjectInputStream} begins. */
    private static final int OBJECT_STREAM_HEADER = 0xACED0005;

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

    private static final StackWalker FRAMES = StackWalker.getInstance();

    /** How {@code DataInputStream#readInt} reads its stream on this JVM. */
    private static final IntReads INT_READS = IntReads.learn();

    private final String file;
    private final long size;
    private InputStream in;
    private byte[] block;
    private int next;
    private int end;
    private long position;
    /** The last four bytes handed out, big-endian. */
    private int lastFour;
    /** How many of the bytes handed out last, in a row, were handed out by {@link #read()}. */
    private int singles;
    private boolean drained;
    /**
     * Where the last walk placed the reader: the end of the int it found (checked), or the position
     * of a read that was no int's. Flink's reader reads the file in order and no two of its reads
     * share a byte, so no int it reads ends before {@code knownUntil + 4} but the one ending at
     * {@code knownUntil}: the windows ending before then straddle that int or that read.
     */
    private long knownUntil;
    private boolean propertiesChecked;
    /** The checkpoint properties, read through the filter; null until then, or where the file holds a null. */
    private CheckpointProperties properties;
    private int frameWalks;
    private boolean propertiesDeserialised;
    private int reads;

    /**
     * @param file the metadata file, as messages name it
     * @param size its length in bytes, as its file system reports it
     */
    MetadataInput(InputStream in, String file, long size) {
        this.in = in;
        this.file = file;
        this.size = size;
        // A small file (a savepoint whose state is in files of its own: a few kB) gets a block of its size.
        this.block = new byte[size > 0 ? (int) Math.max(Integer.BYTES, Math.min(BLOCK, size)) : BLOCK];
    }

    /**
     * The metadata of the file {@code in} streams, read by Flink's reader ({@code
     * Checkpoints#loadCheckpointMetadata}) through a {@code MetadataInput}, with the checkpoint properties
     * it read through its filter.
     *
     * @param file the metadata file, as messages name it
     * @param size its length in bytes, as its file system reports it
     */
    static CheckpointMetadata load(InputStream in, String file, long size, ClassLoader classLoader, String externalPointer)
            throws IOException {
        try (MetadataInput input = new MetadataInput(in, file, size);
                DataInputStream data = new DataInputStream(input)) {
            CheckpointMetadata metadata = Checkpoints.loadCheckpointMetadata(data, classLoader, externalPointer);
            return input.properties == null ? metadata : metadata.withProperties(input.properties);
        }
    }

    @Override
    public int read() throws IOException {
        reads++;
        checkObjectStream();
        if (next == end && !fill()) {
            return -1;
        }
        int b = block[next++] & 0xff;
        position++;
        lastFour = (lastFour << 8) | b;
        singles++;
        if (INT_READS.single() && singles >= Integer.BYTES) {
            checkInt();
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        reads++;
        checkObjectStream();
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
        for (int i = Math.max(0, n - Integer.BYTES); i < n; i++) {
            lastFour = (lastFour << 8) | (buffer[offset + i] & 0xff);
        }
        singles = 0;
        if (!INT_READS.single() && length == Integer.BYTES && n == Integer.BYTES) {
            checkInt();
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** How many reads the reader made. */
    int reads() {
        return reads;
    }

    /** Whether checkpoint properties were deserialised through the filter (none where the file holds a null's stream). */
    boolean propertiesDeserialised() {
        return propertiesDeserialised;
    }

    /** How often the reader's frames were walked: where the bytes read could be an int the bound refuses, or the properties. */
    int frameWalks() {
        return frameWalks;
    }

    /**
     * Refuses the int of {@code DataInputStream#readInt} that the four bytes just handed out are, or
     * that the read just made is part of, when the bound refuses it. The frames are walked only where
     * those four bytes, as an int, are above the bound; where the read is the {@code k}th of an int's
     * four (Java 17), the int is its bytes before and the ones it will read next, looked at ahead, and
     * the windows that end inside it need no walk.
     */
    private void checkInt() throws IOException {
        int value = lastFour;
        if (propertiesChecked || position <= 4 || position < knownUntil + Integer.BYTES || value <= LARGEST_COUNT
                || value <= size - position) {
            return;
        }
        frameWalks++;
        int read = FRAMES.walk(frames -> INT_READS.readOfAnInt(readerFrames(frames)));
        if (read < 0) {
            // A read of no int (a byte, a short): no int ends before it is four bytes behind.
            knownUntil = position;
            return;
        }
        int after = INT_READS.reads() - 1 - read;
        if (after == 0) {
            knownUntil = position;
        }
        if (after > 0) {
            // The int ends after bytes Flink's reader has yet to ask for: the window is not that int.
            if (end - next < after) {
                refill(after);
            }
            if (end - next < after) {
                return;
            }
            value = intEndingAhead(after);
            knownUntil = position + after;
        }
        long left = size - position - after;
        if (value <= LARGEST_COUNT || value <= left) {
            return;
        }
        throw new IOException("its metadata file " + file + " claims a count or length of " + value + " at byte "
                + (position + after - 4) + ", more than the " + left + " bytes left in the file (" + size + " bytes), so it"
                + " is not a savepoint Flink wrote, and the guard reads it no further");
    }

    /** The int whose last {@code after} bytes are the next ones in the block and whose first ones were handed out last. */
    private int intEndingAhead(int after) {
        int value = lastFour << (8 * after);
        for (int i = 0; i < after; i++) {
            value |= (block[next + i] & 0xff) << (8 * (after - 1 - i));
        }
        return value;
    }

    /**
     * The {@code java.io} frames that called this stream, innermost first ({@code readFully} at 12,
     * {@code readInt} at 4), as they are walked: nothing is copied, and the walk stops at the first
     * frame that is not {@code java.io}'s.
     */
    private static Iterator<StackWalker.StackFrame> readerFrames(java.util.stream.Stream<StackWalker.StackFrame> frames) {
        Iterator<StackWalker.StackFrame> walked = frames.iterator();
        return new Iterator<>() {
            private StackWalker.StackFrame next = first();

            private StackWalker.StackFrame first() {
                while (walked.hasNext()) {
                    StackWalker.StackFrame frame = walked.next();
                    if (!frame.getClassName().equals(MetadataInput.class.getName())) {
                        return frame;
                    }
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null && next.getClassName().startsWith("java.io.");
            }

            @Override
            public StackWalker.StackFrame next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                StackWalker.StackFrame frame = next;
                next = walked.hasNext() ? walked.next() : null;
                return frame;
            }
        };
    }

    /** A frame of a {@code java.io} reader: its class, method, and the byte code index of its call. */
    record Frame(String className, String method, int byteCodeIndex) {
        static Frame of(StackWalker.StackFrame frame) {
            return new Frame(frame.getClassName(), frame.getMethodName(), frame.getByteCodeIndex());
        }

        /** Whether {@code frame} is this one, compared in place (no record made of it). */
        boolean is(StackWalker.StackFrame frame) {
            return byteCodeIndex == frame.getByteCodeIndex() && className.equals(frame.getClassName())
                    && method.equals(frame.getMethodName());
        }
    }

    /** Where a read begins at an {@code ObjectInputStream}'s header and an {@code ObjectInputStream} reads: the properties, checked first. */
    private void checkObjectStream() throws IOException {
        if (propertiesChecked || !atObjectStreamHeader()) {
            return;
        }
        frameWalks++;
        boolean objectStream = FRAMES.walk(frames -> {
            for (Iterator<StackWalker.StackFrame> reader = readerFrames(frames); reader.hasNext(); ) {
                if (reader.next().getClassName().startsWith("java.io.ObjectInputStream")) {
                    return true;
                }
            }
            return false;
        });
        if (objectStream) {
            checkProperties();
        }
    }

    private boolean atObjectStreamHeader() throws IOException {
        if (end - next < Integer.BYTES) {
            refill(Integer.BYTES);
        }
        return end - next >= Integer.BYTES
                && block[next] == (byte) 0xAC
                && ((block[next] & 0xff) << 24 | (block[next + 1] & 0xff) << 16 | (block[next + 2] & 0xff) << 8
                        | (block[next + 3] & 0xff)) == OBJECT_STREAM_HEADER;
    }

    /** Reads the next block of the file; false at its end. */
    private boolean fill() throws IOException {
        next = 0;
        end = 0;
        refill(1);
        return end > 0;
    }

    /** Keeps what is left of the block and reads after it until at least {@code wanted} bytes are there or the file ends. */
    private void refill(int wanted) throws IOException {
        if (next > 0) {
            System.arraycopy(block, next, block, 0, end - next);
            end -= next;
            next = 0;
        }
        while (end - next < wanted && !drained) {
            int n = in.read(block, end, block.length - end);
            if (n < 0) {
                drained = true;
                return;
            }
            end += n;
        }
    }

    /** Reads the rest of the file, the checkpoint properties, with only their classes admitted; Flink then reads a null in their place. */
    private void checkProperties() throws IOException {
        propertiesChecked = true;
        long left = size - position;
        if (left > MAX_PROPERTIES_BYTES) {
            throw new IOException("its metadata file " + file + " has " + left + " bytes after its operators' state, where"
                    + " Flink keeps a few hundred bytes of checkpoint properties, so it is not a savepoint Flink wrote");
        }
        if (left == NULL_OBJECT_STREAM.length && restIsNull()) {
            // What Flink's reader would be handed in their place: it reads them as they are, a null.
            return;
        }
        int buffered = end - next;
        byte[] after = in.readNBytes(Math.max(0, (int) left - buffered));
        byte[] rest = new byte[buffered + after.length];
        System.arraycopy(block, next, rest, 0, buffered);
        System.arraycopy(after, 0, rest, buffered, after.length);
        in.close();
        in = InputStream.nullInputStream();
        propertiesDeserialised = true;
        Object read;
        try (ObjectInputStream filtered = new ObjectInputStream(new ByteArrayInputStream(rest))) {
            filtered.setObjectInputFilter(MetadataInput::filter);
            read = filtered.readObject();
        } catch (InvalidClassException e) {
            throw new IOException("its metadata file " + file + " holds, where Flink keeps its checkpoint properties, a"
                    + " class that Flink does not write there (" + e.getMessage() + "), so it is not a savepoint Flink"
                    + " wrote, and the guard constructs nothing of it");
        } catch (ClassNotFoundException e) {
            throw new IOException("its metadata file " + file + " names a class the gateway does not have: " + e.getMessage());
        }
        if (read != null && !(read instanceof CheckpointProperties)) {
            throw new IOException("its metadata file " + file + " holds a " + read.getClass().getName() + " where Flink keeps"
                    + " its checkpoint properties, so it is not a savepoint Flink wrote");
        }
        properties = (CheckpointProperties) read;
        // Flink's reader reads a null in their place: the properties are deserialised once, here.
        block = NULL_OBJECT_STREAM.clone();
        next = 0;
        end = block.length;
    }

    /** Whether the block holds what is left of the file and it is a null's object stream. */
    private boolean restIsNull() throws IOException {
        if (end - next < NULL_OBJECT_STREAM.length) {
            refill(NULL_OBJECT_STREAM.length);
        }
        return end - next == NULL_OBJECT_STREAM.length
                && java.util.Arrays.equals(block, next, end, NULL_OBJECT_STREAM, 0, NULL_OBJECT_STREAM.length);
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

    /**
     * How this JVM's {@code DataInputStream#readInt} reads the stream under it, learnt once by watching
     * it read one int: with four {@code read()} calls (Java 17) or with one {@code read(byte[], int, 4)}
     * of its {@code readFully} (Java 21 and later), each read with its {@code java.io} frames (each
     * method with the byte code index of its call), which no read of another kind has.
     *
     * @param single whether an int is read one byte at a time
     * @param frames the frames of each of an int's reads, in order ({@link #readerFrames})
     */
    record IntReads(boolean single, List<List<Frame>> frames) {

        IntReads {
            frames = List.copyOf(frames);
        }

        static IntReads learn() {
            List<Boolean> singles = new ArrayList<>();
            List<List<Frame>> frames = new ArrayList<>();
            InputStream watched = new InputStream() {
                @Override
                public int read() {
                    singles.add(true);
                    frames.add(FRAMES.walk(IntReads::callers));
                    return 1;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    singles.add(false);
                    frames.add(FRAMES.walk(IntReads::callers));
                    java.util.Arrays.fill(buffer, offset, offset + length, (byte) 1);
                    return length;
                }
            };
            try {
                new DataInputStream(watched).readInt();
            } catch (IOException e) {
                throw new IllegalStateException("this JVM's DataInputStream could not read an int", e);
            }
            boolean single = singles.size() == Integer.BYTES && !singles.contains(false);
            boolean bulk = singles.size() == 1 && !singles.get(0);
            if ((!single && !bulk) || new java.util.HashSet<>(frames).size() != frames.size()) {
                throw new IllegalStateException("this JVM's DataInputStream#readInt reads its stream in " + singles.size()
                        + " calls, neither four read() nor one read of four bytes, each from its own place");
            }
            return new IntReads(single, frames);
        }

        private static List<Frame> callers(java.util.stream.Stream<StackWalker.StackFrame> frames) {
            return frames.skip(1).takeWhile(frame -> frame.getClassName().startsWith("java.io.")).map(Frame::of).toList();
        }

        /** How many reads an int takes. */
        int reads() {
            return frames.size();
        }

        /**
         * Which of an int's reads a read with the {@code java.io} frames {@code readFrames} is (0 the
         * first; -1 for none), its frames compared as they are walked ({@link MetadataInput#readerFrames})
         * with the same frame of every read of an int not yet ruled out.
         */
        int readOfAnInt(Iterator<StackWalker.StackFrame> readFrames) {
            long candidates = (1L << frames.size()) - 1;
            int depth = 0;
            while (readFrames.hasNext() && candidates != 0) {
                StackWalker.StackFrame frame = readFrames.next();
                for (int i = 0; i < frames.size(); i++) {
                    List<Frame> read = frames.get(i);
                    if ((candidates & (1L << i)) != 0 && (depth >= read.size() || !read.get(depth).is(frame))) {
                        candidates &= ~(1L << i);
                    }
                }
                depth++;
            }
            if (readFrames.hasNext()) {
                return -1;
            }
            for (int i = 0; i < frames.size(); i++) {
                if ((candidates & (1L << i)) != 0 && frames.get(i).size() == depth) {
                    return i;
                }
            }
            return -1;
        }
    }
}
