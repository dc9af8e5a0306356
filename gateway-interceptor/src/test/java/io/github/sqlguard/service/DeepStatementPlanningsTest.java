package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.AuditedInProcessGateway;
import io.github.sqlguard.testing.InProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How many times the guard has Flink plan a deep statement, against stock Flink's one planning of
 * it (issue 29 class 3: round 37's 60 nested views, 25-way join and 40 {@code UNION ALL} Top-Ns, here
 * smaller: a planning count does not depend on the depth, and the fast tier pays for each planning;
 * the full sizes were measured in bench/results/2026-12-03-nested-views-r39.md),
 * counted, not timed: {@link InferenceCountingFunction} is called in each statement, and Flink
 * asks for its type inference the same number of times in each planning, so the guard's count over
 * a plain {@code TableEnvironment#explainSql}'s is the number of plannings. Through the guard's
 * pipeline over Flink's real gateway service and planner in this JVM.
 *
 * <p>An {@code EXPLAIN} costs the guard's planning and Flink's own {@code EXPLAIN} (the answer is
 * Flink's text followed by the guard's section), plus the proofs of the rewrites it shows (the
 * audit record's {@code planned}); a query or INSERT that runs is planned once, by the guard, and
 * runs as the operation the guard judged (Flink does not validate the view chain again). Nothing
 * else plans or validates: not the view hints' reading, not the rules, not the rewrites' writing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeepStatementPlanningsTest {

    private static final Map<String, String> STREAMING = Map.of("execution.runtime-mode", "streaming");
    private static final int VIEWS = 20;
    private static final int JOINED = 10;
    private static final int TOP_NS = 10;

    @RegisterExtension
    final AuditedInProcessGateway guarded = new AuditedInProcessGateway();

    private InProcessGateway gateway() {
        return guarded.gateway();
    }
    private SessionHandle session;
    private TableEnvironment stock;

    @BeforeAll
    void start() {
        session = gateway().openSession(STREAMING);
        stock = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        for (String ddl : ddl()) {
            OperationHandle created = gateway().runToEnd(session, ddl);
            assertThat(gateway().service().getOperationInfo(session, created).getException()).as(ddl).isEmpty();
            stock.executeSql(ddl);
        }
    }

    /**
     * The function, a one-row source and sink, {@link #VIEWS} views each a projection and a filter of the one
     * before, as many more over a Top-N without a state TTL, {@link #JOINED} tables.
     */
    private static List<String> ddl() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TEMPORARY FUNCTION counted AS '" + InferenceCountingFunction.class.getName() + "'");
        ddl.add("CREATE TABLE t (a INT, b STRING, c BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
        ddl.add("CREATE TABLE sink (a INT, b STRING, c BIGINT) WITH ('connector' = 'blackhole')");
        ddl.add("CREATE TEMPORARY VIEW v1 AS SELECT a, b, counted(c) AS c FROM t WHERE a > 0");
        for (int i = 2; i <= VIEWS; i++) {
            ddl.add("CREATE TEMPORARY VIEW v" + i + " AS SELECT a, b, c + 1 AS c FROM v" + (i - 1) + " WHERE a > " + i);
        }
        ddl.add("CREATE TEMPORARY VIEW r1 AS SELECT a, b, c FROM (SELECT a, b, counted(c) AS c,"
                + " ROW_NUMBER() OVER (PARTITION BY a ORDER BY c DESC) AS rn FROM t) WHERE rn <= 3");
        for (int i = 2; i <= VIEWS; i++) {
            ddl.add("CREATE TEMPORARY VIEW r" + i + " AS SELECT a, b, c + 1 AS c FROM r" + (i - 1) + " WHERE a > " + i);
        }
        for (int i = 1; i <= JOINED; i++) {
            ddl.add("CREATE TABLE j" + i + " (k INT, v BIGINT) WITH ('connector' = 'datagen')");
        }
        ddl.add("CREATE TABLE u (k INT, v BIGINT, c BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
        return ddl;
    }

    private static final String NESTED = "SELECT * FROM v" + VIEWS;

    private static String join() {
        StringBuilder join = new StringBuilder("SELECT j1.k, counted(j1.v) AS v1");
        for (int i = 2; i <= JOINED; i++) {
            join.append(", j").append(i).append(".v AS v").append(i);
        }
        join.append(" FROM j1");
        for (int i = 2; i <= JOINED; i++) {
            join.append(" JOIN j").append(i).append(" ON j1.k = j").append(i).append(".k");
        }
        return join.toString();
    }

    private static String unions() {
        List<String> topNs = new ArrayList<>();
        for (int i = 1; i <= TOP_NS; i++) {
            topNs.add("SELECT k, v, rn FROM (SELECT k, counted(v) AS v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY c DESC)"
                    + " AS rn FROM u) WHERE rn <= " + i);
        }
        return String.join("\nUNION ALL\n", topNs);
    }

    @Test
    void anExplainOfNestedViewsPlansTheChainTwiceTheGuardsPlanningAndFlinksExplain() {
        int flink = stockPlanning(NESTED);

        OperationHandle explained = counted(() -> gateway().runToEnd(session, "EXPLAIN " + NESTED));

        assertThat(explainText(explained)).contains("== Optimized Execution Plan ==").contains("== SQL Guard ==");
        assertThat(record(explained).path("verdict").asText()).isEqualTo("OK");
        assertThat(last).as("one planning is %s inferences", flink).isEqualTo(2 * flink);
    }

    @Test
    void anExplainOfATopNUnderNestedViewsPlansOnceMoreThanFlinkAndOncePerProof() {
        String query = "SELECT * FROM r" + VIEWS;
        int flink = stockPlanning(query);

        OperationHandle explained = counted(() -> gateway().runToEnd(session, "EXPLAIN " + query));

        JsonNode record = record(explained);
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        // The session TTL before the user's own SELECT * FROM r<VIEWS>: no view is read again or rewritten.
        assertThat(explainText(explained)).contains("rewrite (session-state-ttl, proven in this session):")
                .contains("SELECT * FROM r" + VIEWS + ";");
        assertThat(planned(record)).isEqualTo(1);
        assertThat(last).as("one planning is %s inferences", flink).isEqualTo((2 + 1) * flink);
    }

    @Test
    void aQueryAndAnInsertOfNestedViewsValidateTheChainOnceAndRunAsJudged() {
        int flink = stockPlanning(NESTED);

        OperationHandle query = counted(() -> gateway().runToEnd(session, NESTED));
        assertThat(gateway().service().getOperationInfo(session, query).getException()).isEmpty();
        assertThat(last).as("the query; one planning is %s inferences", flink).isLessThan(2 * flink);

        OperationHandle insert = counted(() -> gateway().runToEnd(session, "INSERT INTO sink " + NESTED));
        assertThat(gateway().service().getOperationInfo(session, insert).getException()).isEmpty();
        assertThat(last).as("the INSERT; one planning is %s inferences", flink).isLessThan(2 * flink);
    }

    @Test
    void anExplainOfAManyWayJoinPlansOnceMoreThanFlinkAndOnlyTheProofThatCanHold() {
        String join = join();
        int flink = stockPlanning(join);

        OperationHandle explained = counted(() -> gateway().runToEnd(session, "EXPLAIN " + join));

        JsonNode record = record(explained);
        assertThat(record.path("verdict").asText()).isEqualTo("WARN");
        // Two candidates for the joins' findings: the session TTL (planned once, proven, shown) and the joins'
        // STATE_TTL hint, rejected unplanned: Flink's QueryHintsResolver matches a key to no join input that is a
        // join, so the left state of every join but the first keeps no TTL (HintReach). It was planned before.
        assertThat(planned(record)).isEqualTo(1);
        int rejected = 0;
        for (JsonNode count : record.path("rewriteCounts")) {
            rejected += count.path("rejected").asInt();
        }
        assertThat(rejected).as("the hint, for each of the %s joins' findings", JOINED - 1).isEqualTo(JOINED - 1);
        assertThat(last).as("one planning is %s inferences", flink).isEqualTo((2 + 1) * flink);
    }

    @Test
    void anExplainOfManyUnionAllTopNsPlansOnceMoreThanFlinkAndOnceForTheirSharedProof() {
        String unions = unions();
        int flink = stockPlanning(unions);

        OperationHandle explained = counted(() -> gateway().runToEnd(session, "EXPLAIN " + unions));

        JsonNode record = record(explained);
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(record.path("findings").size()).isEqualTo(TOP_NS);
        // One candidate (the session TTL) answers every Top-N's finding: planned once.
        assertThat(planned(record)).isEqualTo(1);
        assertThat(last).as("one planning is %s inferences", flink).isEqualTo((2 + 1) * flink);
    }

    /** The inferences of the last {@link #counted} call. */
    private int last;

    private OperationHandle counted(java.util.function.Supplier<OperationHandle> call) {
        int before = InferenceCountingFunction.inferences.get();
        OperationHandle handle = call.get();
        last = InferenceCountingFunction.inferences.get() - before;
        return handle;
    }

    /** The inferences of stock Flink's one planning of {@code query}: a plain table environment's {@code explainSql}. */
    private int stockPlanning(String query) {
        int before = InferenceCountingFunction.inferences.get();
        stock.explainSql(query);
        int count = InferenceCountingFunction.inferences.get() - before;
        assertThat(count).as("Flink infers the function's type while it plans").isPositive();
        return count;
    }

    private JsonNode record(OperationHandle operation) {
        return guarded.audit().forOperation(operation.toString()).orElseThrow();
    }

    private static int planned(JsonNode record) {
        int planned = 0;
        for (JsonNode count : record.path("rewriteCounts")) {
            planned += count.path("planned").asInt();
        }
        return planned;
    }

    private String explainText(OperationHandle operation) {
        ResultSet result = gateway().service().fetchResults(session, operation, 0L, 10);
        return result.getData().get(0).getString(0).toString();
    }
}
