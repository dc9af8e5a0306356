package io.github.sqlguard.flink;

import org.apache.flink.util.InstantiationUtil;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.lang.management.ManagementFactory;
import java.util.Set;

/**
 * The head of a keyed state file (the {@code KeyedBackendSerializationProxy} Flink writes before the
 * first key group) as the guard hands it to Flink's reader ({@link SavepointSerializers#head}), so that
 * a crafted file can make the gateway neither allocate much more than the head holds nor construct a
 * class Flink's serializer snapshots do not hold.
 *
 * <p>Flink's readers trust the file as they trust a {@code _metadata} ({@link MetadataInput}): each
 * serializer snapshot reads a count with {@code DataInputStream#readInt} and allocates it before it
 * reads what follows ({@code NestedSerializersSnapshotDelegate#readNestedSerializerSnapshots} {@code new
 * TypeSerializerSnapshot[numSnapshots]}, {@code RowDataSerializerSnapshot#readSnapshot} {@code new
 * LogicalType[length]}), snapshots nest, and a {@code RowDataSerializerSnapshot} reads each field's
 * {@code LogicalType} with a Java {@code ObjectInputStream} ({@code InstantiationUtil#deserializeObject}),
 * which constructs any serializable class of the gateway's class path the file names and allocates
 * any array length it claims. This stream holds the head in memory (the bytes before the first key
 * group, at most {@value #MAX_HEAD_BYTES}), and:
 * <ul>
 *   <li>fails the read of any int a {@code DataInputStream#readInt} takes that is above both {@value
 *       #SMALL_COUNT} and the bytes left in the head, but the two magic numbers Flink's snapshots begin
 *       with ({@value #COMPOSITE_MAGIC}, {@value #NESTED_MAGIC}), which Flink checks before it reads on;</li>
 *   <li>fails a read once the reading thread has allocated more than {@value #BUDGET_BASE} bytes and
 *       {@value #BUDGET_PER_BYTE} per byte of the head since the read began (HotSpot's count,
 *       {@code com.sun.management.ThreadMXBean}), so nested snapshots cannot multiply the allocations
 *       the first bound allows; a head nested deeper than the thread's stack fails too;</li>
 *   <li>reads each Java-serialized object first with Flink's stream of the same class loader ({@code
 *       InstantiationUtil.ClassLoaderObjectInputStream}; 2.x reads logical types with its {@code
 *       FailureTolerantObjectInputStream}, which differs only for classes this filter does not
 *       admit) and an {@link ObjectInputFilter} that admits
 *       only Flink's logical types and the JDK's boxes, strings and lists they are made of, classes
 *       resolved without being initialised, arrays no longer than the bytes left, before Flink reads the
 *       same bytes.</li>
 * </ul>
 * A head these refuse is not read, and the restore says so ({@code notRead}): a keyed state whose
 * types hold a user's class (a structured type's implementation class, a {@code RAW} type's
 * serializer) is not compared by its serializers.
 */
final class StateFileHead extends InputStream {

    /** Far above the head of any savepoint: a few KB per state, a few hundred bytes per row field. */
    static final int MAX_HEAD_BYTES = 16 * 1024 * 1024;

    /** A count this small allocates little wherever it is read. */
    static final int SMALL_COUNT = 1 << 15;

    /** {@code CompositeTypeSerializerSnapshot#MAGIC_NUMBER} (Flink 1.20 and 2.3). */
    static final int COMPOSITE_MAGIC = 911108;

    /** {@code NestedSerializersSnapshotDelegate#MAGIC_NUMBER} (Flink 1.20 and 2.3). */
    static final int NESTED_MAGIC = 1333245;

    static final long BUDGET_BASE = 64L * 1024 * 1024;

    static final long BUDGET_PER_BYTE = 64;

    /** One Java-serialized logical type: a few hundred bytes; a row of many fields, a few KB. */
    static final int MAX_OBJECT_BYTES = 1024 * 1024;

    private static final Set<String> JDK_CLASSES = Set.of(
            "java.lang.Object", "java.lang.String", "java.lang.Enum", "java.lang.Number", "java.lang.Boolean", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.util.ArrayList", "java.util.Arrays$ArrayList", "java.util.Collections$UnmodifiableList",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$EmptyList", "java.util.Collections$SingletonList", "java.util.ImmutableCollections$List12",
            "java.util.ImmutableCollections$ListN", "java.util.CollSer", "java.util.LinkedHashSet", "java.util.HashSet",
            "java.util.LinkedHashMap", "java.util.HashMap");

    /** Flink's logical types and the identifiers a distinct or structured type carries. */
    private static final String LOGICAL_TYPES = "org.apache.flink.table.types.logical.";

    private static final Set<String> FLINK_CLASSES = Set.of("org.apache.flink.table.catalog.ObjectIdentifier");

    private static final StackWalker FRAMES = StackWalker.getInstance();

    private final byte[] head;
    private final String file;
    private final ClassLoader classLoader;
    private final com.sun.management.ThreadMXBean threads;
    private final long allocatedAtStart;
    private final long budget;
    private int position;
    private int checkedUntil;
    private String rejected;
    private int intBytes;
    private int intValue;

    /**
     * @param head the bytes before the file's first key group, at most {@link #MAX_HEAD_BYTES}
     * @param file the state file, as messages name it
     */
    StateFileHead(byte[] head, String file, ClassLoader classLoader) {
        this.head = head;
        this.file = file;
        this.classLoader = classLoader;
        this.threads = ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotSpot
                        && hotSpot.isThreadAllocatedMemorySupported() && hotSpot.isThreadAllocatedMemoryEnabled()
                ? hotSpot
                : null;
        this.allocatedAtStart = allocated();
        this.budget = BUDGET_BASE + BUDGET_PER_BYTE * head.length;
    }

