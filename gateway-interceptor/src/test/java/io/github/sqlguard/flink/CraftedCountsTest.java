package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Restore;

import org.apache.flink.runtime.checkpoint.metadata.MetadataSerializers;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Every count and length Flink's metadata reader allocates by ({@code MetadataV2V3SerializerBase},
 * {@code MetadataV3Serializer}, {@code ChannelStateHandleSerializer}, Flink 1.20.0 and 2.3.0), crafted
 * to 2^30 in a file of a few dozen bytes: the guard's read refuses each before Flink's reader allocates
 * it (round 41's protection, kept whatever finds the ints: the frames of the reader then, a check of the
 * file's structure before the reader now). Written in version 3, which both Flink lines read alike.
 */
class CraftedCountsTest {

    private static final int HEADER_MAGIC_NUMBER = 0x4960672d;

    private static final int MASTER_STATE_MAGIC_NUMBER = 0xc96b1696;

    private static final int HUGE = 1 << 30;

    private static final Supplier<JobGraph> NO_JOB = () -> {
        throw new AssertionError("an unreadable savepoint builds no job");
    };

    @TempDir
    Path dir;

    /** A file written as Flink's writer would, up to the crafted count; where that count begins. */
    private static final class Crafted {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);
        private int countAt = -1;

        static Crafted version(int version) throws IOException {
            Crafted crafted = new Crafted();
            crafted.out.writeInt(HEADER_MAGIC_NUMBER);
            crafted.out.writeInt(version);
            crafted.out.writeLong(1L);
            return crafted;
        }

        /** No master state and one operator of parallelism 1 (V3: id, parallelism, maximum, no coordinator state). */
        static Crafted oneOperator() throws IOException {
            return version(3).ints(0, 1).longs(7, 7).ints(1, 128).bytes(0);
        }

        /** {@link #oneOperator()}, one subtask of index 0. */
        static Crafted oneSubtask() throws IOException {
            return oneOperator().ints(1, 0);
        }

        Crafted ints(int... values) throws IOException {
            for (int value : values) {
                out.writeInt(value);
            }
            return this;
        }

        Crafted longs(long... values) throws IOException {
            for (long value : values) {
                out.writeLong(value);
            }
            return this;
        }

        Crafted bytes(int... values) throws IOException {
            for (int value : values) {
                out.writeByte(value);
            }
            return this;
        }

        Crafted utf(String value) throws IOException {
            out.writeUTF(value);
            return this;
        }

        /** The crafted count, then {@code trailing} zero bytes. */
        Crafted count(int trailing) throws IOException {
            countAt = out.size();
            out.writeInt(HUGE);
            out.write(new byte[trailing]);
            return this;
        }

        Crafted count() throws IOException {
            return count(0);
        }

        byte[] toByteArray() {
            return bytes.toByteArray();
        }
    }

    static Stream<Arguments> craftedCounts() throws IOException {
        return Stream.of(
                Arguments.of("master states (new ArrayList<>(numMasterStates))", Crafted.version(3).count(3)),
                Arguments.of("operator states (new ArrayList<>(numTaskStates))", Crafted.version(3).ints(0).count(2)),
                Arguments.of("a master state's bytes (new byte[numBytes])",
                        Crafted.version(3).ints(1, MASTER_STATE_MAGIC_NUMBER).count(1)),
                Arguments.of("subtask states of an operator", Crafted.oneOperator().count()),
                Arguments.of("a key-groups handle's offsets (new long[numKeyGroups])",
                        Crafted.oneSubtask().ints(0, 0).bytes(3).ints(0).count()),
                Arguments.of("a key-groups stream handle's offsets, its type byte read with read()",
                        Crafted.oneSubtask().ints(1).bytes(4).ints(0).bytes(3).ints(0).count(2)),
                Arguments.of("an operator state handle's map (newHashMapWithExpectedSize(mapSize))",
                        Crafted.oneSubtask().ints(1).bytes(4).count()),
                Arguments.of("an operator state's offsets (new long[dis.readInt()])",
                        Crafted.oneSubtask().ints(1).bytes(4).ints(1).utf("s").bytes(0).count()),
                Arguments.of("inline state (ByteStreamStateHandle: new byte[numBytes])",
                        Crafted.oneSubtask().ints(1).bytes(4).ints(0).bytes(1).utf("h").count(1)),
                Arguments.of("an incremental handle's shared files (new ArrayList<>(size))",
                        Crafted.oneSubtask().ints(0, 0).bytes(5).longs(1).utf("b").ints(0, 1).bytes(0).count()),
                Arguments.of("a changelog handle's materialized part (new ArrayList<>(baseSize))",
                        Crafted.oneSubtask().ints(0, 0).bytes(8).ints(0, 1).longs(0).count()),
                Arguments.of("a changelog handle's changes (new ArrayList<>(deltaSize))",
                        Crafted.oneSubtask().ints(0, 0).bytes(8).ints(0, 1).longs(0).ints(0).count()),
                Arguments.of("in-memory changelog changes (new ArrayList<>(size))",
                        Crafted.oneSubtask().ints(0, 0).bytes(9).ints(0, 1).longs(0, 0).count()),
                Arguments.of("an in-memory change's bytes (new byte[bytesSize])",
                        Crafted.oneSubtask().ints(0, 0).bytes(9).ints(0, 1).longs(0, 0).ints(1, 0).count()),
                Arguments.of("a changelog file handle's files (new ArrayList<>(numHandles))",
                        Crafted.oneSubtask().ints(0, 0).bytes(10).ints(0, 1).count()),
                Arguments.of("input channel state handles", Crafted.oneSubtask().ints(0, 0).bytes(0, 0).count()),
                Arguments.of("an input channel's offsets (new ArrayList<>(offsetsSize))",
                        Crafted.oneSubtask().ints(0, 0).bytes(0, 0).ints(1, 0, 0, 0).count()),
                Arguments.of("output channel state handles", Crafted.oneSubtask().ints(0, 0).bytes(0, 0).ints(0).count()),
                Arguments.of("subtask states of a version 2 operator (Flink 1.3-1.10)",
                        Crafted.version(2).ints(0, 1).longs(7, 7).ints(1, 128, 1).count()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedCounts")
    void aCountTheFileCannotHoldIsRefusedBeforeFlinksReaderAllocatesIt(String what, Crafted crafted) throws Exception {
        byte[] bytes = crafted.toByteArray();
        String savepoint = CraftedMetadata.savepoint(dir.resolve("crafted"), bytes).toUri().toString();

        long before = allocatedByThisThread();
        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);
        long allocated = allocatedByThisThread() - before;

        long left = bytes.length - crafted.countAt - 4;
        assertThat(restore.unreadable()).as(what).hasValueSatisfying(why -> assertThat(why)
                .contains("claims a count or length of " + HUGE + " at byte " + crafted.countAt + ", more than the " + left
                        + " bytes left in the file (" + bytes.length + " bytes)"));
        assertThat(allocated).as("bytes allocated while reading %s bytes", bytes.length).isLessThan(64L * 1024 * 1024);
    }

    @Test
    void aVersion2SavepointIsCheckedAndReadWhole() throws Exception {
        // MetadataV2Serializer: an operator's id, parallelism, maximum parallelism, a legacy int, its subtasks; each
        // subtask a legacy long and count of legacy states, then the state of later versions, without channel state.
        byte[] bytes = Crafted.version(2).ints(0, 1).longs(7, 7).ints(1, 128, 1, 1, 0).longs(-1).ints(0, 0, 0).bytes(0, 0)
                .toByteArray();

        org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata read = MetadataInput.load(SeekableBytes.of(bytes),
                "_metadata", bytes.length, getClass().getClassLoader(), "sp-1").metadata();

        assertThat(read.getOperatorStates()).hasSize(1);
        assertThat(MetadataCheck.check(new java.io.ByteArrayInputStream(bytes), "_metadata", bytes.length,
                MetadataInput.block(bytes.length)).readUntil()).as("where Flink's reader ends").isEqualTo(bytes.length);
    }

    @Test
    void aMasterStatesOwnLengthWithinItsBytesIsRefusedToo() throws Exception {
        // MetadataV2V3SerializerBase#deserializeMasterState reads the state's bytes, then from a stream of them its
        // version, its name and the length of its own bytes: new byte[in.readInt()], 1 GB for 11 bytes. Round 41's
        // stream did not see it (the reader reads those ints from a ByteArrayInputStream of its own).
        Crafted crafted = Crafted.version(3).ints(1, MASTER_STATE_MAGIC_NUMBER, 11, 1).utf("m").count();
        byte[] bytes = crafted.toByteArray();
        String savepoint = CraftedMetadata.savepoint(dir.resolve("master-bytes"), bytes).toUri().toString();

        long before = allocatedByThisThread();
        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);
        long allocated = allocatedByThisThread() - before;

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why).contains("claims a count or length of "
                + HUGE + " at byte " + crafted.countAt + " in its master state's 11 bytes, more than the 0 bytes left there"));
        assertThat(allocated).as("bytes allocated while reading %s bytes", bytes.length).isLessThan(64L * 1024 * 1024);
    }

    @Test
    void aMergedChannelStatesOffsetsOfVersion6AreRefusedToo() throws Exception {
        Assumptions.assumeTrue(readsVersion(6), "a Flink line that reads version 6 (2.x)");
        // Version 5 on: the operator's name and uid first; version 6: a channel handle's type byte, read with read().
        Crafted crafted = Crafted.version(6).ints(0, 1).utf("").utf("").longs(7, 7).ints(1, 128).bytes(0).ints(1, 0)
                .ints(0, 0).bytes(0, 0).ints(1).bytes(3).ints(0).longs(0).bytes(0).count();
        byte[] bytes = crafted.toByteArray();
        String savepoint = CraftedMetadata.savepoint(dir.resolve("merged"), bytes).toUri().toString();

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), NO_JOB);

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why)
                .contains("claims a count or length of " + HUGE + " at byte " + crafted.countAt));
    }

    private static boolean readsVersion(int version) {
        try {
            MetadataSerializers.getSerializer(version);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
