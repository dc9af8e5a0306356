package io.github.sqlguard.rewrite;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.AuditedInProcessGateway;
import io.github.sqlguard.testing.InProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proven rewrite of the most common refusal, an unbounded Top-N (shared case 03), through the
 * guard's pipeline over Flink's real gateway service and planner in this JVM: written from the
 * user's statement, planned in the user's session without changing it, and shown in the refusal
 * and the audit record only when the plan proves it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProvenRewritesInProcessTest {

    private static final String ORDERS =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    private static final String TOP_N =
            "SELECT * FROM (\n"
                    + "  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                    + " FROM orders\n"
                    + ") t WHERE rn <= 3";

    private static final Map<String, String> STREAMING = Map.of("execution.runtime-mode", "streaming");

    @RegisterExtension
    final AuditedInProcessGateway guarded = new AuditedInProcessGateway();

    private InProcessGateway gateway() {
        return guarded.gateway();
    }

    @Test
    void refusedTopNCarriesTheWindowTopNOfTheUsersOwnStatement() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        String error = errorOf(session, gateway().runToEnd(session, TOP_N));

        assertThat(error)
                .contains("BLOCK unbounded-rank")
                .contains("rewrite (window-top-n, proven in this session):")
                .contains("SELECT window_start, window_end, order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY"
                        + " window_start, window_end, user_id ORDER BY amount DESC) AS rn FROM TABLE(TUMBLE(TABLE orders,"
                        + " DESCRIPTOR(order_time), INTERVAL '5' MINUTE))")
                // the user's text around the pattern is kept: alias, filter, line breaks
                .contains(") t WHERE rn <= 3;")
                // the result names each row's window (SELECT * over the ranking); the row number, w0$o0 at the original
                // plan's root and rn at the rewrite's, is one column
                .contains("columns: window_start, window_end added; plan: WindowRank")
                .contains("chosen: ")
                .contains("sql-guard.rewrite.window-size");
    }

    @Test
    void refusalShowsTheWindowTopNAloneAndExplainAlsoTheSessionStateTtlAfterIt() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        // A refusal proves the best rewrite of its BLOCK finding and stops (issue 32); it says where the rest are.
        String error = errorOf(session, gateway().runToEnd(session, TOP_N));
        assertThat(error).contains("rewrite (window-top-n, proven in this session):")
                .doesNotContain("rewrite (session-state-ttl")
                .contains(Rewriter.EVERY_IN_EXPLAIN);

        String answer = explainAnswer(session, gateway().runToEnd(session, "EXPLAIN " + TOP_N));
        assertThat(answer).contains("rewrite (session-state-ttl, proven in this session):")
                .contains("SET 'table.exec.state.ttl' = '1 d';")
                .doesNotContain(Rewriter.EVERY_IN_EXPLAIN);
        assertThat(answer.indexOf("rewrite (window-top-n")).isLessThan(answer.indexOf("rewrite (session-state-ttl"));
    }

    @Test
    void provingTheRewritesLeavesTheSessionAsItWas() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);
        Map<String, String> before = gateway().service().getSessionConfig(session);

        gateway().runToEnd(session, TOP_N);

        // The SET of the TTL rewrite was planned as execution config only, and no scratch object is left.
        assertThat(gateway().service().getSessionConfig(session)).isEqualTo(before).doesNotContainKey("table.exec.state.ttl");
        assertThat(gateway().service().listTables(session, "default_catalog", "default_database",
                java.util.Set.of(org.apache.flink.table.catalog.CatalogBaseTable.TableKind.TABLE,
                        org.apache.flink.table.catalog.CatalogBaseTable.TableKind.VIEW)))
                .extracting(t -> t.getIdentifier().getObjectName())
                .containsExactly("orders");
    }

    @Test
    void auditRecordOfTheRefusalNamesTheProvenRewritesAndCountsThem() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        OperationHandle refused = gateway().runToEnd(session, TOP_N);

        JsonNode record = guarded.audit().forOperation(refused.toString()).orElseThrow();
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        List<String> families = new ArrayList<>();
        record.path("rewrites").forEach(r -> families.add(r.path("rule").asText() + " " + r.path("family").asText()));
        // The best rewrite alone: the session TTL after it is not tried for a refusal, so not counted.
        assertThat(families).containsExactly("unbounded-rank window-top-n");
        JsonNode windowTopN = record.path("rewrites").get(0);
        assertThat(windowTopN.path("sha256").asText()).hasSize(64);
        assertThat(windowTopN.path("operators")).extracting(JsonNode::asText).containsExactly("WindowRank");
        JsonNode count = record.path("rewriteCounts").get(0);
        assertThat(count.path("rule").asText()).isEqualTo("unbounded-rank");
        assertThat(count.path("verified").asInt()).isEqualTo(1);
        assertThat(count.path("offered").asInt()).isEqualTo(count.path("verified").asInt() + count.path("rejected").asInt());
    }

    @Test
    void rewriteThatFailsItsProofIsNotShown() {
        // A rewrite TTL below the policy's minimum: the TTL rewrite plans, but ttl-too-short blocks it.
        try (InProcessGateway strict = InProcessGateway.start(
                Map.of("sql-guard.rewrite.state-ttl", "1 min", "sql-guard.min-state-ttl", "1 h"), new AuditLog())) {
            SessionHandle session = strict.openSession(STREAMING);
            strict.runToEnd(session, ORDERS);

            // EXPLAIN proves every candidate (a refusal stops at the window Top-N, before the session TTL).
            OperationHandle explained = strict.runToEnd(session, "EXPLAIN " + TOP_N);
            String error = explainAnswer(strict, session, explained);

            assertThat(error).contains("rewrite (window-top-n, proven in this session):")
                    .doesNotContain("session-state-ttl")
                    .doesNotContain("'table.exec.state.ttl' = '1 min'");
            // Nor does the fix text propose the TTL the guard would refuse: the policy's minimum instead.
            assertThat(error).contains("fix: Rank per window, whose state is freed when the window closes")
                        .contains("; or bound the state: SET 'table.exec.state.ttl' = '1 h'");
            JsonNode count = guarded.audit().forOperation(explained.toString()).orElseThrow().path("rewriteCounts").get(0);
            assertThat(count.path("rejected").asInt()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void fixTextProposesTheWindowAndTtlOfTheRewriteUnderIt() {
        try (InProcessGateway configured = InProcessGateway.start(
                Map.of("sql-guard.rewrite.window-size", "10 min", "sql-guard.rewrite.state-ttl", "12 h"), new AuditLog())) {
            SessionHandle session = configured.openSession(STREAMING);
            configured.runToEnd(session, ORDERS);

            // EXPLAIN: every proven rewrite (a refusal shows the window Top-N alone).
            String error = explainAnswer(configured, session, configured.runToEnd(session, "EXPLAIN " + TOP_N));
            String fix = error.substring(error.indexOf("  fix: "), error.indexOf('\n', error.indexOf("  fix: ")));

            assertThat(fix).contains("DESCRIPTOR(order_time), INTERVAL '10' MINUTE))")
                    .contains("SET 'table.exec.state.ttl' = '12 h'")
                    .doesNotContain("HOUR))").doesNotContain("'1 d'");
            assertThat(error).contains("rewrite (window-top-n, proven in this session):")
                    .contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE)")
                    .contains("rewrite (session-state-ttl, proven in this session):")
                    .contains("SET 'table.exec.state.ttl' = '12 h';");
        }
    }

    @Test
    void topNSentWithItsOwnZeroTtlKeepsItsWindowTopNAndIsNotOfferedASetTheCallOverrides() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        // The call's own execution config wins over any SET before it: the session TTL would change nothing. EXPLAIN,
        // which tries every candidate (a refusal stops at the window Top-N and never writes the session TTL's).
        OperationHandle refused = gateway().service().executeStatement(
                session, "EXPLAIN " + TOP_N, 0,
                org.apache.flink.configuration.Configuration.fromMap(Map.of("table.exec.state.ttl", "0")));
        InProcessGateway.awaitOperation()
                .until(() -> gateway().service().getOperationInfo(session, refused).getStatus().isTerminalStatus());
        String error = explainAnswer(session, refused);

        assertThat(error).contains("BLOCK unbounded-rank")
                .contains("rewrite (window-top-n, proven in this session):")
                .doesNotContain("rewrite (session-state-ttl");
        JsonNode count = guarded.audit().forOperation(refused.toString()).orElseThrow().path("rewriteCounts").get(0);
        assertThat(count.path("rule").asText()).isEqualTo("unbounded-rank");
        assertThat(count.path("rejected").asInt()).as("the session TTL, written and rejected unplanned").isGreaterThanOrEqualTo(1);
    }

    @Test
    void joinOfATopNSentWithItsOwnZeroTtlPlansNoStateTtlHintForTheJoin() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        // The benchmark's refusal in small: a regular join over an unbounded Top-N, sent with its own TTL 0. A
        // STATE_TTL hint on the join reaches no Rank and no SET beats the call's TTL: the BLOCK stays, so the hint
        // candidate is rejected unplanned (it was planned, and rejected, before).
        // EXPLAIN, which proves the WARN's candidates too (a refusal proves only its BLOCK finding's best rewrite).
        OperationHandle refused = gateway().service().executeStatement(
                session, "EXPLAIN SELECT o.order_id, t.amount FROM orders o JOIN (" + TOP_N + ") t ON o.order_id = t.order_id",
                0, org.apache.flink.configuration.Configuration.fromMap(Map.of("table.exec.state.ttl", "0")));
        InProcessGateway.awaitOperation()
                .until(() -> gateway().service().getOperationInfo(session, refused).getStatus().isTerminalStatus());
        String error = explainAnswer(session, refused);

        assertThat(error).contains("BLOCK unbounded-rank").contains("WARN stateful-without-ttl")
                .doesNotContain("rewrite (state-ttl-hint").doesNotContain("rewrite (session-state-ttl");
        JsonNode join = null;
        for (JsonNode count : guarded.audit().forOperation(refused.toString()).orElseThrow().path("rewriteCounts")) {
            if (count.path("rule").asText().equals("stateful-without-ttl")) {
                join = count;
            }
        }
        assertThat(join).as("the join's counts").isNotNull();
        assertThat(join.path("offered").asInt()).as("the hint and the session TTL, written").isGreaterThanOrEqualTo(2);
        assertThat(join.path("rejected").asInt()).isEqualTo(join.path("offered").asInt());
        assertThat(join.path("planned").asInt()).as("no candidate of the join planned").isZero();
    }

    @Test
    void fixTextProposesTheDefaultWindowOfTheRewrite() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        String error = errorOf(session, gateway().runToEnd(session, TOP_N));
        String fix = error.substring(error.indexOf("  fix: "), error.indexOf('\n', error.indexOf("  fix: ")));

        assertThat(fix).contains("DESCRIPTOR(order_time), INTERVAL '5' MINUTE))").contains("SET 'table.exec.state.ttl' = '1 d'");
    }

    @Test
    void optionsHintTtlOfAnInsertIntoAnOpenStatementSetIsRewrittenAsAStateTtlHint() {
        // No SET can come before an INSERT inside BEGIN STATEMENT SET ... END: the TTL moves into a STATE_TTL hint.
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen')");
        gateway().runToEnd(session, "CREATE TABLE user_clicks (user_id STRING, clicks BIGINT) WITH ('connector' = 'blackhole')");
        gateway().runToEnd(session, "BEGIN STATEMENT SET");

        String error = errorOf(session, gateway().runToEnd(session, "INSERT INTO user_clicks\n"
                + "SELECT user_id, COUNT(*) FROM clicks /*+ OPTIONS('state.ttl' = '12 h') */ GROUP BY user_id"));

        assertThat(error).contains("BLOCK ttl-not-a-table-option").contains("rewrite (ttl-as-job-setting, proven in this session):");
        String rewrite = error.substring(error.indexOf("rewrite (ttl-as-job-setting"));
        rewrite = rewrite.substring(0, rewrite.indexOf("    columns: "));
        assertThat(rewrite).contains("INSERT INTO user_clicks").contains("STATE_TTL('clicks' = '12 h')")
                .doesNotContain("OPTIONS(").doesNotContain("SET '");
    }

    @Test
    void statementWithoutFindingsGetsNoRewriteAndNoCount() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, ORDERS);

        OperationHandle ok = gateway().runToEnd(session, "EXPLAIN SELECT order_id, amount FROM orders");

        JsonNode record = guarded.audit().forOperation(ok.toString()).orElseThrow();
        assertThat(record.path("verdict").asText()).isEqualTo("OK");
        assertThat(record.path("rewrites")).isEmpty();
        assertThat(record.path("rewriteCounts")).isEmpty();
    }

    @Test
    void viewReadThroughAWindowTvfWithAnIgnoredHintGetsAProvenHintMovedRewriteOfTheView() {
        // Shared case 35: the view's STATE_TTL sits on a block with only an OVER aggregate (ignored by
        // Flink), and the statement reads the view as a window TVF's table argument, TABLE temperature_jumps.
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE readings (\n"
                + "  sensor_id STRING,\n"
                + "  temperature DOUBLE,\n"
                + "  read_at TIMESTAMP(3),\n"
                + "  WATERMARK FOR read_at AS read_at - INTERVAL '5' SECOND\n"
                + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10')");
        gateway().runToEnd(session, "CREATE TEMPORARY VIEW temperature_jumps AS\n"
                + "SELECT /*+ STATE_TTL('sensors' = '1 h') */ sensor_id,\n"
                + "  temperature - LAG(temperature) OVER (PARTITION BY sensor_id ORDER BY read_at) AS jump, read_at\n"
                + "FROM readings");
        String query = "SELECT window_start, window_end, sensor_id, MAX(jump) AS max_jump\n"
                + "FROM TABLE(TUMBLE(TABLE temperature_jumps, DESCRIPTOR(read_at), INTERVAL '1' MINUTE))\n"
                + "GROUP BY window_start, window_end, sensor_id";

        OperationHandle explained = gateway().runToEnd(session, "EXPLAIN " + query);
        String answer = explainAnswer(session, explained);

        assertThat(answer).contains("WARN ttl-hint-ignored")
                .contains("rewrite (hint-moved, proven in this session; rewrites the view temperature_jumps):")
                .contains("DROP TEMPORARY VIEW temperature_jumps;")
                .contains("CREATE TEMPORARY VIEW temperature_jumps AS")
                .contains("the hint is removed");
        String rewrite = answer.substring(answer.indexOf("rewrite (hint-moved"));
        String sql = rewrite.substring(rewrite.indexOf("DROP TEMPORARY VIEW"), rewrite.indexOf("    changes: "));
        // The view's new definition has no hint; the statement follows as the user wrote it.
        assertThat(sql).doesNotContain("STATE_TTL").doesNotContain("/*+")
                .contains("LAG(")
                .contains("FROM TABLE(TUMBLE(TABLE temperature_jumps, DESCRIPTOR(read_at), INTERVAL '1' MINUTE))")
                .doesNotContain("sql_guard_rewrite_");
        // Proving it changed nothing: the view is still the user's, with its hint.
        assertThat(((org.apache.flink.table.catalog.CatalogView) gateway().service().getTable(session,
                        org.apache.flink.table.catalog.ObjectIdentifier.of("default_catalog", "default_database",
                                "temperature_jumps"))).getOriginalQuery())
                .contains("STATE_TTL");
    }

    /** The text of an EXPLAIN's answer (its result rows). */
    @Test
    void aViewCreatedThroughConfigureSessionIsRedefinedAsTheUserWroteIt() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "create table orders (order_id string, amount double) with ('connector' = 'datagen')");
        gateway().runToEnd(session, "create table shipments (order_id string, carrier string) with ('connector' = 'datagen')");
        // As an init script gives it (the SQL client's -i): through configureSession, not executeStatement.
        gateway().service().configureSession(session, "create temporary view order_carriers (id, amt, shipped_by) as\n"
                + "-- one row per shipped order\nselect o.order_id, o.amount, s.carrier\nfrom orders o\n"
                + "join shipments s on o.order_id = s.order_id", 0L);

        String answer = explainAnswer(session,
                gateway().runToEnd(session, "EXPLAIN select id, shipped_by from order_carriers where amt > 100"));

        assertThat(answer).contains("create temporary view order_carriers (id, amt, shipped_by) as\n"
                        + "    -- one row per shipped order\n    select /*+ state_ttl(")
                .doesNotContain("the view was not defined in this session");
    }

    private String explainAnswer(SessionHandle session, OperationHandle operation) {
        return explainAnswer(gateway(), session, operation);
    }

    private static String explainAnswer(InProcessGateway gateway, SessionHandle session, OperationHandle operation) {
        assertThat(gateway.service().getOperationInfo(session, operation).getStatus().name()).isEqualTo("FINISHED");
        StringBuilder text = new StringBuilder();
        long token = 0;
        while (true) {
            ResultSet result = gateway.service().fetchResults(session, operation, token, Integer.MAX_VALUE);
            result.getData().forEach(row -> text.append(row.getString(0)));
            if (result.getResultType() == ResultSet.ResultType.EOS || result.getNextToken() == null) {
                return text.toString();
            }
            token = result.getNextToken();
        }
    }

    private String errorOf(SessionHandle session, OperationHandle operation) {
        return errorOf(gateway(), session, operation);
    }

    private static String errorOf(InProcessGateway gateway, SessionHandle session, OperationHandle operation) {
        return gateway.service().getOperationInfo(session, operation).getException()
                .map(ExceptionUtils::stringifyException)
                .orElseThrow(() -> new AssertionError("the statement was not refused"));
    }
}