    @Override
    public int read() throws IOException {
        Reader reader = readingInt() ? Reader.INT : reader();
        if (position >= head.length) {
            return -1;
        }
        int b = head[position++] & 0xff;
        if (reader == Reader.INT) {
            takeIntByte(b);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        // A read of more than four bytes is neither an int nor an ObjectInputStream's first (its stream header).
        Reader reader = readingInt() ? Reader.INT : length > Integer.BYTES ? Reader.OTHER : reader();
        if (position >= head.length) {
            return -1;
        }
        int n = Math.min(length, head.length - position);
        System.arraycopy(head, position, buffer, offset, n);
        position += n;
        if (reader == Reader.INT) {
            for (int i = 0; i < n; i++) {
                takeIntByte(buffer[offset + i] & 0xff);
            }
        }
        return n;
    }

    private boolean readingInt() throws IOException {
        checkBudget();
        return intBytes > 0;
    }

    private Reader reader() throws IOException {
        Reader reader = FRAMES.walk(frames -> frames
                .dropWhile(frame -> frame.getClassName().equals(StateFileHead.class.getName()))
                .map(frame -> frame.getClassName().startsWith("java.io.ObjectInputStream")
                        ? Reader.OBJECT_STREAM
                        : frame.getClassName().equals("java.io.DataInputStream") && frame.getMethodName().equals("readInt")
                                ? Reader.INT
                                : isStreamAdapter(frame.getClassName()) ? Reader.OTHER : Reader.CALLER)
                .filter(r -> r != Reader.OTHER)
                .findFirst()
                .orElse(Reader.OTHER));
        if (reader == Reader.OBJECT_STREAM && position >= checkedUntil) {
            checkObject();
        }
        return reader == Reader.CALLER ? Reader.OTHER : reader;
    }

    /** The streams between Flink's readers and this one: the JDK's and Flink's adapters of a {@code DataInputView}. */
    private static boolean isStreamAdapter(String className) {
        return className.startsWith("java.io.")
                || className.equals("org.apache.flink.core.memory.DataInputViewStreamWrapper")
                || className.equals("org.apache.flink.api.java.typeutils.runtime.DataInputViewStream");
    }

    private void takeIntByte(int b) throws IOException {
        intValue = (intValue << 8) | b;
        if (++intBytes < 4) {
            return;
        }
        int value = intValue;
        intBytes = 0;
        intValue = 0;
        int left = head.length - position;
        if (value > SMALL_COUNT && value > left && value != COMPOSITE_MAGIC && value != NESTED_MAGIC) {
            throw new IOException("its keyed state file " + file + " claims a count or length of " + value + " at byte "
                    + (position - 4) + " of its head, more than the " + left + " bytes left in the head (" + head.length
                    + " bytes before its first key group), so it is not a state file Flink wrote, and the guard reads it no"
                    + " further");
        }
    }

    private void checkBudget() throws IOException {
        if (threads != null && allocated() - allocatedAtStart > budget) {
            throw new IOException("reading the head of its keyed state file " + file + " (" + head.length + " bytes) took"
                    + " more than " + budget + " bytes of memory by byte " + position + ", so it is not a state file Flink"
                    + " wrote, and the guard reads it no further");
        }
    }

    private long allocated() {
        return threads == null ? 0 : threads.getCurrentThreadAllocatedBytes();
    }

    /**
     * Reads the Java-serialized object that begins here with only Flink's logical types admitted; Flink
     * then reads the same bytes. An object whose stream does not begin here fails Flink's read as it is.
     */
    private void checkObject() throws IOException {
        int length = Math.min(head.length - position, MAX_OBJECT_BYTES);
        ByteArrayInputStream bytes = new ByteArrayInputStream(head, position, length);
        try {
            ObjectInputStream object = new InstantiationUtil.ClassLoaderObjectInputStream(bytes, classLoader);
            object.setObjectInputFilter(info -> {
                ObjectInputFilter.Status status = filter(info, length);
                if (status == ObjectInputFilter.Status.REJECTED) {
                    rejected = info.serialClass() == null ? "a stream over its bounds" : info.serialClass().getName();
                }
                return status;
            });
            object.readObject();
        } catch (InvalidClassException e) {
            throw new IOException("its keyed state file " + file + " holds, where Flink keeps a row field's logical type,"
                    + " what Flink's logical types are not (" + rejected + "), so the guard constructs nothing of it");
        } catch (ClassNotFoundException e) {
            throw new IOException("its keyed state file " + file + " names a class the gateway does not have: " + e.getMessage());
        }
        checkedUntil = position + (length - bytes.available());
    }

    private static ObjectInputFilter.Status filter(ObjectInputFilter.FilterInfo info, int bytes) {
        if (info.depth() > 32 || info.references() > 10_000 || info.streamBytes() > bytes || info.arrayLength() > bytes) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> type = info.serialClass();
        while (type != null && type.isArray()) {
            type = type.getComponentType();
        }
        if (type == null || type.isPrimitive()) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        String name = type.getName();
        return JDK_CLASSES.contains(name) || FLINK_CLASSES.contains(name) || name.startsWith(LOGICAL_TYPES)
                ? ObjectInputFilter.Status.ALLOWED
                : ObjectInputFilter.Status.REJECTED;
    }

    private enum Reader { INT, OBJECT_STREAM, OTHER, CALLER }
}
