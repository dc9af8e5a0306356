package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.restore.RestoreChangedMeaningRule;
import io.github.sqlguard.rules.restore.RestoreIncompatibleStateRule;
import io.github.sqlguard.rules.restore.RestoreMaxParallelismRule;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOptions;
import io.github.sqlguard.rules.restore.RestoreStateSkippedRule;
import io.github.sqlguard.rules.restore.RestoreUnclaimedStateRule;
import io.github.sqlguard.rules.restore.RestoreUnreadableRule;
import io.github.sqlguard.statement.ParsedSql;

import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.StateObjectCollection;
import org.apache.flink.runtime.checkpoint.channel.InputChannelInfo;
import org.apache.flink.runtime.checkpoint.channel.ResultSubpartitionInfo;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.JobVertexID;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.InputChannelStateHandle;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.OperatorStreamStateHandle;
import org.apache.flink.runtime.state.ResultSubpartitionStateHandle;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.DataOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A restore judged from a savepoint's metadata: the metadata is written by Flink's own writer
 * ({@code Checkpoints#storeCheckpointMetadata}) into a savepoint directory and read back by the
 * guard through Flink's file system, against a job graph whose operators claim some of its state;
 * the restore settings are read with Flink's own options. The same restores on a real cluster:
 * {@code StateChangesIT}.
 */
class StatementRestoresTest {

    private static final OperatorID AGGREGATE = new OperatorID(1, 1);
    private static final OperatorID RANK = new OperatorID(2, 2);
    private static final OperatorID SINK = new OperatorID(3, 3);

    @TempDir
    Path dir;

    @Test
    void aStatementWithoutASavepointPathRestoresNothing() {
        assertThat(StatementRestores.savepointPath(Map.of("table.exec.state.ttl", "1 d"))).isEmpty();
        assertThat(StatementRestores.savepointPath(Map.of("execution.state-recovery.path", " "))).isEmpty();
    }

    @Test
    void theSavepointPathIsReadUnderEitherKey() {
        assertThat(StatementRestores.savepointPath(Map.of("execution.state-recovery.path", "file:/sp/a"))).contains("file:/sp/a");
        assertThat(StatementRestores.savepointPath(Map.of("execution.savepoint.path", "file:/sp/b"))).contains("file:/sp/b");
    }

    @Test
    void aSavepointPathInTheSessionOrTheStatementsConfigMeansTheStatementRestores() {
        Map<String, String> none = Map.of("table.exec.state.ttl", "1 d");
        assertThat(StatementRestores.namesSavepoint(none, Map.of())).isFalse();
        assertThat(StatementRestores.namesSavepoint(Map.of("execution.savepoint.path", "file:/sp/a"), none)).isTrue();
        assertThat(StatementRestores.namesSavepoint(none, Map.of("execution.state-recovery.path", "file:/sp/b"))).isTrue();
        assertThat(StatementRestores.namesSavepoint(Map.of("execution.state-recovery.path", "file:/sp/c"),
                Map.of("execution.state-recovery.path", " "))).isFalse();
    }

    @Test
    void theOlderIgnoreKeyCountsOnlyWhereFlinkReadsIt() {
        assertThat(StatementRestores.ignoresUnclaimedState(Map.of())).isFalse();
        assertThat(StatementRestores.ignoresUnclaimedState(Map.of("execution.state-recovery.ignore-unclaimed-state", "true")))
                .isTrue();
        // Flink's option falls back to the older key when the new one is not set...
        assertThat(StatementRestores.ignoresUnclaimedState(Map.of("execution.savepoint.ignore-unclaimed-state", "true")))
                .isTrue();
        // ...and ignores it when the new one is (a config.yaml that sets it false).
        Map<String, String> both = Map.of(
                "execution.savepoint.ignore-unclaimed-state", "true",
                "execution.state-recovery.ignore-unclaimed-state", "false");
        assertThat(StatementRestores.ignoresUnclaimedState(both)).isFalse();
        assertThat(StatementRestores.unhonouredIgnoreKey(both, false)).contains("execution.savepoint.ignore-unclaimed-state");
    }

    @Test
    void stateOfAnOperatorTheNewJobLacksIsUnclaimedAndOperatorsWithoutStateNeedNoClaim() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120), withState(RANK, 300), withoutState(SINK)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));

        assertThat(restore.unreadable()).isEmpty();
        assertThat(restore.matched()).extracting(SavedOperator::operatorId).containsExactly(AGGREGATE.toHexString());
        assertThat(restore.matched().get(0).claimedBy()).contains("GroupAggregate");
        assertThat(restore.unclaimed()).extracting(SavedOperator::operatorId).containsExactly(RANK.toHexString());
        assertThat(restore.unclaimed().get(0).stateBytes()).isEqualTo(300);
        assertThat(restore.ignoreUnclaimed()).isFalse();

        List<RuleHit> hits = new RestoreUnclaimedStateRule().check(context(restore));
        assertThat(hits).singleElement().satisfies(hit -> {
            assertThat(hit.reason()).contains("Flink would refuse to start this job", RANK.toHexString(), "300 bytes")
                    // Operators with state are those Flink must map; the sink without state is not counted.
                    .contains("The new job claims 1 of the savepoint's 2 operators with state (keyed, operator or"
                            + " coordinator state), 120 bytes.");
            assertThat(hit.node()).isEqualTo("savepoint " + savepoint);
        });
        assertThat(new RestoreStateSkippedRule().check(context(restore))).isEmpty();
        assertThat(new RestoreUnreadableRule().check(context(restore))).isEmpty();
    }

    @Test
    void theOlderIgnoreKeyThatFlinkDoesNotReadIsNamedInTheRefusal() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120)));
        Map<String, String> config = Map.of(
                "execution.savepoint.ignore-unclaimed-state", "true",
                "execution.state-recovery.ignore-unclaimed-state", "false");

        Restore restore = StatementRestores.judge(savepoint, config, getClass().getClassLoader(), () -> job(RANK));

        assertThat(restore.unhonouredKey()).contains("execution.savepoint.ignore-unclaimed-state");
        assertThat(new RestoreUnclaimedStateRule().check(context(restore))).singleElement()
                .satisfies(hit -> assertThat(hit.reason()).contains(
                        "'execution.savepoint.ignore-unclaimed-state' to true", "does not take effect"));
        assertThat(new RestoreStateSkippedRule().check(context(restore))).isEmpty();
    }

    @Test
    void aJobThatClaimsAllTheStateGetsNoRestoreFinding() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120), withoutState(SINK)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));

        assertThat(restore.unclaimed()).isEmpty();
        assertThat(new RestoreUnclaimedStateRule().check(context(restore))).isEmpty();
        assertThat(new RestoreStateSkippedRule().check(context(restore))).isEmpty();
    }

    @Test
    void ignoringUnclaimedStateIsAStartWithoutThatState() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 2 * 1024 * 1024)));

        Restore restore = StatementRestores.judge(
                savepoint, Map.of("execution.state-recovery.ignore-unclaimed-state", "true"), getClass().getClassLoader(),
                () -> job(RANK));

        assertThat(new RestoreUnclaimedStateRule().check(context(restore))).isEmpty();
        assertThat(new RestoreStateSkippedRule().check(context(restore))).singleElement()
                .satisfies(hit -> assertThat(hit.reason()).contains("start without the 2.0 MB of state", "restarts from zero"));
    }

    @Test
    void aSavepointTheGatewayCannotReadIsAFindingNotAVerdict() {
        String missing = dir.resolve("savepoint-does-not-exist").toUri().toString();

        Restore restore = StatementRestores.judge(missing, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why).contains("could not read the savepoint"));
        assertThat(new RestoreUnreadableRule().check(context(restore))).singleElement()
                .satisfies(hit -> assertThat(hit.reason()).contains("cannot judge this restore", missing));
        assertThat(new RestoreUnclaimedStateRule().check(context(restore))).isEmpty();
    }

    @Test
    void aJobTheGuardCannotBuildIsNotJudgedEither() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 10)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> {
            throw new IllegalStateException("no planner");
        });

        assertThat(restore.unreadable()).hasValueSatisfying(why -> assertThat(why).contains("could not build the job", "no planner"));
    }

    @Test
    void stateChangesComparedWithTheOldJobsPlanAreFindingsOfTheirClass() {
        Restore judged = new Restore("file:/sp", Optional.empty(),
                List.of(new Restore.SavedOperator("01", Optional.empty(), Optional.empty(), 10, Optional.of("Rank[4]"))),
                List.of(), false, Optional.empty());
        StateChange incompatible = new StateChange(StateChange.Kind.INCOMPATIBLE, "GroupAggregate[3]",
                Optional.of("GroupAggregate[3]"), List.of("01"), List.of("Its aggregate calls changed."), false);
        StateChange meaning = new StateChange(StateChange.Kind.CHANGED_MEANING, "Rank[4]", Optional.of("Rank[4]"),
                List.of("02"), List.of("Its Top-N grew from 3 to 5 rows per key."), false);
        StateChange same = new StateChange(StateChange.Kind.RESTORES, "Join[5]", Optional.of("Join[5]"), List.of("03"),
                List.of(), false);

        Restore compared = judged.comparedWith("job ab, submitted through the guard", List.of(incompatible, meaning, same));

        assertThat(new RestoreIncompatibleStateRule().check(context(compared))).singleElement()
                .satisfies(hit -> assertThat(hit.reason()).contains("GroupAggregate[3]: Its aggregate calls changed.")
                        .contains("job ab"));
        assertThat(new RestoreChangedMeaningRule().check(context(compared))).singleElement()
                .satisfies(hit -> assertThat(hit.reason()).contains("Rank[4]: Its Top-N grew"));
        assertThat(new RestoreChangedMeaningRule().check(context(judged.comparedWith("job ab", List.of(same))))).isEmpty();
    }

    @Test
    void aSavepointOfAJobTheGuardDidNotSubmitIsJudgedByOperatorIdsAndSaysSo() {
        Restore judged = new Restore("file:/sp", Optional.empty(),
                List.of(new Restore.SavedOperator("01", Optional.empty(), Optional.empty(), 10, Optional.of("Rank[4]"))),
                List.of(), false, Optional.empty()).notCompared("no job this guard submitted has its operator ids");

        assertThat(new RestoreIncompatibleStateRule().check(context(judged))).isEmpty();
        assertThat(new RestoreChangedMeaningRule().check(context(judged))).isEmpty();
        assertThat(io.github.sqlguard.service.ExplainSectionAccess.restore(judged))
                .contains("State types and meaning not checked: no job this guard submitted has its operator ids")
                // Counted as the findings count, naming the operator that claims the state as its findings name it.
                .contains("1 of its 1 operators with state (keyed, operator or coordinator state) claimed (10 bytes: Rank[4])");
    }

    @Test
    void aConfiguredMaxParallelismOtherThanTheSavepointsIsAFailedRestore() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120, 256)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE, 1, 128));

        assertThat(restore.unclaimed()).isEmpty();
        assertThat(restore.maxParallelism()).singleElement().satisfies(conflict -> {
            assertThat(conflict.cause()).isEqualTo(Restore.MaxParallelismConflict.Cause.CONFIGURED_OTHERWISE);
            assertThat(conflict.savedMaxParallelism()).isEqualTo(256);
            assertThat(conflict.maxParallelism()).isEqualTo(128);
        });
        assertThat(new RestoreMaxParallelismRule().check(context(restore))).singleElement().satisfies(hit -> {
            assertThat(hit.reason()).contains("Flink would refuse this job", "maximum parallelism 256", "configures 128",
                    "Max parallelism mismatch between checkpoint/savepoint state and new program");
            assertThat(hit.fix()).contains("'pipeline.max-parallelism' to the savepoint's (256)");
        });
        assertThat(new RestoreUnclaimedStateRule().check(context(restore))).isEmpty();
    }

    /**
     * Round 55's new user (finding 6): Flink checks a configured maximum parallelism against every operator the
     * savepoint records, a source or a sink writer without state too; the finding called theirs "the state of", beside
     * a Restores line that counts only operators with state. It says they have none.
     */
    @Test
    void aConfiguredMaxParallelismConflictOfAnOperatorWithoutStateSaysItHasNone() throws Exception {
        String savepoint = savepoint(List.of(withoutState(AGGREGATE, 256)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE, 1, 128));

        assertThat(restore.matched()).as("no operator with state").isEmpty();
        assertThat(new RestoreMaxParallelismRule().check(context(restore))).singleElement().satisfies(hit ->
                assertThat(hit.reason()).contains("the savepoint records operator " + AGGREGATE.toHexString()
                        + ", which has no state, with maximum parallelism 256, and the new job configures 128"));
    }

    @Test
    void aMaxParallelismTheJobLeavesUnsetIsTheSavepoints() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120, 256)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE, 2, -1));

        assertThat(restore.maxParallelism()).isEmpty();
        assertThat(new RestoreMaxParallelismRule().check(context(restore))).isEmpty();
        // The same maximum parallelism, configured: nothing changes either.
        Restore same = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE, 1, 256));
        assertThat(same.maxParallelism()).isEmpty();
    }

    @Test
    void aParallelismAboveTheSavepointsMaxParallelismIsAFailedRestore() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120, 1), withoutState(SINK)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE, 2, -1));

        assertThat(restore.maxParallelism()).singleElement().satisfies(conflict -> {
            assertThat(conflict.cause()).isEqualTo(Restore.MaxParallelismConflict.Cause.BELOW_PARALLELISM);
            assertThat(conflict.parallelism()).isEqualTo(2);
        });
        assertThat(new RestoreMaxParallelismRule().check(context(restore))).singleElement().satisfies(hit -> {
            assertThat(hit.reason()).contains("maximum parallelism 1, lower than the parallelism 2",
                    "lower than the configured parallelism");
            assertThat(hit.fix()).contains("parallelism of at most 1");
        });
    }

    @Test
    void sizesReadAsAPersonReadsThem() {
        assertThat(Restore.size(512)).isEqualTo("512 bytes");
        assertThat(Restore.size(1536)).isEqualTo("1.5 KB");
        assertThat(Restore.size((long) (1.2 * 1024 * 1024 * 1024))).isEqualTo("1.2 GB");
    }

    @Test
    void aRestoreNamesEveryStateFileItsMetadataNamesWhereverItLiesAndNoInlineState() throws Exception {
        OperatorState keyed = operatorState(AGGREGATE, 128);
        keyed.putState(0, OperatorSubtaskState.builder()
                .setManagedKeyedState(new KeyGroupsStateHandle(new KeyGroupRangeOffsets(0, 127),
                        new FileStateHandle(new org.apache.flink.core.fs.Path("file:/elsewhere/keyed"), 10)))
                .setManagedOperatorState(new OperatorStreamStateHandle(
                        Map.of(), new FileStateHandle(new org.apache.flink.core.fs.Path("file:/elsewhere/operator"), 10)))
                .build());
        String savepoint = savepoint(List.of(keyed, withState(RANK, 8)));

        Restore restore = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));

        assertThat(restore.unreadable()).isEmpty();
        assertThat(restore.stateFiles()).as("the inline state of RANK is no file")
                .containsExactlyInAnyOrder("file:/elsewhere/keyed", "file:/elsewhere/operator");
        assertThat(restore.comparedWith("job", List.of()).stateFiles()).as("kept when compared")
                .hasSize(2);
    }

    @Test
    void theStateFilesAreThoseOfTheHandlesFlinksGetDiscardablesListsInItsOrder() throws Exception {
        FileStateHandle shared = file("channel-shared");
        OperatorSubtaskState subtask = OperatorSubtaskState.builder()
                .setManagedOperatorState(new OperatorStreamStateHandle(Map.of(), file("managed-operator")))
                .setRawOperatorState(new OperatorStreamStateHandle(Map.of(), file("raw-operator")))
                .setManagedKeyedState(new KeyGroupsStateHandle(new KeyGroupRangeOffsets(0, 127), file("managed-keyed")))
                .setRawKeyedState(new KeyGroupsStateHandle(new KeyGroupRangeOffsets(0, 127), file("raw-keyed")))
                .setInputChannelState(StateObjectCollection.singleton(
                        new InputChannelStateHandle(new InputChannelInfo(0, 0), shared, List.of(0L))))
                .setResultSubpartitionState(StateObjectCollection.singleton(
                        new ResultSubpartitionStateHandle(new ResultSubpartitionInfo(0, 0), file("output"), List.of(0L))))
                .build();
        OperatorState state = operatorState(AGGREGATE, 128);
        state.putState(0, subtask);

        List<String> files = StatementRestores.stateFiles(new CheckpointMetadata(7, List.of(state), List.of()));

        // Flink's own list of the subtask's handles, each file state handle's path.
        List<String> flinks = subtask.getDiscardables().stream()
                .map(handle -> handle instanceof KeyGroupsStateHandle keyed ? keyed.getDelegateStateHandle()
                        : handle instanceof OperatorStreamStateHandle operator ? operator.getDelegateStateHandle() : handle)
                .map(handle -> ((FileStateHandle) handle).getFilePath().toString())
                .toList();
        assertThat(files).isEqualTo(flinks).containsExactly(
                "file:/elsewhere/managed-operator", "file:/elsewhere/raw-operator", "file:/elsewhere/managed-keyed",
                "file:/elsewhere/raw-keyed", "file:/elsewhere/channel-shared", "file:/elsewhere/output");
    }

    @Test
    void theStateFilesOfInlineStateAreListedWithoutFlinksListsOfEachSubtask() throws Exception {
        List<OperatorState> operators = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            operators.add(withState(new OperatorID(10 + i, 10 + i), 64));
        }
        CheckpointMetadata metadata = new CheckpointMetadata(7, operators, List.of());
        for (int i = 0; i < 3; i++) {
            StatementRestores.stateFiles(metadata);
        }
        com.sun.management.ThreadMXBean thread =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

        long before = thread.getCurrentThreadAllocatedBytes();
        List<String> files = StatementRestores.stateFiles(metadata);
        long allocated = thread.getCurrentThreadAllocatedBytes() - before;

        assertThat(files).isEmpty();
        // OperatorSubtaskState#getDiscardables makes two streams and a list for each subtask: about 2 kB each, 17 kB here.
        assertThat(allocated).as("bytes allocated listing the files of 8 subtasks of inline state").isLessThan(2048);
    }

    @Test
    void aSavepointReadOnceIsNotReadAgainWhileItsMetadataFileIsUnchanged() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120), withState(RANK, 300)));
        long before = SavepointReads.fileReads();

        Restore first = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));
        Restore again = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(RANK));

        assertThat(SavepointReads.fileReads() - before).as("the _metadata read with Flink's reader").isEqualTo(1);
        assertThat(StatementRestores.read(savepoint, getClass().getClassLoader()))
                .isSameAs(StatementRestores.read(savepoint, getClass().getClassLoader()));
        // Each statement's own claims, from the one read.
        assertThat(first.unclaimed()).extracting(SavedOperator::operatorId).containsExactly(RANK.toHexString());
        assertThat(again.unclaimed()).extracting(SavedOperator::operatorId).containsExactly(AGGREGATE.toHexString());
    }

    @Test
    void aMetadataFileTouchedButUnchangedIsServedFromTheKeptRead() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120), withState(RANK, 300)));
        Path metadata = Path.of(java.net.URI.create(savepoint)).resolve("_metadata");
        CheckpointMetadata first = StatementRestores.read(savepoint, getClass().getClassLoader());
        long before = SavepointReads.fileReads();

        // Copied back over itself, or touched by a backup tool: a new modification time, the same bytes.
        Files.setLastModifiedTime(metadata,
                java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(metadata).toMillis() + 60_000));

        assertThat(StatementRestores.read(savepoint, getClass().getClassLoader())).isSameAs(first);
        assertThat(SavepointReads.fileReads() - before).as("the _metadata read again with Flink's reader").isZero();
    }

    @Test
    void aSavepointReplacedAtTheSamePathIsReadAgain() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120)));
        Path metadata = Path.of(java.net.URI.create(savepoint)).resolve("_metadata");
        assertThat(StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE)).unclaimed())
                .isEmpty();

        // Another savepoint written in its place: a new _metadata file, as a savepoint replaced by another.
        java.nio.file.attribute.FileTime written = Files.getLastModifiedTime(metadata);
        writeMetadata(metadata, List.of(withState(RANK, 120)));
        Files.setLastModifiedTime(metadata, java.nio.file.attribute.FileTime.fromMillis(written.toMillis() + 2000));

        Restore replaced = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));
        assertThat(replaced.unclaimed()).extracting(SavedOperator::operatorId).containsExactly(RANK.toHexString());

        // And one deleted is found missing, not judged from what was read before.
        Files.delete(metadata);
        assertThat(StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE)).unreadable())
                .isPresent();
    }

    @Test
    void aMetadataFileReplacedWithTheSameLengthAndModificationTimeIsReadAgain() throws Exception {
        String savepoint = savepoint(List.of(withState(AGGREGATE, 120)));
        Path metadata = Path.of(java.net.URI.create(savepoint)).resolve("_metadata");
        assertThat(StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE)).unclaimed())
                .isEmpty();
        long length = Files.size(metadata);
        java.nio.file.attribute.FileTime written = Files.getLastModifiedTime(metadata);

        // Another operator's state of the same size in its place, its modification time set back: what a file
        // system reports of the file is unchanged (round 41's hostile read), its bytes are not.
        writeMetadata(metadata, List.of(withState(RANK, 120)));
        Files.setLastModifiedTime(metadata, written);
        assertThat(Files.size(metadata)).isEqualTo(length);

        Restore replaced = StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));
        assertThat(replaced.unclaimed()).extracting(SavedOperator::operatorId).containsExactly(RANK.toHexString());
        long before = SavepointReads.fileReads();
        StatementRestores.judge(savepoint, Map.of(), getClass().getClassLoader(), () -> job(AGGREGATE));
        assertThat(SavepointReads.fileReads() - before).as("the new bytes, read once, are kept").isZero();
    }

    @Test
    void theRestoreOptionsAreReadFromTheirOwnKeysAsFromTheWholeConfiguration() {
        Map<String, String> session = new java.util.HashMap<>();
        for (int i = 0; i < 50; i++) {
            session.put("pipeline.option-" + i, "v" + i);
        }
        for (Map<String, String> keys : List.of(
                Map.<String, String>of(),
                Map.of("execution.savepoint.path", "file:/sp/old"),
                Map.of("execution.state-recovery.path", "file:/sp/new", "execution.savepoint.path", "file:/sp/old"),
                Map.of("execution.savepoint.ignore-unclaimed-state", "true"),
                Map.of("execution.savepoint.ignore-unclaimed-state", "true",
                        "execution.state-recovery.ignore-unclaimed-state", "false"),
                Map.of("execution.state-recovery.ignore-unclaimed-state", "TRUE"))) {
            Map<String, String> config = new java.util.HashMap<>(session);
            config.putAll(keys);
            org.apache.flink.configuration.Configuration whole = org.apache.flink.configuration.Configuration.fromMap(config);
            assertThat(StatementRestores.ofOption(config, org.apache.flink.configuration.StateRecoveryOptions.SAVEPOINT_PATH)
                            .getOptional(org.apache.flink.configuration.StateRecoveryOptions.SAVEPOINT_PATH))
                    .as("%s", keys)
                    .isEqualTo(whole.getOptional(org.apache.flink.configuration.StateRecoveryOptions.SAVEPOINT_PATH));
            assertThat(StatementRestores.ignoresUnclaimedState(config)).as("%s", keys)
                    .isEqualTo(whole.get(org.apache.flink.configuration.StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE));
            assertThat(StatementRestores.ofOption(config, org.apache.flink.configuration.StateRecoveryOptions.SAVEPOINT_PATH)
                            .keySet()).as("only the option's keys").allMatch(key -> key.contains("savepoint") || key.contains("state-recovery"));
        }
    }

    private static AnalysisContext context(Restore restore) {
        return new AnalysisContext(
                ParsedSql.NONE, Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                RuleOptions.defaults(List.of()), io.github.sqlguard.rules.AdvisedValues.DEFAULTS, Optional.of(restore));
    }

    /** A savepoint directory with {@code _metadata} written by Flink's own writer; its path. */
    private String savepoint(List<OperatorState> operators) throws Exception {
        Path savepoint = Files.createDirectories(dir.resolve("savepoint-" + operators.size() + "-" + System.nanoTime()));
        writeMetadata(savepoint.resolve("_metadata"), operators);
        return savepoint.toUri().toString();
    }

    private static void writeMetadata(Path file, List<OperatorState> operators) throws Exception {
        try (OutputStream out = Files.newOutputStream(file);
                DataOutputStream data = new DataOutputStream(out)) {
            Checkpoints.storeCheckpointMetadata(new CheckpointMetadata(7, operators, List.of()), data);
        }
    }

    private static FileStateHandle file(String name) {
        return new FileStateHandle(new org.apache.flink.core.fs.Path("file:/elsewhere/" + name), 10);
    }

    private static OperatorState withState(OperatorID id, int bytes) throws Exception {
        return withState(id, bytes, 128);
    }

    /** An operator's state taken with the maximum parallelism {@code maxParallelism}. */
    private static OperatorState withState(OperatorID id, int bytes, int maxParallelism) throws Exception {
        OperatorState state = operatorState(id, maxParallelism);
        OperatorStateHandle handle = new OperatorStreamStateHandle(
                Map.of(), new ByteStreamStateHandle("state-" + id, new byte[bytes]));
        state.putState(0, OperatorSubtaskState.builder().setManagedOperatorState(handle).build());
        return state;
    }

    private static OperatorState withoutState(OperatorID id) throws Exception {
        return withoutState(id, 128);
    }

    /** An operator the savepoint records without state, with the maximum parallelism {@code maxParallelism}. */
    private static OperatorState withoutState(OperatorID id, int maxParallelism) throws Exception {
        OperatorState state = operatorState(id, maxParallelism);
        state.putState(0, OperatorSubtaskState.builder().build());
        return state;
    }

    /** {@code new OperatorState(...)}: Flink 2.x adds the operator's name and uid to the constructor of 1.20. */
    private static OperatorState operatorState(OperatorID id, int maxParallelism) throws Exception {
        for (Constructor<?> constructor : OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                return (OperatorState) constructor.newInstance(null, null, id, 1, maxParallelism);
            }
            if (constructor.getParameterCount() == 3) {
                return (OperatorState) constructor.newInstance(id, 1, maxParallelism);
            }
        }
        throw new IllegalStateException("no constructor of OperatorState this test knows");
    }

    /** A job graph of one vertex, named as Flink names a chain, with the operator {@code id}. */
    private static JobGraph job(OperatorID id) {
        return job(id, 1, -1);
    }

    /** As {@link #job(OperatorID)}, its vertex with {@code parallelism} and a configured {@code maxParallelism} (-1: none). */
    private static JobGraph job(OperatorID id, int parallelism, int maxParallelism) {
        JobVertex vertex = new JobVertex("GroupAggregate", new JobVertexID(), List.of(OperatorIDPair.generatedIDOnly(id)));
        vertex.setParallelism(parallelism);
        if (maxParallelism > 0) {
            vertex.setMaxParallelism(maxParallelism);
        }
        JobGraph graph = new JobGraph("restored");
        graph.addVertex(vertex);
        return graph;
    }
}
