package io.github.sqlguard.rewrite;

import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proven rewrites through real gateways: the guarded gateway's refusal of an unbounded Top-N
 * carries its window Top-N, which a stock gateway ({@code sql-gateway.endpoint.type: rest}, nothing of
 * the guard) plans as a window Top-N; an EXPLAIN shows the proven rewrites; a UDF folded while planning
 * runs once per planning. Jobs are never started: the gateways' execution target is an address where
 * nothing listens, and the rewritten statement is only EXPLAINed. Every rewrite offered for the corpus
 * is planned again on stock Flink by {@code CorpusRewritesOnStockFlinkTest} (fast tier).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProvenRewritesGatewayIT {

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

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    /** A rewrite in a refusal: its SQL, indented under its heading, up to its {@code changes:} line. */
    private static final Pattern SHOWN =
            Pattern.compile("rewrite \\(window-top-n, proven in this session\\):\\n(.*?)\\n    changes: ", Pattern.DOTALL);

    private GuardedGateway stock;
    private GuardedGateway guarded;

    @BeforeAll
    void startGateways() throws Exception {
        int nowhere;
        try (ServerSocket socket = new ServerSocket(0)) {
            nowhere = socket.getLocalPort();
        }
        Map<String, String> config = Map.of(
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(nowhere),
                "rest.retry.max-attempts", "0",
                "rest.connection-timeout", "2 s");
        stock = GuardedGateway.start("rest", config);
        guarded = GuardedGateway.start("guard", config);
    }

    @AfterAll
    void stopGateways() {
        try {
            guarded.close();
        } finally {
            stock.close();
        }
    }

    @Test
    void refusalOverRestCarriesAWindowTopNThatAStockGatewayPlansAsWindowRank() throws Exception {
        String rewrite;
        String operation;
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            RestSession.StatementResult refused = session.execute(TOP_N, 0, TIMEOUT);
            operation = refused.operationHandle();

            assertThat(refused.error()).contains("BLOCK unbounded-rank").contains("columns: window_start, window_end added; plan: WindowRank");
            Matcher shown = SHOWN.matcher(refused.error().replace("\\n", "\n"));
            assertThat(shown.find()).as("a window-top-n rewrite in %s", refused.error()).isTrue();
            rewrite = shown.group(1).lines().map(line -> line.substring(4)).reduce((a, b) -> a + "\n" + b).orElseThrow();
        }
        assertThat(rewrite).startsWith("SELECT * FROM (").contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time)")
                .endsWith(") t WHERE rn <= 3;");

        try (RestSession plain = stock.openSession(Map.of())) {
            assertThat(plain.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            String plan = explained(plain, CorpusRewritesOnStockFlinkTest.withoutSemicolon(rewrite));
            assertThat(plan).contains("WindowRank(").doesNotContain("Rank(strategy=");
        }

        JsonNode record = AuditFile.forOperation(operation).orElseThrow();
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        assertThat(record.path("rewrites").get(0).path("family").asText()).isEqualTo("window-top-n");
        assertThat(record.path("rewrites").get(0).path("operators").get(0).asText()).isEqualTo("WindowRank");
    }

    /**
     * Issue 29 item 9: what user code the guard's plannings run, and how often. A UDF called with a
     * constant argument is folded (its {@code eval} run) by every planning of the statement: once for
     * the statement itself, and once for each rewrite candidate the guard wrote and planned to prove
     * it, as docs/operations/hardening.md (user code that planning runs) says; a stock gateway plans
     * the statement once.
     */
    @Test
    void aRefusalRunsAUdfFoldedWhilePlanningOnceForItselfAndOncePerCandidateProven() throws Exception {
        String query = "SELECT * FROM (\n  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id"
                + " ORDER BY amount DESC) AS rn FROM orders WHERE user_id <> counted('k')\n) t WHERE rn <= 3";
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            assertThat(session.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'",
                    0, TIMEOUT).error()).isNull();
            CountedFunction.evals.set(0);

            RestSession.StatementResult refused = session.execute(query, 0, TIMEOUT);

            assertThat(refused.error()).contains("BLOCK unbounded-rank");
            JsonNode record = AuditFile.forOperation(refused.operationHandle()).orElseThrow();
            int planned = 0;
            for (JsonNode count : record.path("rewriteCounts")) {
                planned += count.path("planned").asInt();
            }
            assertThat(planned).as("candidates planned to prove them").isPositive();
            assertThat(CountedFunction.evals.get()).as("eval runs: the statement's planning and one per candidate planned")
                    .isEqualTo(1 + planned);
        }
        try (RestSession plain = stock.openSession(Map.of())) {
            assertThat(plain.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            assertThat(plain.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'",
                    0, TIMEOUT).error()).isNull();
            CountedFunction.evals.set(0);
            assertThat(plain.execute("EXPLAIN " + query, 1, TIMEOUT).error()).isNull();
            assertThat(CountedFunction.evals.get()).as("a stock gateway's one planning").isEqualTo(1);
        }
    }

    @Test
    void explainOverRestShowsTheProvenRewriteInTheGuardSection() throws Exception {
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();

            RestSession.StatementResult explained = session.execute("EXPLAIN " + TOP_N, 0, TIMEOUT);

            assertThat(explained.error()).isNull();
            String text = explained.rows().get(0).path("fields").get(0).asText();
            String section = text.substring(text.indexOf("== SQL Guard =="));
            assertThat(section).contains("BLOCK unbounded-rank")
                    .contains("rewrite (window-top-n, proven in this session):")
                    .contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE)")
                    .contains("rewrite (session-state-ttl, proven in this session):");
        }
    }

    private static String explained(RestSession session, String statement) throws Exception {
        RestSession.StatementResult result = session.execute("EXPLAIN " + statement, 0, TIMEOUT);
        assertThat(result.error()).as("EXPLAIN %s", statement).isNull();
        return result.rows().get(0).path("fields").get(0).asText();
    }
}
