package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.ThreeSources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamGraphHasherV2;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.StatementSetOperation;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A job the guard runs from its judged compiled plan has the operator ids of the job Flink runs from
 * the statement's text ({@link StatementUids}), for every stateful shape and uid setting: a savepoint
 * of one restores into the other. The job graphs are Flink's own ({@link StatementJobs}), built in
 * the session as its jobs are; other statements are planned between the judging and the job, as on a
 * gateway serving many sessions (the plan's node ids come from a counter of the JVM).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestoreParityTest {

    private static final String TABLES =
            "CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3),"
                    + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');\n"
                    + "CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen');\n"
                    + "CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE top_clicks (user_id INT, v INT, rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole');\n"
                    + "CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole')";

    private InProcessGateway gateway;
    private GatewaySessions sessions;
    private SessionPlanner planner;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
        sessions = GatewaySessions.of(gateway.flink()).orElseThrow();
        planner = new SessionPlanner(Optional.of(sessions), 1);
    }

    @AfterAll
    void stop() {
        planner.close();
        sessions.close();
        gateway.close();
    }

    static Stream<String> statefulStatements() {
        return Stream.of(
                "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id",
                "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                        + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3",
                "INSERT INTO named SELECT c.user_id, u.name, c.v FROM clicks c JOIN users u ON c.user_id = u.user_id",
                "EXECUTE STATEMENT SET BEGIN\n"
                        + "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id;\n"
                        + "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                        + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3;\n"
                        + "END");
    }

    @ParameterizedTest
    @MethodSource("statefulStatements")
    void judgedPlanJobHasTheOperatorIdsOfTheStatementTextJob(String statement) {
        SessionHandle session = session(Map.of());

        List<List<OperatorID>> judged = operatorIds(judgedJob(session, statement));
        List<List<OperatorID>> text = operatorIds(textJob(session, statement));

        assertThat(judged).isEqualTo(text);
    }

    @ParameterizedTest
    @MethodSource("statefulStatements")
    void withoutTheStatementsUidsTheJudgedPlanJobCouldNotRestoreTheTextJobsSavepoint(String statement) {
        // What the guard ran before: the compiled plan under PLAN_ONLY gets uids from its node ids.
        SessionHandle session = session(Map.of());
        String json = judgedPlan(session, statement);
        JobGraph asCompiled = jobOfPlanAsFlinkRunsExecutePlan(sessions.tableEnvironment(session, new Configuration()), json);

        assertThat(operatorIds(asCompiled)).isNotEqualTo(operatorIds(textJob(session, statement)));
    }

    @ParameterizedTest
    @MethodSource("statefulStatements")
    void userUidSettingsApplyToTheJudgedPlanAsFlinkAppliesThem(String statement) {
        // DISABLED: no uids on either; topology hashes, the same.
        SessionHandle disabled = session(Map.of("table.exec.uid.generation", "DISABLED"));
        JobGraph disabledJob = judgedJob(disabled, statement);
        assertThat(operatorIds(disabledJob)).isEqualTo(operatorIds(textJob(disabled, statement)));

        // ALWAYS: uids in the user's format, exactly as Flink sets them when it runs the plan (its
        // node ids numbered in plan order), the same whatever node ids the planning got.
        SessionHandle always =
                session(Map.of("table.exec.uid.generation", "ALWAYS", "table.exec.uid.format", "guard-<id>-<transformation>"));
        String json = judgedPlan(always, statement);
        JobGraph alwaysJob = StatementJobs.ofJudgedPlan(sessions.tableEnvironment(always, new Configuration()), json);
        assertThat(operatorIds(alwaysJob))
                .isEqualTo(operatorIds(jobOfPlanAsFlinkRunsExecutePlan(
                        sessions.tableEnvironment(always, new Configuration()), StatementUids.inNodeOrder(json))))
                .isEqualTo(operatorIds(StatementJobs.ofJudgedPlan(
                        sessions.tableEnvironment(always, new Configuration()), judgedPlan(always, statement))))
                .isNotEqualTo(operatorIds(disabledJob));
    }

    /**
     * The ids a statement's planning gets depend on what the JVM planned before; the job must not:
     * Flink restores a plan's sinks in the order of a map keyed by node id, so a statement set
     * planned with other ids came back with its sinks in another order, and other operator ids.
     */
    @ParameterizedTest
    @MethodSource("statefulStatements")
    void judgedPlanJobIsTheSameWhateverNodeIdsItsPlanningGot(String statement) throws Exception {
        SessionHandle session = session(Map.of());
        String json = judgedPlan(session, statement);
        List<List<OperatorID>> text = operatorIds(textJob(session, statement));

        for (int shift : new int[] {0, 7, 21, 28, 100, 1000}) {
            assertThat(operatorIds(StatementJobs.ofJudgedPlan(
                            sessions.tableEnvironment(session, new Configuration()), withIdsShifted(json, shift))))
                    .as("node ids shifted by %d", shift)
                    .isEqualTo(text);
        }
    }

    /**
     * A statement that restores a savepoint has its job translated by its planning (in place of
     * explaining the plan; the compiled plan in memory, or its renumbered JSON under {@code ALWAYS}):
     * the same plan, the same operator ids and the same vertex and operator names, as the job the
     * guard runs (its plan's JSON, renumbered, restored and translated), which the restore check then
     * takes instead of translating the plan again. One that restores nothing gets no job.
     *
     * <p>The claims are computed from the stream graph and Flink's own hashers, without building the
     * job graph ({@link StatementJobs#claims(StreamGraph, Map, Map)}): they must be the job graph's
     * operator ids, every one, for every shape and uid setting, with operators chained (a vertex of
     * several operators) and not; each named after the operator that claims it, which its vertex chains.
     */
    @ParameterizedTest
    @MethodSource("statefulStatements")
    void theRestoringStatementsPlanningTranslatesTheJobThatRuns(String statement) throws IOException {
        for (Map<String, String> uids : List.of(
                Map.<String, String>of(),
                Map.of("table.exec.uid.generation", "DISABLED"),
                Map.of("table.exec.uid.generation", "ALWAYS", "table.exec.uid.format", "guard-<id>-<transformation>"),
                Map.of("pipeline.operator-chaining.enabled", "false"))) {
            SessionHandle session = session(uids);
            ExplainOutcome.Planned restoring = (ExplainOutcome.Planned)
                    planner.plan(session, statement, new Configuration(), true, Duration.ofMinutes(1), true);
            ExplainOutcome.Planned plain = (ExplainOutcome.Planned)
                    planner.plan(session, statement, new Configuration(), true, Duration.ofMinutes(1));
            String json = restoring.plan().executablePlan().orElseThrow();

            assertThat(plain.job()).as("%s", uids).isEmpty();
            assertThat(StatementUids.inNodeOrder(json)).as("%s", uids)
                    .isEqualTo(StatementUids.inNodeOrder(plain.plan().executablePlan().orElseThrow()));
            StatementJobs.JudgedJob planned = restoring.job().orElseThrow();
            // The job the guard runs: the plan, as the hand-off translates it in a table environment of its own.
            StatementJobs.JudgedJob runs = StatementJobs.judgedJob(sessions.tableEnvironment(session, new Configuration()), json);
            assertThat(planned.claims()).as("%s", uids).isNotEmpty().isEqualTo(runs.claims());
            JobGraph graph = StatementJobs.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);
            Map<OperatorID, String> vertices = StatementJobs.claims(graph);
            assertThat(runs.claims().keySet()).as("%s", uids).isEqualTo(vertices.keySet());
            runs.claims().forEach((id, operator) ->
                    assertThat(vertices.get(id)).as("%s: the vertex of %s", uids, operator).contains(operator));
            boolean chained = false;
            for (JobVertex vertex : graph.getVertices()) {
                chained |= vertex.getOperatorIDs().size() > 1;
            }
            assertThat(chained).as("%s: a vertex chains operators", uids)
                    .isEqualTo(!uids.containsKey("pipeline.operator-chaining.enabled"));
            assertThat(planned.planned().plan()).isEqualTo(runs.planned().plan());
            assertThat(planned.planned().operatorIds()).hasSameSizeAs(runs.planned().operatorIds());
            runs.planned().operatorIds().forEach((node, ids) -> assertThat(planned.planned().operatorIds().get(node))
                    .as("%s node %s", uids, node).containsExactlyInAnyOrderElementsOf(ids));
            assertThat(planned.serializers().keySet()).as("%s", uids).isEqualTo(runs.serializers().keySet());
            runs.serializers().forEach((id, operator) -> assertThat(planned.serializers().get(id).name())
                    .as("%s operator %s", uids, id).isEqualTo(operator.name()));
            if (!uids.containsValue("ALWAYS")) {
                assertThat(planned.claims().keySet()).as("%s", uids)
                        .isEqualTo(StatementJobs.claims(textJob(session, statement)).keySet());
            }
            // The hand-off runs the plan the planning renumbered, not a second renumbering of the same JSON,
            // with the uid setting the statement's text gets; another plan's JSON is renumbered as before.
            org.apache.flink.table.api.TableConfig handOff = sessions.tableEnvironment(session, new Configuration()).getConfig();
            assertThat(StatementUids.toRun(json, handOff, Optional.of(planned.run()))).as("%s", uids)
                    .isSameAs(planned.planned().plan())
                    .isEqualTo(StatementUids.inPlaceOfStatementText(
                            json, sessions.tableEnvironment(session, new Configuration()).getConfig()));
            assertThat(handOff.get(ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION)).as("%s", uids).isEqualTo(
                    uids.containsValue("ALWAYS") ? ExecutionConfigOptions.UidGeneration.ALWAYS
                            : ExecutionConfigOptions.UidGeneration.DISABLED);
            String another = withIdsShifted(json, 100);
            assertThat(StatementUids.toRun(another, handOff, Optional.of(planned.run()))).as("%s", uids)
                    .isNotSameAs(planned.planned().plan())
                    .isEqualTo(StatementUids.inPlaceOfStatementText(another, handOff));
            // A statement without a path: the hand-off's renumbering is the one the job's operator ids are read
            // from (StatementCalls#statefulOperators), made once, whichever asks first.
            StatementUids.PlanToRun withoutPath = StatementUids.PlanToRun.of(Optional.of(json));
            Map<Integer, Integer> ids = withoutPath.jobNodeIds();
            String run = withoutPath.toRun(json, handOff);
            assertThat(run).as("%s", uids).isEqualTo(planned.planned().plan()).isSameAs(withoutPath.toRun(json, handOff));
            assertThat(ids).as("%s", uids).isEqualTo(StatementUids.jobNodeIds(json)).isSameAs(withoutPath.jobNodeIds());
        }
    }

    /**
     * The options the guard sets to translate a judged plan as it runs ({@link StatementUids}: {@code
     * PLAN_ONLY} made {@code DISABLED}; the simplified operator names the claims are named by) are
     * set as text, as a {@code SET} writes them, and Flink's default for the names sets none: a typed
     * value is dumped as YAML each time Flink copies the table configuration, twice per translation
     * ({@code StatementUids#setAsText}). A session's own {@code false} is still overridden.
     */
    @Test
    void theOptionsSetToTranslateAJudgedPlanAreKeptAsText() {
        String statement = "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id";
        String uids = ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION.key();
        String simplify = ExecutionConfigOptions.TABLE_EXEC_SIMPLIFY_OPERATOR_NAME_ENABLED.key();
        SessionHandle session = session(Map.of());
        String json = judgedPlan(session, statement);
        TableEnvironmentInternal tEnv = sessions.tableEnvironment(session, new Configuration());
        StatementJobs.judgedJob(tEnv, json);
        Configuration config = tEnv.getConfig().getConfiguration();
        assertThat(config.containsKey(simplify)).isFalse();
        // Configuration#equals compares the values kept, a text with a text only.
        assertThat(only(config, uids)).isEqualTo(Configuration.fromMap(Map.of(uids, "DISABLED")));

        SessionHandle named = session(Map.of(simplify, "false"));
        TableEnvironmentInternal namedEnv = sessions.tableEnvironment(named, new Configuration());
        StatementJobs.JudgedJob job = StatementJobs.judgedJob(namedEnv, judgedPlan(named, statement));
        assertThat(only(namedEnv.getConfig().getConfiguration(), simplify)).isEqualTo(Configuration.fromMap(Map.of(simplify, "true")));
        assertThat(job.claims().values()).anyMatch(name -> name.startsWith("GroupAggregate["));
    }

    /** A copy of {@code config} with {@code key} alone, its value as {@code config} keeps it. */
    private static Configuration only(Configuration config, String key) {
        Configuration copy = config.clone();
        for (String other : new ArrayList<>(copy.keySet())) {
            if (!other.equals(key)) {
                copy.removeKey(other);
            }
        }
        return copy;
    }

    /**
     * A user-provided hash ({@code Transformation#setUidHash}, Flink's {@code StreamGraphUserHashHasher})
     * is an operator's second id in the job graph ({@code OperatorIDPair#getUserDefinedOperatorID}):
     * it claims state too. The planner sets none; set here on the source, as a DataStream user would.
     */
    @Test
    void aUserProvidedHashClaimsAsInTheJobGraph() {
        String userHash = "0123456789abcdef0123456789abcdef";
        SessionHandle session = session(Map.of());
        TableEnvironmentInternal tEnv = sessions.tableEnvironment(session, new Configuration());
        List<ModifyOperation> insert = List.of((ModifyOperation) tEnv.getParser()
                .parse("INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id").get(0));
        List<Transformation<?>> transformations = ((TableEnvironmentImpl) tEnv).getPlanner().translate(insert);
        Transformation<?> source = transformations.get(0);
        while (!source.getInputs().isEmpty()) {
            source = source.getInputs().get(0);
        }
        source.setUidHash(userHash);
        StreamGraph graph = (StreamGraph) ((TableEnvironmentImpl) tEnv).generatePipelineFromQueryOperation(null, transformations);
        Map<Integer, byte[]> hashes = new StreamGraphHasherV2().traverseStreamGraphAndGenerateHashes(graph);
        Map<Integer, String> names = new HashMap<>();
        graph.getStreamNodes().forEach(node -> names.put(node.getId(), node.getOperatorName()));

        Map<OperatorID, String> claims = StatementJobs.claims(graph, hashes, names);

        assertThat(claims).containsKey(new OperatorID(StringUtils.hexStringToByte(userHash)));
        assertThat(claims.keySet()).isEqualTo(StatementJobs.claims(graph.getJobGraph()).keySet());
    }

    /**
     * A restoring statement's job graph is built only where a savepoint's maximum parallelism could
     * conflict with the new job ({@link MaxParallelism.Vertices#canConflict}, read off the stream
     * graph): wherever it says no conflict is possible, Flink's own checks against the job graph's
     * vertices ({@link MaxParallelism#check}, the scheduler's parallelism of each) find none, for
     * every shape, with and without a parallelism or a maximum parallelism configured.
     */
    @ParameterizedTest
    @MethodSource("statefulStatements")
    void aJobGraphIsLeftUnbuiltOnlyWhereNoSavedMaxParallelismCanConflict(String statement) {
        for (Map<String, String> config : List.of(
                Map.<String, String>of(),
                Map.of("parallelism.default", "2"),
                Map.of("parallelism.default", "3", "pipeline.operator-chaining.enabled", "false"),
                Map.of("pipeline.max-parallelism", "64"))) {
            TableEnvironmentInternal tEnv = sessions.tableEnvironment(session(config), new Configuration());
            List<ModifyOperation> operations = new java.util.ArrayList<>();
            tEnv.getParser().parse(statement).forEach(operation -> operations.addAll(
                    operation instanceof org.apache.flink.table.operations.StatementSetOperation set
                            ? set.getOperations() : List.of((ModifyOperation) operation)));
            List<Transformation<?>> transformations = ((TableEnvironmentImpl) tEnv).getPlanner().translate(operations);
            StreamGraph graph = (StreamGraph) ((TableEnvironmentImpl) tEnv).generatePipelineFromQueryOperation(null, transformations);

            MaxParallelism.Vertices vertices = MaxParallelism.Vertices.of(graph, transformations, name -> name);
            Map<String, MaxParallelism.Vertex> exact = MaxParallelism.byOperatorId(graph.getJobGraph());

            assertThat(vertices.byOperatorId().keySet()).as("%s", config).isEqualTo(exact.keySet());
            // On either line, Flink 1.20 included (its stream nodes keep theirs package-private: read off the
            // transformations), the job graph is built only where a maximum parallelism is configured.
            assertThat(vertices.canConflict(128)).as("%s: a configured maximum parallelism", config)
                    .isEqualTo(config.containsKey("pipeline.max-parallelism"));
            // The lowest maximum parallelism a vertex can have, which lint sets a previous version's against
            // the new one's (JobVersion#restoreFrom) before building either job graph.
            exact.forEach((id, vertex) -> assertThat(vertex.maxParallelism()).as("%s: %s", config, vertex.vertex())
                    .isGreaterThanOrEqualTo(vertices.lowestMaxParallelism()));
            assertThat(vertices.lowestMaxParallelism()).as("%s", config)
                    .isEqualTo(config.containsKey("pipeline.max-parallelism") ? 1 : 128);
            for (int saved : new int[] {1, 2, 3, 64, 128, 256}) {
                if (!vertices.canConflict(saved)) {
                    exact.forEach((id, vertex) -> assertThat(MaxParallelism.check(() -> "saved", saved, vertex, true))
                            .as("%s: saved %s against %s", config, saved, vertex.vertex()).isEmpty());
                }
            }
        }
    }

    /**
     * lint's restore of one version into the next ({@link JobVersion#restoreFrom}) builds neither job
     * graph where no maximum parallelism is configured and none could conflict, and builds both, with
     * the conflict found, where one is.
     */
    @ParameterizedTest
    @MethodSource("statefulStatements")
    void aVersionsRestoreBuildsJobGraphsOnlyWhereAMaxParallelismCanConflict(String statement) {
        SessionHandle session = session(Map.of());
        String json = judgedPlan(session, statement);
        JobVersion old = JobVersion.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);
        JobVersion now = JobVersion.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);

        JobVersion.Comparison same = now.restoreFrom(old, "of the job at main", Map.of());

        assertThat(same.restore().matched()).isNotEmpty();
        assertThat(same.restore().maxParallelism()).isEmpty();
        assertThat(old.vertices().built()).as("the old version's job graph").isFalse();
        assertThat(now.vertices().built()).as("the new version's job graph").isFalse();

        SessionHandle configured = session(Map.of("pipeline.max-parallelism", "64"));
        JobVersion narrowed = JobVersion.ofJudgedPlan(
                sessions.tableEnvironment(configured, new Configuration()), judgedPlan(configured, statement));

        JobVersion.Comparison conflicting = narrowed.restoreFrom(old, "of the job at main", Map.of());

        assertThat(conflicting.restore().maxParallelism()).as("saved 128, configured 64").isNotEmpty();
        assertThat(narrowed.vertices().built()).isTrue();
    }

    /**
     * lint counts of a previous version's sources those whose operators Flink builds to keep state ({@link
     * SourceOperators}), with its stateful operators: of {@link ThreeSources}' job, the FLIP-27 files source and the
     * datagen source with a sequence field, not the one with random fields (a legacy function that checkpoints and
     * registers no state: {@link DataGenSourceState}), as {@code StateChangesIT} reads from a real savepoint of the same
     * job. Before, every source scan of the plan was counted, whatever its operator, and then every datagen source.
     */
    @Test
    void aVersionCountsTheSourcesWhoseOperatorsFlinkBuildsToKeepState(@TempDir java.nio.file.Path dir) throws IOException {
        SessionHandle session = gateway.openSession(Map.of());
        List<String> statements = ThreeSources.statements(dir);
        for (String ddl : statements.subList(0, statements.size() - 1)) {
            gateway.runToEnd(session, ddl);
        }
        String json = judgedPlan(session, statements.get(statements.size() - 1));
        JobVersion version = JobVersion.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);

        // As a real savepoint of it keeps (StateChangesIT): the datagen source of random fields registers no state.
        assertThat(version.sources().stream().map(id -> version.descriptions().get(id)).toList())
                .as("the sources counted, in node order").hasSize(2)
                .anySatisfy(d -> assertThat(d).contains("from_files"))
                .anySatisfy(d -> assertThat(d).contains("from_sequence"))
                .noneSatisfy(d -> assertThat(d).contains("from_random"));
        JobVersion.Comparison same = version.restoreFrom(version, "of the job at main", Map.of());
        assertThat(same.restore().matched()).hasSize(3);
        assertThat(same.restore().unclaimed()).isEmpty();
    }

    /** The plan as another planning of it would number it: every node id (and edge end) plus {@code shift}. */
    private static String withIdsShifted(String json, int shift) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode plan = mapper.readTree(json);
        for (JsonNode node : plan.path("nodes")) {
            ((ObjectNode) node).put("id", node.path("id").asInt() + shift);
        }
        for (JsonNode edge : plan.path("edges")) {
            ((ObjectNode) edge).put("source", edge.path("source").asInt() + shift);
            ((ObjectNode) edge).put("target", edge.path("target").asInt() + shift);
        }
        return mapper.writeValueAsString(plan);
    }

    private SessionHandle session(Map<String, String> properties) {
        SessionHandle session = gateway.openSession(properties);
        for (String ddl : TABLES.split(";\n")) {
            gateway.runToEnd(session, ddl);
        }
        return session;
    }

    /** The job the guard runs: the statement judged, other statements planned, then its plan run. */
    private JobGraph judgedJob(SessionHandle session, String statement) {
        String json = judgedPlan(session, statement);
        return StatementJobs.ofJudgedPlan(sessions.tableEnvironment(session, new Configuration()), json);
    }

    private String judgedPlan(SessionHandle session, String statement) {
        ExplainOutcome outcome = planner.plan(session, statement, new Configuration(), true, Duration.ofMinutes(1));
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        String json = ((ExplainOutcome.Planned) outcome).plan().executablePlan().orElseThrow();
        // Other sessions' statements planned in between move the JVM's node id counter on.
        for (int i = 0; i < 3; i++) {
            planner.plan(session, "INSERT INTO per_user SELECT user_id, COUNT(*), MAX(v) FROM clicks GROUP BY user_id",
                    new Configuration(), true, Duration.ofMinutes(1));
        }
        return json;
    }

    /** The job of a compiled plan as Flink runs {@code EXECUTE PLAN}: under PLAN_ONLY, with uids from its node ids. */
    private static JobGraph jobOfPlanAsFlinkRunsExecutePlan(TableEnvironmentInternal tEnv, String json) {
        Planner flinkPlanner = ((TableEnvironmentImpl) tEnv).getPlanner();
        try {
            List<Transformation<?>> transformations =
                    flinkPlanner.translatePlan(flinkPlanner.loadPlan(PlanReference.fromJsonString(json)));
            return ((StreamGraph) ((TableEnvironmentImpl) tEnv).generatePipelineFromQueryOperation(null, transformations))
                    .getJobGraph();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The job a stock gateway runs: the statement's text, parsed and translated in the session. */
    private JobGraph textJob(SessionHandle session, String statement) {
        TableEnvironmentInternal tEnv = sessions.tableEnvironment(session, new Configuration());
        Operation operation = tEnv.getParser().parse(statement).get(0);
        List<ModifyOperation> modifies =
                operation instanceof StatementSetOperation set ? set.getOperations() : List.of((ModifyOperation) operation);
        return StatementJobs.ofOperations(tEnv, modifies);
    }

    /** Per vertex, from the sources on, the ids Flink maps a savepoint's operator state by. */
    private static List<List<OperatorID>> operatorIds(JobGraph job) {
        List<List<OperatorID>> ids = new ArrayList<>();
        for (JobVertex vertex : job.getVerticesSortedTopologicallyFromSources()) {
            ids.add(vertex.getOperatorIDs().stream()
                    .map(pair -> pair.getUserDefinedOperatorID().orElse(pair.getGeneratedOperatorID()))
                    .toList());
        }
        return ids;
    }
}
