package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Restore;

import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.CheckpointProperties;
import org.apache.flink.runtime.checkpoint.CheckpointRetentionPolicy;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A crafted savepoint {@code _metadata} (issue 29, the third hostile read) makes the guard's read of
 * it ({@link StatementRestores#read}, through {@link MetadataInput}) neither allocate the length it
 * claims nor construct a class Flink does not write there: the restore is unreadable, saying why.
 */
class MetadataInputTest {

    @TempDir
    Path dir;

    private static final Supplier<JobGraph> NO_JOB = () -> {
        throw new AssertionError("an unreadable savepoint builds no job");
    };

    @Test
    void aLengthTheFileCannotHoldIsRefusedBeforeFlinksReaderAllocatesIt() throws Exception {
        String savepoint = CraftedMetadata.savepoint(dir.resolve("master"), CraftedMetadata.masterStateOf2Gb()).toUri().toString();

        long before = allocatedByThisThread();
        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);
        long allocated = allocatedByThisThread() - before;

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why)
                .contains("claims a count or length of 2147483631 at byte 24, more than the 0 bytes left in the file (28 bytes)"));
        assertThat(allocated).as("bytes allocated while reading 28 bytes").isLessThan(64L * 1024 * 1024);
    }

    @Test
    void aCountOfOperatorStatesTheFileCannotHoldIsRefusedToo() throws Exception {
        String savepoint = CraftedMetadata.savepoint(dir.resolve("operators"), CraftedMetadata.operatorStatesOf1G()).toUri().toString();

        long before = allocatedByThisThread();
        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);
        long allocated = allocatedByThisThread() - before;

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why).contains("claims a count or length of 1073741824"));
        assertThat(allocated).as("bytes allocated while reading 24 bytes").isLessThan(64L * 1024 * 1024);
    }

    @Test
    void checkpointPropertiesOfAClassFlinkDoesNotWriteThereAreNotConstructed() throws Exception {
        byte[] crafted = CraftedMetadata.propertiesNamingAForeignClass(CraftedMetadata.oneOperator());
        String savepoint = CraftedMetadata.savepoint(dir.resolve("properties"), crafted).toUri().toString();

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why)
                .contains("a class that Flink does not write there", "the guard constructs nothing of it"));
        assertThat(CraftedMetadata.traced()).as("the named class's static initialiser ran in this JVM").isFalse();
    }

    @Test
    void savepointsAndCheckpointsFlinkWroteAreReadWithTheirProperties() throws Exception {
        for (CheckpointProperties properties : List.of(
                CheckpointProperties.forSavepoint(true, SavepointFormatType.CANONICAL),
                CheckpointProperties.forSyncSavepoint(false, true, SavepointFormatType.NATIVE),
                CheckpointProperties.forCheckpoint(CheckpointRetentionPolicy.RETAIN_ON_CANCELLATION))) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Checkpoints.storeCheckpointMetadata(CraftedMetadata.oneOperator().withProperties(properties), new DataOutputStream(bytes));
            Path savepoint = CraftedMetadata.savepoint(dir.resolve("flinks-" + System.nanoTime()), bytes.toByteArray());

            CheckpointMetadata read = StatementRestores.read(savepoint.toUri().toString(), getClass().getClassLoader());

            assertThat(read.getOperatorStates()).hasSize(1);
            assertThat(read.getCheckpointProperties()).as("the Java-serialized properties, read through the filter")
                    .isEqualTo(properties);
        }
    }

    @Test
    void aSavepointFlinkWroteIsReadWithoutAskingWhoReadsEachInt() throws Exception {
        CheckpointMetadata written = CraftedMetadata.operators(20).withProperties(
                CheckpointProperties.forSavepoint(true, SavepointFormatType.CANONICAL));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(written, new DataOutputStream(bytes));
        // 20 operators, 40 subtasks: some 500 ints, 3,000 longs, 200 type bytes and strings for Flink's reader.
        MetadataInput in = input(bytes.toByteArray());

        CheckpointMetadata read = Checkpoints.loadCheckpointMetadata(new DataInputStream(in), getClass().getClassLoader(), "sp-1");

        assertThat(read.getOperatorStates()).hasSize(20);
        // Flink's reader reads a null in place of the properties, which MetadataInput#load sets from its filtered read.
        assertThat(read.getCheckpointProperties()).isNull();
        assertThat(in.propertiesDeserialised()).isTrue();
    }

    @Test
    void aCountRightAfterAnIntAWalkFoundIsStillRefused() throws Exception {
        byte[] bytes = inlineOperators(6);
        // The last operator's count of subtask states: after its id (two longs), its parallelism, its maximum
        // parallelism (whose windows walked, round 41) and the null handle byte of its coordinator state.
        OperatorIdAt last = lastOperatorId(bytes);
        int count = last.offset() + 16 + 4 + 4 + 1;
        assertThat(java.nio.ByteBuffer.wrap(bytes, count, 4).getInt()).as("the count Flink wrote").isEqualTo(1);
        java.nio.ByteBuffer.wrap(bytes, count, 4).putInt(0x40000000);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MetadataInput.load(
                        SeekableBytes.of(bytes), "_metadata", bytes.length, getClass().getClassLoader(), "sp-1"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("claims a count or length of 1073741824 at byte " + count);
    }

    @Test
    void aFileChangedBetweenTheCheckAndFlinksReadIsNotHandedToFlinksReader() throws Exception {
        byte[] checked = inlineOperators(6);
        OperatorIdAt last = lastOperatorId(checked);
        int count = last.offset() + 16 + 4 + 4 + 1;
        byte[] crafted = checked.clone();
        java.nio.ByteBuffer.wrap(crafted, count, 4).putInt(0x40000000);

        // The check reads the file Flink wrote; Flink's reader would be handed the crafted one in its place.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MetadataInput.load(
                        SeekableBytes.of(checked, crafted), "_metadata", checked.length, getClass().getClassLoader(), "sp-1"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("changed while the guard read it (bytes " + (count / MetadataInput.BLOCK * MetadataInput.BLOCK));
    }

    @Test
    void flinksReaderIsHandedNothingPastWhereTheCheckFoundItStops() throws Exception {
        byte[] bytes = inlineOperators(6);
        byte[] block = MetadataInput.block(bytes.length);
        MetadataCheck.Checked checked = MetadataCheck.check(new ByteArrayInputStream(bytes), "_metadata", bytes.length, block);
        assertThat(checked.readUntil()).as("version 4 on: the properties are read to the file's end").isEqualTo(bytes.length);
        MetadataCheck.Checked shorter = new MetadataCheck.Checked("_metadata", checked.length(), 2000, -1,
                checked.blocks(), checked.digest());

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Checkpoints.loadCheckpointMetadata(
                        new DataInputStream(new MetadataInput(new ByteArrayInputStream(bytes), shorter, block)),
                        getClass().getClassLoader(), "sp-1"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("is read on past byte 2048, where the guard's check of its structure found that"
                        + " Flink's reader stops");
    }

    @Test
    void aSavepointOfTheHandlesFlinkWritesIsCheckedAlongTheStructureFlinksReaderReads() throws Exception {
        // Master state, coordinator state, finished subtasks, key groups (a savepoint's too), incremental handles
        // with shared and private files, relative file handles, operator state with offsets, as Flink writes them.
        org.apache.flink.runtime.state.KeyGroupRange range = org.apache.flink.runtime.state.KeyGroupRange.of(0, 63);
        long[] offsets = new long[64];
        org.apache.flink.runtime.state.KeyGroupRangeOffsets rangeOffsets =
                new org.apache.flink.runtime.state.KeyGroupRangeOffsets(range, offsets);
        org.apache.flink.runtime.state.StreamStateHandle relative = new org.apache.flink.runtime.state.filesystem.RelativeFileStateHandle(
                new org.apache.flink.core.fs.Path(dir.toUri().toString(), "state-1"), "state-1", 4096L);
        org.apache.flink.runtime.state.StreamStateHandle inline =
                new org.apache.flink.runtime.state.memory.ByteStreamStateHandle("inline", new byte[300]);
        List<org.apache.flink.runtime.state.IncrementalKeyedStateHandle.HandleAndLocalPath> files = List.of(
                org.apache.flink.runtime.state.IncrementalKeyedStateHandle.HandleAndLocalPath.of(relative, "000001.sst"),
                org.apache.flink.runtime.state.IncrementalKeyedStateHandle.HandleAndLocalPath.of(inline, "MANIFEST"));
        org.apache.flink.runtime.checkpoint.OperatorState keyed =
                CraftedMetadata.operatorState(new org.apache.flink.runtime.jobgraph.OperatorID(), 4, 128);
        keyed.putState(0, CraftedMetadata.oneOperator().getOperatorStates().iterator().next().getState(0));
        keyed.setCoordinatorState(new org.apache.flink.runtime.state.memory.ByteStreamStateHandle("coordinator", new byte[40]));
        keyed.putState(1, org.apache.flink.runtime.checkpoint.OperatorSubtaskState.builder()
                .setManagedKeyedState(new org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle(
                        java.util.UUID.randomUUID(), range, 3L, files, files, inline))
                .setRawKeyedState(new org.apache.flink.runtime.state.KeyGroupsSavepointStateHandle(rangeOffsets, relative))
                .setManagedOperatorState(new org.apache.flink.runtime.state.OperatorStreamStateHandle(Map.of(
                        "union", new org.apache.flink.runtime.state.OperatorStateHandle.StateMetaInfo(
                                new long[] {0, 17, 42}, org.apache.flink.runtime.state.OperatorStateHandle.Mode.UNION)), inline))
                .setRawOperatorState(new org.apache.flink.runtime.state.OperatorStreamStateHandle(Map.of(), relative))
                .build());
        keyed.putState(2, org.apache.flink.runtime.checkpoint.FinishedOperatorSubtaskState.INSTANCE);
        // An unaligned checkpoint's channel state: input channels (on 2.x also merged, version 6) and result subpartitions.
        org.apache.flink.runtime.state.InputChannelStateHandle channel = new org.apache.flink.runtime.state.InputChannelStateHandle(
                3, new org.apache.flink.runtime.checkpoint.channel.InputChannelInfo(0, 1), relative, List.of(0L, 100L), 200L);
        List<Object> inputs = new java.util.ArrayList<>(List.of(channel));
        try {
            inputs.add(Class.forName("org.apache.flink.runtime.state.MergedInputChannelStateHandle")
                    .getMethod("fromChannelHandles", java.util.Collection.class).invoke(null, List.of(channel)));
        } catch (ClassNotFoundException flink120) {
            // 1.20 writes version 4, without merged channel state
        }
        keyed.putState(3, org.apache.flink.runtime.checkpoint.OperatorSubtaskState.builder()
                .setManagedKeyedState(new org.apache.flink.runtime.state.KeyGroupsStateHandle(rangeOffsets, inline))
                .setInputChannelState(channelState(inputs))
                .setResultSubpartitionState(org.apache.flink.runtime.checkpoint.StateObjectCollection.singleton(
                        new org.apache.flink.runtime.state.ResultSubpartitionStateHandle(3,
                                new org.apache.flink.runtime.checkpoint.channel.ResultSubpartitionInfo(0, 2), inline,
                                List.of(0L), 300L)))
                .build());
        CheckpointMetadata written = new CheckpointMetadata(9L, List.of(keyed),
                List.of(new org.apache.flink.runtime.checkpoint.MasterState("master", new byte[50], 2)));
        byte[] withoutProperties = bytes(written);
        byte[] bytes = bytes(written.withProperties(CheckpointProperties.forSavepoint(true, SavepointFormatType.CANONICAL)));
        String pointer = CraftedMetadata.savepoint(dir, bytes).toUri().toString();

        MetadataCheck.Checked checked = MetadataCheck.check(new ByteArrayInputStream(bytes), "_metadata", bytes.length,
                MetadataInput.block(bytes.length));
        CheckpointMetadata read = MetadataInput.load(SeekableBytes.of(bytes), "_metadata", bytes.length,
                getClass().getClassLoader(), pointer).metadata();

        // The properties are a null's five bytes where the file has none: the check ends the operators where Flink's writer did.
        assertThat(checked.propertiesAt()).isEqualTo(withoutProperties.length - 5);
        assertThat(checked.readUntil()).isEqualTo(bytes.length);
        CheckpointMetadata flinks = Checkpoints.loadCheckpointMetadata(
                new DataInputStream(new ByteArrayInputStream(bytes)), getClass().getClassLoader(), pointer);
        assertThat(read.getOperatorStates()).isEqualTo(flinks.getOperatorStates());
        assertThat(read.getMasterStates()).hasSize(1);
        assertThat(read.getCheckpointProperties()).isEqualTo(flinks.getCheckpointProperties());
    }

    /** Channel state handles of the collection type of this Flink line (1.20's input channel handles, 2.x's input handles). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static org.apache.flink.runtime.checkpoint.StateObjectCollection channelState(List<Object> handles) {
        return new org.apache.flink.runtime.checkpoint.StateObjectCollection(handles);
    }

    /** Flink's reader's stream of {@code bytes}, checked first. */
    private static MetadataInput input(byte[] bytes) throws java.io.IOException {
        byte[] block = MetadataInput.block(bytes.length);
        return new MetadataInput(new ByteArrayInputStream(bytes),
                MetadataCheck.check(new ByteArrayInputStream(bytes), "_metadata", bytes.length, block), block);
    }

    private record OperatorIdAt(int offset) {}

    private static byte[] inlineOperators(int operators) throws Exception {
        List<org.apache.flink.runtime.checkpoint.OperatorState> states = new java.util.ArrayList<>();
        for (int i = 0; i < operators; i++) {
            org.apache.flink.runtime.checkpoint.OperatorState state = null;
            org.apache.flink.runtime.jobgraph.OperatorID id = new org.apache.flink.runtime.jobgraph.OperatorID(i + 1, i + 1);
            for (java.lang.reflect.Constructor<?> constructor : org.apache.flink.runtime.checkpoint.OperatorState.class.getConstructors()) {
                if (constructor.getParameterCount() == 5) {
                    state = (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(null, null, id, 1, 128);
                } else if (constructor.getParameterCount() == 3) {
                    state = (org.apache.flink.runtime.checkpoint.OperatorState) constructor.newInstance(id, 1, 128);
                }
            }
            state.putState(0, org.apache.flink.runtime.checkpoint.OperatorSubtaskState.builder()
                    .setManagedOperatorState(new org.apache.flink.runtime.state.OperatorStreamStateHandle(Map.of(),
                            new org.apache.flink.runtime.state.memory.ByteStreamStateHandle("state-" + id, new byte[4096])))
                    .build());
            states.add(state);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(new CheckpointMetadata(7, states, List.of()), new DataOutputStream(out));
        return out.toByteArray();
    }

    /** Where the last operator's id (lower part, then upper part, as Flink writes it) begins. */
    private static OperatorIdAt lastOperatorId(byte[] bytes) {
        byte[] id = java.nio.ByteBuffer.allocate(16).putLong(6).putLong(6).array();
        for (int i = bytes.length - 16; i >= 0; i--) {
            if (java.util.Arrays.equals(bytes, i, i + 16, id, 0, 16)) {
                return new OperatorIdAt(i);
            }
        }
        throw new AssertionError("no operator id 6 in the file");
    }

    @Test
    void theCheckpointPropertiesAreDeserialisedOnceThroughTheFilter() throws Exception {
        CheckpointProperties properties = CheckpointProperties.forSavepoint(false, SavepointFormatType.CANONICAL);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(CraftedMetadata.operators(2).withProperties(properties), new DataOutputStream(bytes));
        MetadataInput in = input(bytes.toByteArray());

        CheckpointMetadata flinks = Checkpoints.loadCheckpointMetadata(new DataInputStream(in), getClass().getClassLoader(), "sp-1");
        CheckpointMetadata loaded = MetadataInput.load(SeekableBytes.of(bytes.toByteArray()), "_metadata",
                bytes.size(), getClass().getClassLoader(), "sp-1").metadata();

        // A real savepoint's properties allocate about 9.5 kB more when Flink's reader deserialises them again.
        assertThat(flinks.getCheckpointProperties()).as("what Flink's reader deserialises: a null in their place").isNull();
        assertThat(flinks.getOperatorStates()).hasSize(2);
        assertThat(loaded.getCheckpointProperties()).isEqualTo(properties);
        assertThat(loaded.getOperatorStates()).isEqualTo(flinks.getOperatorStates());
    }

    @Test
    void checkpointPropertiesOfNullAreLeftToFlinksReader() throws Exception {
        byte[] withoutProperties = bytes(CraftedMetadata.operators(2));
        MetadataInput in = input(withoutProperties);

        CheckpointMetadata read = Checkpoints.loadCheckpointMetadata(new DataInputStream(in), getClass().getClassLoader(), "sp-1");

        assertThat(read.getCheckpointProperties()).isNull();
        assertThat(read.getOperatorStates()).hasSize(2);
        // Five bytes of a null, read by Flink's reader as they are: nothing deserialised twice (2.3 kB).
        assertThat(in.propertiesDeserialised()).isFalse();
        byte[] savepoint = bytes(CraftedMetadata.operators(2).withProperties(
                CheckpointProperties.forSavepoint(false, SavepointFormatType.CANONICAL)));
        MetadataInput withProperties = input(savepoint);
        Checkpoints.loadCheckpointMetadata(new DataInputStream(withProperties), getClass().getClassLoader(), "sp-1");
        assertThat(withProperties.propertiesDeserialised()).as("real properties, through the filter").isTrue();
    }

    private static byte[] bytes(CheckpointMetadata metadata) throws java.io.IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(metadata, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    @Test
    void aSavepointIsReadFromItsFileSystemInBlocksOfAtMostOneKilobyte() throws Exception {
        CheckpointMetadata written = CraftedMetadata.operators(20).withProperties(
                CheckpointProperties.forSavepoint(true, SavepointFormatType.CANONICAL));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(written, new DataOutputStream(bytes));
        SeekableBytes fileSystem = SeekableBytes.of(bytes.toByteArray());

        CheckpointMetadata read = MetadataInput.load(fileSystem, "_metadata", bytes.size(), getClass().getClassLoader(), "sp-1")
                .metadata();

        assertThat(read.getOperatorStates()).hasSize(20);
        assertThat(bytes.size()).isGreaterThan(8 * 1024);
        // The block is allocated for every read: Flink's own read of a _metadata allocates about 50 kB.
        assertThat(fileSystem.largestRead()).as("the largest read of the file system's stream, by the check and by Flink's reader").isLessThanOrEqualTo(1024);
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
