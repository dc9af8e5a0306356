package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The head of a keyed state file that a user who can write beside a savepoint's {@code _metadata}
 * crafted (issue 29, the fifth hostile read): Flink's readers allocate each count they read before
 * the bytes that follow, nest serializer snapshots, and read a row field's logical type with a Java
 * {@code ObjectInputStream}. The guard reads the head of one keyed state file of a savepoint of a job
 * it holds no plan of ({@link SavepointSerializers#head}); each of these made it allocate gigabytes or
 * construct a class of its class path before {@link StateFileHead}.
 */
class StateFileHeadTest {

    /** The system property {@link HeadTrace}'s static initialiser sets. */
    static final String TRACE_PROPERTY = "sql-guard.test.state-head-trace";

    private static final String ROW_SNAPSHOT = RowDataSerializer.RowDataSerializerSnapshot.class.getName();
    private static final String LIST_SNAPSHOT = "org.apache.flink.api.common.typeutils.base.ListSerializerSnapshot";

    @TempDir
    Path dir;

    @Test
    void aHeadThatClaimsAGigaArrayOfRowFieldsIsNotReadAndAllocatesLittle() throws Exception {
        // A row key of 2^30 fields: Flink's RowDataSerializerSnapshot allocates new LogicalType[2^30] (4 GiB) first.
        byte[] head = keyHead(out -> {
            out.writeUTF(ROW_SNAPSHOT);
            out.writeInt(3);
            out.writeInt(1 << 30);
        });

        long before = allocated();
        assertThatThrownBy(() -> SavepointSerializers.head(stateFile(head), loader()))
                .isInstanceOf(IOException.class).hasMessageContaining("claims a count or length of 1073741824");
        assertThat(allocated() - before).as("bytes this thread allocated reading the head").isLessThan(256L << 20);
    }

    @Test
    void nestedSnapshotsThatEachClaimAMagicNumberOfElementsAllocateWithinTheBudget() throws Exception {
        // 200 list serializers nested, each of whose nested-snapshot counts is NestedSerializersSnapshotDelegate's
        // magic number (1,333,245: a count the int bound admits, as Flink reads the same value as a magic number):
        // 5.3 MB per level, over 1 GB in all, from 18 KB of file.
        byte[] head = keyHead(out -> {
            for (int level = 0; level < 200; level++) {
                out.writeUTF(LIST_SNAPSHOT);
                out.writeInt(3);
                out.writeInt(911108); // CompositeTypeSerializerSnapshot#MAGIC_NUMBER
                out.writeInt(1);
                out.writeInt(1333245); // NestedSerializersSnapshotDelegate#MAGIC_NUMBER
                out.writeInt(1);
                out.writeInt(1333245); // NestedSerializersSnapshotDelegate#MAGIC_NUMBER
            }
        });

        long before = allocated();
        assertThatThrownBy(() -> SavepointSerializers.head(stateFile(head), loader()))
                .isInstanceOf(IOException.class).hasMessageContaining("more than", "bytes of memory");
        assertThat(allocated() - before).as("bytes this thread allocated reading the head").isLessThan(256L << 20);
    }

    @Test
    void aRowFieldsTypeThatNamesAClassOfTheClassPathConstructsNothing() throws Exception {
        byte[] head = keyHead(out -> {
            out.writeUTF(ROW_SNAPSHOT);
            out.writeInt(3);
            out.writeInt(1);
            out.write(renamed(new HeadPlain(), HeadPlain.class, "HeadTrace"));
        });

        assertThatThrownBy(() -> SavepointSerializers.head(stateFile(head), loader()))
                .isInstanceOf(IOException.class).hasMessageContaining("what Flink's logical types are not");
        assertThat(System.getProperty(TRACE_PROPERTY)).as("the named class's static initialiser ran").isNull();
    }

    @Test
    void aRowFieldsTypeThatClaimsAGigaArrayIsNotRead() throws Exception {
        // A Java-serialized int[1] whose length says 2^30: ObjectInputStream allocates the length it reads.
        ByteArrayOutputStream array = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(array)) {
            out.writeObject(new int[] {7});
        }
        byte[] object = array.toByteArray();
        int length = object.length - 8; // the length, then the one int, end the stream
        object[length] = 0x40;
        byte[] head = keyHead(out -> {
            out.writeUTF(ROW_SNAPSHOT);
            out.writeInt(3);
            out.writeInt(1);
            out.write(object);
        });

        long before = allocated();
        assertThatThrownBy(() -> SavepointSerializers.head(stateFile(head), loader())).isInstanceOf(IOException.class);
        assertThat(allocated() - before).as("bytes this thread allocated reading the head").isLessThan(256L << 20);
    }

    @Test
    void theHeadFlinkWritesOfRowsOfManyTypesIsRead() throws Exception {
        RowType row = RowType.of(new LogicalType[] {new IntType(), new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH),
                new TimestampType(3), RowType.of(new IntType(false), new VarCharType(10))}, new String[] {"a", "b", "c", "d", "e"});
        KeyedBackendSerializationProxy<?> written = new KeyedBackendSerializationProxy<>(
                new RowDataSerializer(row), List.of(), false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        written.write(new DataOutputViewStreamWrapper(bytes));

        KeyedBackendSerializationProxy<?> read = SavepointSerializers.head(stateFile(bytes.toByteArray()), loader());

        assertThat(SavepointSerializers.describe(read.getKeySerializerSnapshot()))
                .isEqualTo("(INT, BIGINT, STRING, TIMESTAMP(3), ROW<`f0` INT NOT NULL, `f1` VARCHAR(10)>)");
    }

    /**
     * A savepoint records an offset only for the key groups it wrote: the range's first key group,
     * without data, reads 0 (a real savepoint of a GROUP BY over 500 keys of 128 key groups), and so
     * does every key group of a file that holds the proxy alone. Before, the head was read as the
     * bytes before offset 0, none, and every such savepoint's serializers went unread (EOFException).
     */
    @Test
    void theHeadEndsWhereTheFirstKeyGroupWithDataBeginsOrWithTheFile() throws Exception {
        KeyedBackendSerializationProxy<?> written = new KeyedBackendSerializationProxy<>(
                new RowDataSerializer(RowType.of(new IntType())), List.of(), false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        written.write(new DataOutputViewStreamWrapper(bytes));
        byte[] head = bytes.toByteArray();
        byte[] withKeyGroup = java.util.Arrays.copyOf(head, head.length + 64);
        Path file = Files.createTempFile(dir, "state", "");
        Files.write(file, withKeyGroup);
        KeyGroupsStateHandle secondHasData = new KeyGroupsStateHandle(
                new KeyGroupRangeOffsets(new KeyGroupRange(0, 2), new long[] {0, head.length, 0}),
                new FileStateHandle(new org.apache.flink.core.fs.Path(file.toUri()), withKeyGroup.length));
        Path proxyAlone = Files.createTempFile(dir, "state", "");
        Files.write(proxyAlone, head);
        KeyGroupsStateHandle noneHasData = new KeyGroupsStateHandle(
                new KeyGroupRangeOffsets(new KeyGroupRange(0, 1), new long[] {0, 0}),
                new FileStateHandle(new org.apache.flink.core.fs.Path(proxyAlone.toUri()), head.length));

        assertThat(SavepointSerializers.describe(SavepointSerializers.head(secondHasData, loader()).getKeySerializerSnapshot()))
                .isEqualTo("(INT)");
        assertThat(SavepointSerializers.describe(SavepointSerializers.head(noneHasData, loader()).getKeySerializerSnapshot()))
                .isEqualTo("(INT)");
    }

    /** A keyed state file whose head is {@code head} and whose one key group begins after it. */
    private KeyGroupsStateHandle stateFile(byte[] head) throws IOException {
        Path file = Files.createTempFile(dir, "state", "");
        Files.write(file, head);
        return new KeyGroupsStateHandle(new KeyGroupRangeOffsets(new KeyGroupRange(0, 0), new long[] {head.length}),
                new FileStateHandle(new org.apache.flink.core.fs.Path(file.toUri()), head.length));
    }

    private interface Writes {
        void write(DataOutputStream out) throws IOException;
    }

    /**
     * A {@code KeyedBackendSerializationProxy} of version 6 without compression whose key serializer
     * snapshot ({@code TypeSerializerSnapshotSerializationProxy} version 2, then its class, version and
     * data) is what {@code key} writes.
     */
    private static byte[] keyHead(Writes key) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(6);
        out.writeBoolean(false);
        out.writeInt(2);
        key.write(out);
        return bytes.toByteArray();
    }

    /** {@code object} Java-serialized, its class's simple name replaced by {@code name} (of the same length). */
    private static byte[] renamed(Serializable object, Class<?> type, String name) throws IOException {
        ByteArrayOutputStream serialized = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(serialized)) {
            out.writeObject(object);
        }
        byte[] bytes = serialized.toByteArray();
        byte[] from = type.getName().getBytes(StandardCharsets.UTF_8);
        byte[] to = (type.getName().substring(0, from.length - name.length()) + name).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + from.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, bytes, i, to.length);
                return bytes;
            }
        }
        throw new IllegalStateException("class name not in the stream");
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static ClassLoader loader() {
        return StateFileHeadTest.class.getClassLoader();
    }

    /** Serializable and harmless: what the crafted head is written from. */
    public static final class HeadPlain implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** Serializable, with a static initialiser that leaves a trace: what the crafted head names. */
    public static final class HeadTrace implements Serializable {
        private static final long serialVersionUID = 1L;

        static {
            System.setProperty(TRACE_PROPERTY, "ran");
        }
    }
}
