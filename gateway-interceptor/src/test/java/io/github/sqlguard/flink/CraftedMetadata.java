package io.github.sqlguard.flink;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;

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
 * Savepoint {@code _metadata} files a user could write where a filesystem table may write (issue 29,
 * the third hostile read): Flink's format, with what its reader trusts changed.
 */
public final class CraftedMetadata {

    /** The system property {@link Trace}'s static initialiser sets. */
    public static final String TRACE_PROPERTY = "sql-guard.test.metadata-trace";

    /** Flink's {@code Checkpoints#HEADER_MAGIC_NUMBER}. */
    private static final int HEADER_MAGIC_NUMBER = 0x4960672d;

    /** Flink's {@code MetadataV2V3SerializerBase#MASTER_STATE_MAGIC_NUMBER}. */
    private static final int MASTER_STATE_MAGIC_NUMBER = 0xc96b1696;

    private CraftedMetadata() {}

    /**
     * 28 bytes: the header of version 4 (read by Flink 1.20 and 2.3), checkpoint 1, one master state
     * of 2,147,483,631 bytes, and the file ends. Flink's reader allocates the master state's bytes
     * before it reads them ({@code MetadataV2V3SerializerBase#deserializeMasterState}).
     */
    public static byte[] masterStateOf2Gb() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(HEADER_MAGIC_NUMBER);
        out.writeInt(4);
        out.writeLong(1L);
        out.writeInt(1);
        out.writeInt(MASTER_STATE_MAGIC_NUMBER);
        out.writeInt(Integer.MAX_VALUE - 16);
        return bytes.toByteArray();
    }

    /** The header, checkpoint 1, no master state and 2^30 operator states ({@code new ArrayList<>(numTaskStates)}): 24 bytes. */
    public static byte[] operatorStatesOf1G() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(HEADER_MAGIC_NUMBER);
        out.writeInt(4);
        out.writeLong(1L);
        out.writeInt(0);
        out.writeInt(1 << 30);
        return bytes.toByteArray();
    }

    /**
     * A savepoint Flink's writer wrote with {@code metadata}, whose checkpoint properties (the
     * Java-serialized end of the file, from version 4) are replaced by a {@link Trace}: a class of
     * the class path with a static initialiser. Written as a {@link Plain} (no trace in this JVM)
     * whose name in the stream is then changed to {@code Trace}'s, of the same length.
     */
    public static byte[] propertiesNamingAForeignClass(CheckpointMetadata metadata) throws IOException {
        ByteArrayOutputStream flinks = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(metadata, new DataOutputStream(flinks));
        byte[] file = flinks.toByteArray();
        int properties = lastIndexOf(file, new byte[] {(byte) 0xac, (byte) 0xed, 0x00, 0x05});
        if (properties < 0) {
            throw new IllegalStateException("no Java-serialized checkpoint properties in Flink's metadata");
        }
        ByteArrayOutputStream serialized = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(serialized)) {
            out.writeObject(new Plain());
        }
        byte[] object = serialized.toByteArray();
        byte[] plain = Plain.class.getName().getBytes(StandardCharsets.UTF_8);
        byte[] trace = plain.clone();
        byte[] name = "Trace".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, trace, trace.length - name.length, name.length);
        int at = lastIndexOf(object, plain);
        System.arraycopy(trace, 0, object, at, trace.length);
        ByteArrayOutputStream crafted = new ByteArrayOutputStream();
        crafted.write(file, 0, properties);
        crafted.write(object);
        return crafted.toByteArray();
    }

    /** A savepoint directory {@code dir} whose {@code _metadata} is {@code bytes}; its path. */
    public static Path savepoint(Path dir, byte[] bytes) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("_metadata"), bytes);
        return dir;
    }

    /** The bytes every thread of this JVM has allocated so far (HotSpot's count). */
    public static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
    }

    /** Whether {@link Trace}'s static initialiser ran in this JVM. */
    public static boolean traced() {
        return System.getProperty(TRACE_PROPERTY) != null;
    }

    /** A savepoint's metadata of one operator with a little inline state, as Flink writes it. */
    public static CheckpointMetadata oneOperator() throws Exception {
        return oneOperator(new org.apache.flink.runtime.jobgraph.OperatorID());
    }

    /** {@link #oneOperator()} with the operator id {@code id}: a savepoint a job with that operator claims. */
    public static CheckpointMetadata oneOperator(org.apache.flink.runtime.jobgraph.OperatorID id) throws Exception {
        org.apache.flink.runtime.checkpoint.OperatorState state = null;
        for (java.lang.reflect.Constructor<?> constructor : org.apache.flink.runtime.checkpoint.OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                state = (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(null, null, id, 1, 128);
            } else if (constructor.getParameterCount() == 3) {
                state = (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(id, 1, 128);
            }
        }
        state.putState(0, org.apache.flink.runtime.checkpoint.OperatorSubtaskState.builder()
                .setManagedOperatorState(new org.apache.flink.runtime.state.OperatorStreamStateHandle(java.util.Map.of(),
                        new org.apache.flink.runtime.state.memory.ByteStreamStateHandle("state", new byte[16])))
                .build());
        return new CheckpointMetadata(1L, List.of(state), List.of());
    }

    /**
     * A savepoint's metadata as Flink writes it of {@code operators} operators of two subtasks each, every
     * subtask with keyed state of 64 key groups in a file and a little inline operator state: many
     * ints, longs, type bytes and strings for Flink's reader.
     */
    public static CheckpointMetadata operators(int operators) throws Exception {
        List<org.apache.flink.runtime.checkpoint.OperatorState> states = new java.util.ArrayList<>();
        for (int i = 0; i < operators; i++) {
            org.apache.flink.runtime.checkpoint.OperatorState state = operatorState(new org.apache.flink.runtime.jobgraph.OperatorID(), 2, 128);
            for (int subtask = 0; subtask < 2; subtask++) {
                org.apache.flink.runtime.state.KeyGroupRange range =
                        org.apache.flink.runtime.state.KeyGroupRange.of(subtask * 64, subtask * 64 + 63);
                long[] offsets = new long[64];
                for (int k = 0; k < offsets.length; k++) {
                    offsets[k] = 1000L * k;
                }
                state.putState(subtask, org.apache.flink.runtime.checkpoint.OperatorSubtaskState.builder()
                        .setManagedKeyedState(new org.apache.flink.runtime.state.KeyGroupsStateHandle(
                                new org.apache.flink.runtime.state.KeyGroupRangeOffsets(range, offsets),
                                new org.apache.flink.runtime.state.filesystem.FileStateHandle(
                                        new org.apache.flink.core.fs.Path("file:///savepoints/sp-1/state-" + i + "-" + subtask),
                                        64_000L)))
                        .setManagedOperatorState(new org.apache.flink.runtime.state.OperatorStreamStateHandle(java.util.Map.of(),
                                new org.apache.flink.runtime.state.memory.ByteStreamStateHandle("state-" + i, new byte[16])))
                        .build());
            }
            states.add(state);
        }
        return new CheckpointMetadata(1L, states, List.of());
    }

    /** An operator's state without subtask state, made with the constructor of this Flink line (2.x names it). */
    static org.apache.flink.runtime.checkpoint.OperatorState operatorState(
            org.apache.flink.runtime.jobgraph.OperatorID id, int parallelism, int maxParallelism) throws Exception {
        for (java.lang.reflect.Constructor<?> constructor : org.apache.flink.runtime.checkpoint.OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                return (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(null, null, id, parallelism, maxParallelism);
            } else if (constructor.getParameterCount() == 3) {
                return (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(id, parallelism, maxParallelism);
            }
        }
        throw new IllegalStateException("no OperatorState constructor of 3 or 5 parameters on this Flink line");
    }

    private static int lastIndexOf(byte[] in, byte[] what) {
        for (int i = in.length - what.length; i >= 0; i--) {
            if (java.util.Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    /** Serializable and harmless: what the crafted file is written from. */
    public static final class Plain implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** Serializable, with a static initialiser that leaves a trace: what the crafted file names. */
    public static final class Trace implements Serializable {
        private static final long serialVersionUID = 1L;

        static {
            System.setProperty(TRACE_PROPERTY, "ran");
        }
    }
}
