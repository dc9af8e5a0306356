package io.github.sqlguard.restore;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.restore.StateChange.Kind;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link StateChanges} on real compiled plans from Flink's planner and real operator ids
 * ({@link StatementJobs#plannedJob}): the change pairs of {@code state-changes/} whose real restores
 * {@code StateChangesIT} records, and shapes of its own. Where a class is verified by a real restore
 * the test says which pair; the others are the comparator's inference ({@link StateChange#inferred()}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StateChangesTest {

    private static final Path PAIRS =
            GuardedGateway.projectRoot().resolve("gateway-interceptor/src/test/resources/state-changes");

    private static final String CLICKS =
            "CREATE TABLE clicks (user_id INT, region STRING, v INT, w INT, big BIGINT, ts TIMESTAMP(3),"
                    + " pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');\n"
                    + "CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen');\n"
                    + "CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE per_user_big (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE top_clicks (user_id INT, v INT, rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE one_click (user_id INT, v INT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE top_per_window (window_start TIMESTAMP(3), window_end TIMESTAMP(3), user_id INT, v INT,"
                    + " rn BIGINT) WITH ('connector' = 'blackhole')";

    private InProcessGateway gateway;
    private GatewaySessions sessions;
    private SessionPlanner planner;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
        sessions = GatewaySessions.of(gateway.flink()).orElseThrow();
        planner = new SessionPlanner(java.util.Optional.of(sessions), 1);
    }

    @AfterAll
    void stop() {
        planner.close();
        sessions.close();
        gateway.close();
    }

    @Test
    void theOperatorIdsOfEachPlanNodeAreTheJobGraphsOperatorIds() {
        String statement = "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3";
        SessionHandle session = session(CLICKS);
        String json = judgedPlan(session, statement);
        PlannedJob job = StatementJobs.plannedJob(sessions.tableEnvironment(session, new Configuration()), json);
        JobGraph graph = StatementJobs.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);
        Set<String> graphIds = new HashSet<>();
        for (JobVertex vertex : graph.getVertices()) {
            vertex.getOperatorIDs().forEach(ids -> graphIds.add(ids.getGeneratedOperatorID().toHexString()));
        }

        assertThat(job.allOperatorIds()).isEqualTo(graphIds);
    }

    @Test
    void oneTranslationGivesTheJobGraphsClaimsAndThePlannedJob() {
        String statement = "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3";
        SessionHandle session = session(CLICKS);
        String json = judgedPlan(session, statement);
        StatementJobs.JudgedJob judged = StatementJobs.judgedJob(sessions.tableEnvironment(session, new Configuration()), json);
        JobGraph graph = StatementJobs.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);

        // The job graph's ids; each named after its operator, which its job vertex chains.
        Map<org.apache.flink.runtime.jobgraph.OperatorID, String> vertices = StatementJobs.claims(graph);
        assertThat(judged.claims()).isNotEmpty();
        assertThat(judged.claims().keySet()).isEqualTo(vertices.keySet());
        judged.claims().forEach((id, operator) -> assertThat(vertices.get(id)).contains(operator));
        PlannedJob planned = StatementJobs.plannedJob(sessions.tableEnvironment(session, new Configuration()), json);
        assertThat(judged.planned().plan()).isEqualTo(planned.plan());
        // A node's ids in the order of the stream graph's nodes, numbered by a counter of Flink's: compared as sets.
        assertThat(judged.planned().operatorIds()).hasSameSizeAs(planned.operatorIds());
        planned.operatorIds().forEach((node, ids) ->
                assertThat(judged.planned().operatorIds().get(node)).as("node %s", node).containsExactlyInAnyOrderElementsOf(ids));
        assertThat(judged.claims().keySet().stream().map(id -> id.toHexString()).toList())
                .containsAll(judged.planned().allOperatorIds());
    }

    @Test
    void theSameStatementRestoresUnchanged() throws IOException {
        List<StateChange> changes = pair("01-same-statement");

        assertThat(changes).isNotEmpty().allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
    }

    @Test
    void aFilterMergedIntoTheProjectionRestoresUnchanged() throws IOException {
        assertThat(pair("08-filter-merged-into-existing-projection"))
                .allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
    }

    @Test
    void anOperatorAddedInFrontOfTheAggregationIsNotMappable() throws IOException {
        List<StateChange> changes = pair("02-filter-added-before-aggregate");

        assertThat(kinds(changes)).contains(Kind.NOT_MAPPABLE);
        assertThat(changes).filteredOn(c -> c.kind() == Kind.NOT_MAPPABLE).allSatisfy(c -> assertThat(c.describe())
                .contains("another place in the job").doesNotContain("replaced"));
    }

    /**
     * Round 54's new user: {@code lint --fix} wrote a Top-N as a window Top-N, and {@code lint --since} said the change
     * gave the Rank "another place in the job". The new job has no Rank: the change replaced it.
     */
    @Test
    void aTopNRewrittenAsAWindowTopNIsSaidToBeReplaced() {
        String topN = "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3";
        String windowTopN = "INSERT INTO top_per_window SELECT window_start, window_end, user_id, v, rn FROM (SELECT"
                + " window_start, window_end, user_id, v, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, user_id"
                + " ORDER BY v DESC) AS rn FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTE))) WHERE rn <= 3";

        StateChange rank = only(changes(CLICKS, topN, CLICKS, windowTopN), Kind.NOT_MAPPABLE);

        assertThat(rank.describe()).contains("replaced the Rank: the new job has no Rank (its stateful operators: WindowRank")
                .doesNotContain("another place");
    }

    @Test
    void aTopNWhoseNGrewRestoresWithAChangedMeaning() throws IOException {
        StateChange rank = only(pair("04-top-n-raised"), Kind.CHANGED_MEANING);

        assertThat(rank.operator()).startsWith("Rank[");
        assertThat(rank.inferred()).isFalse();
        assertThat(rank.reasons()).anySatisfy(r -> assertThat(r).contains("ranks 4 to 5"));
    }

    @Test
    void aTtlSwitchedOnRestoresWhereTheLineMigratesItAndIsIncompatibleWhereNot() throws IOException {
        List<StateChange> migrating = pair("05-ttl-enabled", true);
        List<StateChange> notMigrating = pair("05-ttl-enabled", false);

        assertThat(migrating).allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
        StateChange aggregate = only(notMigrating, Kind.INCOMPATIBLE);
        assertThat(aggregate.operator()).startsWith("GroupAggregate[");
        assertThat(aggregate.inferred()).isFalse();
        assertThat(StateChanges.linesMigratesTtl()).isEqualTo(!io.github.sqlguard.flink.FlinkLine.current().line().equals("1.20"));
    }

    @Test
    void anAggregateAddedIsIncompatible() throws IOException {
        StateChange aggregate = only(pair("06-aggregate-added"), Kind.INCOMPATIBLE);

        assertThat(aggregate.operator()).startsWith("GroupAggregate[");
        assertThat(aggregate.inferred()).isFalse();
        assertThat(aggregate.reasons()).anySatisfy(r -> assertThat(r).contains("MAX(v)").contains("StateMigrationException"));
    }

    @Test
    void anAggregateCallAddedIsOneReasonNotAlsoARetractionChange() {
        StateChange aggregate = only(changes(
                CLICKS, "INSERT INTO per_user SELECT user_id, SUM(v), CAST(NULL AS BIGINT) FROM clicks GROUP BY user_id",
                CLICKS, "INSERT INTO per_user SELECT user_id, SUM(v), COUNT(*) FROM clicks GROUP BY user_id"),
                Kind.INCOMPATIBLE);

        // The calls' retraction flags and COUNT(*)'s index differ only because a call was added: no cause of their own.
        assertThat(aggregate.reasons()).as(aggregate.describe()).hasSize(1)
                .allSatisfy(r -> assertThat(r).contains("Its aggregate calls changed").doesNotContain("aggCallNeedRetractions")
                        .doesNotContain("indexOfCountStar"));
    }

    @Test
    void aRowtimeDeduplicationSwitchedToKeepFirstRestoresWithAChangedMeaning() throws IOException {
        StateChange dedup = only(pair("14-dedup-keep-last-to-keep-first"), Kind.CHANGED_MEANING);

        assertThat(dedup.operator()).startsWith("Deduplicate[");
        assertThat(dedup.inferred()).isFalse();
    }

    @Test
    void aTopNWhoseNShrankRestoresWithAChangedMeaning() {
        StateChange rank = only(changes(CLICKS, topN(5), CLICKS, topN(3)), Kind.CHANGED_MEANING);

        assertThat(rank.reasons()).anySatisfy(r -> assertThat(r).contains("ranks 4 to 5").contains("stay in the sink"));
    }

    @Test
    void anAggregateOverAnotherColumnOfTheSameTypeRestoresWithAChangedMeaning() {
        StateChange aggregate = only(changes(
                CLICKS, "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id",
                CLICKS, "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(w) FROM clicks GROUP BY user_id"),
                Kind.CHANGED_MEANING);

        assertThat(aggregate.reasons()).anySatisfy(r -> assertThat(r).contains("SUM(v)").contains("SUM(w)"));
    }

    /**
     * A key over other columns of the same types, which round 55's new user restored for real (a Top-N partitioned by
     * product in place of category, job 3ca06550...): pairs 39 (a Top-N) and 40 (an aggregation) restored on a cluster,
     * so their reasons say it restores with a changed meaning and carry no "(Inferred ...)".
     */
    @Test
    void aKeyOverAnotherColumnOfTheSameTypeRestoresWithAChangedMeaningAsRealRestoresFound() throws IOException {
        StateChange rank = only(pair("39-top-n-partition-key-other-column-same-type"), Kind.CHANGED_MEANING);
        assertThat(rank.operator()).startsWith("Rank[");
        assertThat(rank.inferred()).isFalse();
        assertThat(rank.reasons()).singleElement().asString().contains("partition key is (product) in place of (category)")
                .contains("read only where a value of the new key equals one of the old key's").doesNotContain("Inferred");

        StateChange aggregate = only(pair("40-aggregate-grouping-key-other-column-same-type"), Kind.CHANGED_MEANING);
        assertThat(aggregate.operator()).startsWith("GroupAggregate[");
        assertThat(aggregate.inferred()).isFalse();
        assertThat(aggregate.reasons()).singleElement().asString().contains("grouping key is (j) in place of (k)")
                .doesNotContain("Inferred");
    }

    /**
     * The same for a window Top-N's partition key (pair 42, region to device, both STRING) and a deduplication's key
     * (pair 43, user_id to item_id, both INT), both restored on a cluster: no "(Inferred ...)".
     */
    @Test
    void aWindowTopNsOrADeduplicationsKeyOverAnotherColumnOfTheSameTypeRestoresWithAChangedMeaningAsRealRestoresFound()
            throws IOException {
        StateChange rank = only(pair("42-window-top-n-partition-key-other-column-same-type"), Kind.CHANGED_MEANING);
        assertThat(rank.operator()).startsWith("WindowRank[");
        assertThat(rank.inferred()).isFalse();
        assertThat(rank.reasons()).singleElement().asString().contains("partition key is (device) in place of (region)")
                .doesNotContain("Inferred");

        StateChange dedup = only(pair("43-dedup-key-other-column-same-type"), Kind.CHANGED_MEANING);
        assertThat(dedup.operator()).startsWith("Deduplicate[");
        assertThat(dedup.inferred()).isFalse();
        assertThat(dedup.reasons()).singleElement().asString().contains("deduplication key is (item_id) in place of (user_id)")
                .doesNotContain("Inferred");
    }

    @Test
    void anAggregateOverAColumnOfAnotherTypeIsIncompatible() {
        only(changes(
                CLICKS, "INSERT INTO per_user_big SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id",
                CLICKS, "INSERT INTO per_user_big SELECT user_id, COUNT(*), SUM(big) FROM clicks GROUP BY user_id"),
                Kind.INCOMPATIBLE);
    }

    @Test
    void aJoinWhoseInputGainedAColumnIsIncompatible() {
        StateChange join = only(changes(
                CLICKS, "INSERT INTO named SELECT c.user_id, u.name, c.v FROM clicks c JOIN users u ON c.user_id = u.user_id",
                CLICKS, "INSERT INTO named SELECT c.user_id, u.name, c.v + c.w FROM clicks c JOIN users u ON c.user_id = u.user_id"),
                Kind.INCOMPATIBLE);

        assertThat(join.operator()).startsWith("Join[");
    }

    @Test
    void aStateTtlChangedInValueRestores() {
        List<StateChange> changes = changes(
                "SET 'table.exec.state.ttl' = '1 d';\n" + CLICKS,
                "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id",
                "SET 'table.exec.state.ttl' = '1 h';\n" + CLICKS,
                "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id");

        assertThat(changes).allSatisfy(c -> assertThat(c.kind()).isEqualTo(Kind.RESTORES));
        assertThat(changes).anySatisfy(c -> assertThat(c.reasons()).anySatisfy(r -> assertThat(r).contains("1 d").contains("1 h")));
    }

    @Test
    void aProcessingTimeDeduplicationSwitchedToKeepFirstIsIncompatible() throws IOException {
        // Verified by a real restore (pair 38: a flag where the old job kept a row); the other way is inferred.
        assertThat(only(pair("38-dedup-proctime-keep-last-to-keep-first"), Kind.INCOMPATIBLE).inferred()).isFalse();
        String last = "INSERT INTO one_click SELECT user_id, v FROM (SELECT user_id, v, ROW_NUMBER() OVER"
                + " (PARTITION BY user_id ORDER BY pt DESC) AS rn FROM clicks) WHERE rn = 1";
        StateChange dedup = only(changes(CLICKS, last.replace("pt DESC", "pt ASC"), CLICKS, last), Kind.INCOMPATIBLE);

        assertThat(dedup.inferred()).isTrue();
    }

    @Test
    void aDeduplicationSwitchedFromEventToProcessingTimeIsIncompatibleAsARealRestoreFound() throws IOException {
        StateChange dedup = only(pair("37-dedup-rowtime-to-proctime"), Kind.INCOMPATIBLE);

        assertThat(dedup.inferred()).isFalse();
        assertThat(dedup.reasons()).anySatisfy(r -> assertThat(r).contains("deduplicates on processing time in place of event"));
    }

    @Test
    void aggregatesOverAnotherTypeOrDistinctValuesAreIncompatible() throws IOException {
        for (String pair : List.of("32-sum-cast-to-bigint", "33-count-to-count-distinct")) {
            StateChange aggregate = only(pair(pair), Kind.INCOMPATIBLE);
            assertThat(aggregate.inferred()).as(pair).isFalse();
            assertThat(aggregate.reasons()).as(pair).anySatisfy(r -> assertThat(r).contains("Its aggregate calls changed"));
        }
    }

    @Test
    void aJoinSideWithAnotherColumnIsIncompatibleAndAnotherKeyColumnOfTheSameTypeChangesTheMeaning() throws IOException {
        StateChange side = only(pair("36-join-side-columns-changed"), Kind.INCOMPATIBLE);
        assertThat(side.inferred()).isFalse();
        assertThat(side.reasons()).anySatisfy(r -> assertThat(r).contains("has other columns"));

        StateChange key = only(pair("35-join-key-column-changed"), Kind.CHANGED_MEANING);
        assertThat(key.inferred()).isFalse();
        assertThat(key.reasons()).anySatisfy(r -> assertThat(r).contains("joins on left v in place of user_id"));
    }

    @Test
    void aWindowTopNWhoseNGrewRestoresWithAChangedMeaningForTheOpenWindows() throws IOException {
        StateChange rank = only(pair("19-window-top-n-raised"), Kind.CHANGED_MEANING);

        assertThat(rank.operator()).startsWith("WindowRank[");
        assertThat(rank.inferred()).isFalse();
        assertThat(rank.reasons()).anySatisfy(r -> assertThat(r).contains("from 3 to 5").contains("windows open at the savepoint"));
    }

    @Test
    void aWindowTopNWhoseNShrankRestores() {
        assertThat(changes(CLICKS, windowTopN("user_id", 5), CLICKS, windowTopN("user_id", 3)))
                .isNotEmpty().allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES))
                .anySatisfy(c -> assertThat(c.reasons()).anySatisfy(r -> assertThat(r).contains("ranked when it fires")));
    }

    @Test
    void aWindowTopNWhosePartitionKeyHasAnotherTypeIsIncompatible() throws IOException {
        StateChange rank = only(pair("20-window-top-n-partition-key-changed"), Kind.INCOMPATIBLE);

        assertThat(rank.operator()).startsWith("WindowRank[");
        assertThat(rank.inferred()).isFalse();
        assertThat(rank.reasons()).anySatisfy(r -> assertThat(r).contains("(user_id) to (region)"));
    }

    @Test
    void aWindowTopNWhosePartitionKeyIsAnotherColumnOfTheSameTypeRestoresWithAChangedMeaning() {
        StateChange rank = only(changes(CLICKS, windowTopN("user_id", 3), CLICKS, windowTopN("v", 3)), Kind.CHANGED_MEANING);

        assertThat(rank.operator()).startsWith("WindowRank[");
        assertThat(rank.reasons()).anySatisfy(r -> assertThat(r).contains("partition key is (v) in place of (user_id)"));
        // Pair 42 restored such a change (region to device, both STRING).
        assertThat(rank.inferred()).isFalse();
    }

    @Test
    void aStateTtlHintAddedToAJoinRestoresWhereTheLineMigratesItAndIsIncompatibleWhereNot() throws IOException {
        assertThat(pair("21-ttl-hint-added-to-join", true))
                .isNotEmpty().allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
        StateChange join = only(pair("21-ttl-hint-added-to-join", false), Kind.INCOMPATIBLE);
        assertThat(join.operator()).startsWith("Join[");
        assertThat(join.inferred()).isFalse();
    }

    @Test
    void aStateTtlHintChangedInValueRestores() throws IOException {
        assertThat(pair("22-ttl-hint-value-changed-on-aggregate"))
                .isNotEmpty().allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
    }

    @Test
    void miniBatchSwitchedOnOrOffOrATwoPhaseAggregationIsNotMappable() throws IOException {
        for (String pair : List.of("23-mini-batch-switched-on", "24-mini-batch-switched-off",
                "27-two-phase-aggregation-switched-on")) {
            assertThat(kinds(pair(pair))).as(pair).contains(Kind.NOT_MAPPABLE);
        }
    }

    @Test
    void aRaisedParallelismRestoresUnchanged() throws IOException {
        for (String pair : List.of("25-parallelism-raised-group-by", "26-parallelism-raised-top-n")) {
            assertThat(pair(pair)).as(pair)
                    .isNotEmpty().allSatisfy(c -> assertThat(c.kind()).as(c.describe()).isEqualTo(Kind.RESTORES));
        }
    }

    private static String windowTopN(String partitionKey, int n) {
        return "INSERT INTO top_per_window SELECT window_start, window_end, user_id, v, rn FROM (SELECT window_start,"
                + " window_end, user_id, v, w, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, " + partitionKey
                + " ORDER BY w DESC) AS rn FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)))"
                + " WHERE rn <= " + n;
    }

    private static String topN(int n) {
        return "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= " + n;
    }

    private static StateChange only(List<StateChange> changes, Kind kind) {
        List<StateChange> of = changes.stream().filter(c -> c.kind() != Kind.RESTORES).toList();
        assertThat(of).as("changes other than RESTORES in %s", changes).hasSize(1);
        assertThat(of.get(0).kind()).as(of.get(0).describe()).isEqualTo(kind);
        return of.get(0);
    }

    private static List<Kind> kinds(List<StateChange> changes) {
        return changes.stream().map(StateChange::kind).toList();
    }

    private List<StateChange> pair(String name) throws IOException {
        return pair(name, StateChanges.linesMigratesTtl());
    }

    private List<StateChange> pair(String name, boolean migratesTtl) throws IOException {
        List<String> old = statements(PAIRS.resolve(name).resolve("old.sql"));
        List<String> now = statements(PAIRS.resolve(name).resolve("new.sql"));
        return StateChanges.compare(job(old), job(now), migratesTtl);
    }

    private List<StateChange> changes(String oldSetup, String oldStatement, String newSetup, String newStatement) {
        List<String> old = new ArrayList<>(List.of(oldSetup.split(";\n")));
        old.add(oldStatement);
        List<String> now = new ArrayList<>(List.of(newSetup.split(";\n")));
        now.add(newStatement);
        return StateChanges.compare(job(old), job(now));
    }

    /** The job of the last statement, the others run first in a session of its own. */
    private PlannedJob job(List<String> statements) {
        SessionHandle session = gateway.openSession(Map.of());
        for (String statement : statements.subList(0, statements.size() - 1)) {
            gateway.runToEnd(session, statement);
        }
        String json = judgedPlan(session, statements.get(statements.size() - 1));
        return StatementJobs.plannedJob(sessions.tableEnvironment(session, new Configuration()), json);
    }

    private SessionHandle session(String ddl) {
        SessionHandle session = gateway.openSession(Map.of());
        for (String statement : ddl.split(";\n")) {
            gateway.runToEnd(session, statement);
        }
        return session;
    }

    private String judgedPlan(SessionHandle session, String statement) {
        ExplainOutcome outcome = planner.plan(session, statement, new Configuration(), true, Duration.ofMinutes(1));
        assertThat(outcome).as("%s", outcome).isInstanceOf(ExplainOutcome.Planned.class);
        return ((ExplainOutcome.Planned) outcome).plan().executablePlan().orElseThrow();
    }

    private static List<String> statements(Path file) throws IOException {
        List<String> statements = new ArrayList<>();
        ScriptSplitter.split(SqlScript.withoutHeader(Files.readString(file))).forEach(s -> statements.add(s.text()));
        return statements;
    }
}
