package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.restore.StateChange.Kind;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOptions;
import io.github.sqlguard.rules.restore.RestoreIncompatibleStateRule;
import io.github.sqlguard.statement.ParsedSql;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A restore checked against the serializers its savepoint records ({@link SavepointSerializers}): one
 * real job (a GROUP BY and a Top-N in a statement set, over datagen) runs on a local MiniCluster and
 * is stopped with a canonical savepoint; the guard reads its metadata with Flink's readers, the head of
 * each keyed state file with Flink's {@code KeyedBackendSerializationProxy}, and asks Flink's own
 * serializer snapshots whether the new job's key and row serializers read the state. The same check
 * through a guarded gateway, against a job a stock gateway started: {@code StateChangesIT}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SavepointSerializersTest {

    private static String tables(String userIdType, String vType) {
        return "CREATE TABLE clicks (user_id " + userIdType + ", region STRING, v " + vType + ") WITH ('connector' = 'datagen',"
                + " 'rows-per-second' = '200', 'fields.user_id.min' = '1', 'fields.user_id.max' = '50',"
                + " 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100');"
                + "CREATE TABLE per_user (user_id " + userIdType + ", n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole');"
                + "CREATE TABLE top_clicks (user_id " + userIdType + ", v " + vType + ", rn BIGINT,"
                + " PRIMARY KEY (user_id, rn) NOT ENFORCED) WITH ('connector' = 'blackhole')";
    }

    private static final String GROUP_BY =
            "INSERT INTO per_user SELECT user_id, COUNT(*) FROM clicks WHERE v IS NOT NULL GROUP BY user_id";
    private static final String TOP_N = "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
            + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks WHERE v IS NOT NULL) WHERE rn <= 3";
    private static final String STATEMENT_SET = "EXECUTE STATEMENT SET BEGIN\n" + GROUP_BY + ";\n" + TOP_N + ";\nEND";

    private Path dir;
    private String savepoint;

    @BeforeAll
    void takeASavepointOfARealJob() throws Exception {
        dir = Files.createTempDirectory("savepoint-serializers");
        TableEnvironment tEnv = environment(Map.of());
        // State in files of its own, not inlined into _metadata, so that a test can take a file away: file system
        // checkpoint storage (the job manager's keeps a savepoint's state in its metadata) and no inline threshold.
        tEnv.getConfig().set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        tEnv.getConfig().set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.resolve("checkpoints").toUri().toString());
        tEnv.getConfig().set(CheckpointingOptions.FS_SMALL_FILE_THRESHOLD, MemorySize.ZERO);
        for (String ddl : tables("INT", "INT").split(";")) {
            tEnv.executeSql(ddl);
        }
        TableResult result = tEnv.executeSql(STATEMENT_SET);
        JobClient job = result.getJobClient().orElseThrow();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String taken = null;
        while (taken == null) {
            Thread.sleep(500); // rows reach the aggregation and the Top-N, so their state has keys
            try {
                taken = job.stopWithSavepoint(false, dir.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                        .get(60, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                // Flink refuses a savepoint until every task runs ("Not all required tasks are currently running").
                if (System.nanoTime() > deadline || job.getJobStatus().get().isTerminalState()) {
                    throw e;
                }
            }
        }
        savepoint = taken;
    }

    @AfterAll
    void removeTheSavepoint() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    @Test
    void theSameStatementRestoresTheKeyAndBufferedRowsItsSavepointRecords() {
        SavepointSerializers.Compared compared = compare(savepoint, tables("INT", "INT"), Map.of(), true);

        assertThat(compared.notRead()).isEmpty();
        assertThat(compared.changes()).hasSize(2).allSatisfy(change -> {
            assertThat(change.kind()).isEqualTo(Kind.RESTORES);
            assertThat(change.reasons()).singleElement().asString()
                    .contains("Its key (INT) ", "compatible with the new job's serializers", SavepointSerializers.SOURCE);
        });
        assertThat(compared.changes()).extracting(StateChange::newOperator)
                .anySatisfy(name -> assertThat(name.orElseThrow()).startsWith("GroupAggregate["))
                .anySatisfy(name -> assertThat(name.orElseThrow()).startsWith("Rank["));
        // A real restore confirmed an unchanged key (StateChangesIT); not the rows a Top-N buffers.
        assertThat(compared.changes()).filteredOn(c -> c.newOperator().orElseThrow().startsWith("GroupAggregate["))
                .singleElement().satisfies(c -> {
                    assertThat(c.inferred()).isFalse();
                    assertThat(c.reasons().get(0)).doesNotContain(SavepointSerializers.INFERRED);
                });
        assertThat(compared.changes()).filteredOn(c -> c.newOperator().orElseThrow().startsWith("Rank["))
                .singleElement().satisfies(c -> {
                    assertThat(c.inferred()).isTrue();
                    assertThat(c.reasons().get(0)).endsWith(SavepointSerializers.INFERRED);
                });
    }

    @Test
    void aChangedKeyTypeIsIncompatibleAsFlinkResolvesTheSavepointsKeySerializer() {
        SavepointSerializers.Compared compared = compare(savepoint, tables("BIGINT", "INT"), Map.of(), true);

        assertThat(compared.changes()).hasSize(2).allSatisfy(change -> {
            assertThat(change.kind()).isEqualTo(Kind.INCOMPATIBLE);
            assertThat(String.join(" ", change.reasons()))
                    .contains("Its key is (INT) in the savepoint and (BIGINT) in the new job",
                            "RowDataSerializer.RowDataSerializerSnapshot#resolveSchemaCompatibility", SavepointSerializers.SOURCE);
            // The one class a real restore confirmed on this path (StateChangesIT, a stock gateway's savepoint);
            // the Top-N's buffered rows, which hold the key too, changed as well, and that reason says it is inferred.
            assertThat(change.reasons().get(0)).startsWith("Its key is").doesNotContain(SavepointSerializers.INFERRED);
            assertThat(change.inferred()).isFalse();
        });
    }

    @Test
    void aChangedTypeOfTheRowsATopNBuffersIsIncompatible() {
        SavepointSerializers.Compared compared = compare(savepoint, tables("INT", "BIGINT"), Map.of(), true);

        StateChange rank = compared.changes().stream()
                .filter(c -> c.newOperator().orElseThrow().startsWith("Rank[")).findFirst().orElseThrow();
        assertThat(rank.kind()).isEqualTo(Kind.INCOMPATIBLE);
        assertThat(rank.inferred()).isTrue();
        assertThat(String.join(" ", rank.reasons()))
                .contains("The rows its state 'data-state-with-append' buffers are (INT, INT) in the savepoint and"
                        + " (INT, BIGINT) in the new job", SavepointSerializers.INFERRED);
        // The aggregation's key is unchanged; its accumulators are not compared without the old plan.
        assertThat(compared.changes()).filteredOn(c -> c.newOperator().orElseThrow().startsWith("GroupAggregate["))
                .singleElement().extracting(StateChange::kind).isEqualTo(Kind.RESTORES);
    }

    @Test
    void aStateTtlSwitchedOnIsIncompatibleOnlyWhereTheLineCannotMigrateIt() {
        Map<String, String> ttl = Map.of("table.exec.state.ttl", "1 h");

        assertThat(compare(savepoint, tables("INT", "INT"), ttl, false).changes()).allSatisfy(change -> {
            assertThat(change.kind()).isEqualTo(Kind.INCOMPATIBLE);
            assertThat(String.join(" ", change.reasons()))
                    .contains("Its state TTL is switched on", "no TtlAwareSerializer", SavepointSerializers.INFERRED);
            assertThat(change.inferred()).isTrue();
        });
        assertThat(compare(savepoint, tables("INT", "INT"), ttl, true).changes()).allSatisfy(change -> {
            assertThat(change.kind()).isEqualTo(Kind.RESTORES);
            assertThat(String.join(" ", change.reasons()))
                    .contains("Flink migrates the state to the TTL", SavepointSerializers.INFERRED);
            assertThat(change.inferred()).isTrue();
        });
    }

    @Test
    void theRuleRefusesWithWhatTheSavepointsSerializersSay() {
        Restore restore = restore(savepoint, tables("BIGINT", "INT"), Map.of());
        List<StateChange> changes = SavepointSerializers.compare(
                metadata(savepoint), restore, job(tables("BIGINT", "INT"), Map.of()), loader(), true).changes();

        Restore compared = restore.comparedBySerializers(changes, "what the state means to the new job");
        List<RuleHit> hits = new RestoreIncompatibleStateRule().check(context(compared));

        assertThat(compared.comparedBySerializers()).isTrue();
        assertThat(hits).singleElement().satisfies(hit -> assertThat(hit.reason())
                .contains("The new job cannot read the state", Restore.SAVEPOINT_SERIALIZERS, "Its key is (INT) in the savepoint"));
        assertThat(io.github.sqlguard.service.ExplainSectionAccess.restore(compared))
                .contains("Compared with the serializers the savepoint records", "INCOMPATIBLE",
                        "Not checked: what the state means to the new job");
    }

    @Test
    void aStateFileTheGuardCannotReadIsSaidNotRefused() throws Exception {
        Path copy = dir.resolve("copy");
        Path original = Path.of(java.net.URI.create(savepoint.startsWith("file:") ? savepoint : "file:" + savepoint));
        try (Stream<Path> files = Files.walk(original)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.createDirectories(copy);
                if (file.getFileName().toString().equals("_metadata")) {
                    Files.copy(file, copy.resolve("_metadata"));
                }
            }
        }
        // The metadata without the state files it names: as a savepoint whose files the gateway cannot reach.
        SavepointSerializers.Compared compared = compare(copy.toUri().toString(), tables("BIGINT", "INT"), Map.of(), true);
        // ... while the savepoint itself, its files in place, is read.
        assertThat(compare(savepoint, tables("BIGINT", "INT"), Map.of(), true).changes()).hasSize(2);

        assertThat(compared.changes()).isEmpty();
        assertThat(compared.notRead()).hasSize(2)
                .allSatisfy(why -> assertThat(why).contains("could not read the head of its keyed state file"));
    }

    private SavepointSerializers.Compared compare(String path, String ddl, Map<String, String> config, boolean migratesTtl) {
        return SavepointSerializers.compare(metadata(path), restore(path, ddl, config), job(ddl, config), loader(), migratesTtl);
    }

    private Restore restore(String path, String ddl, Map<String, String> config) {
        Restore restore = StatementRestores.judgeJob(path, Map.of(), loader(), () -> job(ddl, config));
        assertThat(restore.unreadable()).isEmpty();
        assertThat(restore.unclaimed()).as("the new job claims the savepoint's state").isEmpty();
        return restore;
    }

    private static CheckpointMetadata metadata(String path) {
        try {
            return StatementRestores.read(path, loader());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The new job as the guard judges it: the statement set's compiled plan, translated once. */
    private static StatementJobs.JudgedJob job(String ddl, Map<String, String> config) {
        TableEnvironment tEnv = environment(config);
        for (String statement : ddl.split(";")) {
            tEnv.executeSql(statement);
        }
        String plan = tEnv.createStatementSet().addInsertSql(GROUP_BY).addInsertSql(TOP_N).compilePlan().asJsonString();
        TableEnvironment translating = environment(config);
        for (String statement : ddl.split(";")) {
            translating.executeSql(statement);
        }
        return StatementJobs.judgedJob((TableEnvironmentInternal) translating, plan);
    }

    private static TableEnvironment environment(Map<String, String> config) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().getConfiguration().setString("parallelism.default", "1");
        config.forEach((key, value) -> tEnv.getConfig().getConfiguration().setString(key, value));
        return tEnv;
    }

    private static ClassLoader loader() {
        return SavepointSerializersTest.class.getClassLoader();
    }

    private static AnalysisContext context(Restore restore) {
        return new AnalysisContext(
                ParsedSql.NONE, Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                RuleOptions.defaults(List.of()), io.github.sqlguard.rules.AdvisedValues.DEFAULTS, Optional.of(restore));
    }
}
