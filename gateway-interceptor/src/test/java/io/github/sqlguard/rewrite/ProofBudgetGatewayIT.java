package io.github.sqlguard.rewrite;

import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proofs of a refusal's rewrites through a real gateway, counted in plannings, not time, so that
 * no assertion depends on the machine's speed. Each planning of a statement that calls {@link
 * CountedFunction} with a constant argument runs its {@code eval} once (Flink folds the call while it
 * plans), so the function counts what the guard really planned, beside what its audit record says.
 *
 * <ul>
 *   <li>Issue 29 item 3: one statement with many candidates ({@code UNION ALL} of Top-Ns) plans at most
 *       {@code sql-guard.rewrite.max-plannings} candidates; the others are not planned and not shown,
 *       the statement still gets its verdict, and its answer and record say how many were skipped.
 *   <li>Issue 32: a refusal plans no candidate twice; a candidate written for findings of two rules
 *       (the session state TTL that answers a Top-N and an aggregation) is planned once.
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProofBudgetGatewayIT {

    private static final String ORDERS =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    /**
     * One planning: the window Top-N that rewrites every branch at once answers each Top-N's finding with the
     * same candidate (planned once, RewriteContext); the session state TTL would be the second planning.
     */
    private static final int MAX_PLANNINGS = 1;
    private static final int TOP_NS = 8;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** Proofs limited to {@link #MAX_PLANNINGS} plannings per statement. */
    private GuardedGateway limited;

    @BeforeAll
    void startGateway() throws Exception {
        // Only the count: the time limits (the proofs' one explain-timeout, the rewrite time-out) far out of reach.
        limited = GuardedGateway.start(Map.of(
                RewriteOptions.MAX_PLANNINGS.key(), String.valueOf(MAX_PLANNINGS),
                RewriteOptions.TIMEOUT.key(), "10 min",
                "sql-guard.explain-timeout", "10 min"));
    }

    @AfterAll
    void stopGateway() {
        limited.close();
    }

    @Test
    void aStatementWithManyCandidatesPlansOnlyItsBudgetAndSaysHowManyItSkipped() throws Exception {
        List<String> topNs = new ArrayList<>();
        for (int i = 1; i <= TOP_NS; i++) {
            // Only the first branch calls the counted function: one eval per planning of the whole statement.
            topNs.add("SELECT order_id, user_id, amount, rn FROM (\n  SELECT order_id, user_id, amount, ROW_NUMBER() OVER"
                    + " (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders"
                    + (i == 1 ? " WHERE user_id <> counted('k')" : "") + "\n) WHERE rn <= " + i);
        }
        try (RestSession session = limited.openSession(Map.of())) {
            createOrdersAndCounted(session);
            CountedFunction.evals.set(0);

            // EXPLAIN proves every candidate: after the shared window Top-N, the session TTL would be the second planning.
            RestSession.StatementResult explained =
                    session.execute("EXPLAIN " + String.join("\nUNION ALL\n", topNs), 0, TIMEOUT);

            assertThat(explained.error()).isNull();
            String answer = explained.rows().get(0).path("fields").get(0).asText();
            assertThat(answer).as("the statement's own verdict").contains("BLOCK unbounded-rank")
                    .contains("proofs stopped: the proofs have made 1 planning, sql-guard.rewrite.max-plannings (1); ")
                    .contains("not planned, not shown; no rewrite written for the ")
                    .doesNotContain("sql-guard.rewrite.timeout");
            JsonNode record = AuditFile.forOperation(explained.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
            Counts counts = Counts.of(record);
            assertThat(counts.planned).as("plannings of the proofs").isEqualTo(MAX_PLANNINGS);
            assertThat(counts.skipped).as("candidates not planned for the budget").isPositive();
            // An EXPLAIN through the guard plans the statement twice (the guard's judgement, Flink's EXPLAIN answer:
            // DeepStatementPlanningsTest), then the proofs.
            assertThat(CountedFunction.evals.get()).as("the statement's two plannings and the proofs' budget, no more")
                    .isEqualTo(2 + MAX_PLANNINGS);
            assertThat(record.path("rewrites").size()).as("rewrites shown: only those proven").isEqualTo(counts.verified);

            // The refusal proves each BLOCK finding's best rewrite and stops: the shared window Top-N, within the budget.
            CountedFunction.evals.set(0);
            RestSession.StatementResult refused = session.execute(String.join("\nUNION ALL\n", topNs), 0, TIMEOUT);
            assertThat(refused.error()).contains("Statement blocked by policy: unbounded-rank")
                    .doesNotContain("proofs stopped").contains(Rewriter.EVERY_IN_EXPLAIN);
            JsonNode refusal = AuditFile.forOperation(refused.operationHandle()).orElseThrow();
            assertThat(refusal.path("outcome").asText()).isEqualTo("blocked");
            Counts best = Counts.of(refusal);
            assertThat(best.planned).as("the window Top-N, once for the %s findings", TOP_NS).isEqualTo(1);
            assertThat(best.verified).isEqualTo(TOP_NS);
            assertThat(CountedFunction.evals.get()).isEqualTo(1 + best.planned);
            assertThat(occurrences(refused.error(), "rewrite (window-top-n, proven in this session")).isEqualTo(TOP_NS);
        }
    }

    @Test
    void aRefusalPlansEachDistinctCandidateOnceAcrossFindingsAndFamilies() throws Exception {
        GuardedGateway gateway = GuardedGateway.shared();
        String topN = "SELECT order_id, user_id, amount, rn FROM (\n  SELECT order_id, user_id, amount, ROW_NUMBER() OVER"
                + " (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders WHERE user_id <> counted('k')\n) WHERE rn <= 3";
        // A Top-N (unbounded-rank, BLOCK) joined to an aggregation without a TTL: findings of more than one rule, and
        // the session state TTL answers each with the same SET and statement.
        String joined = "SELECT t.user_id, t.amount, c.n FROM (" + topN + ") t\nJOIN (SELECT user_id, COUNT(*) AS n FROM orders"
                + " GROUP BY user_id) c ON t.user_id = c.user_id";
        try (RestSession session = gateway.openSession(Map.of())) {
            createOrdersAndCounted(session);
            for (String statement : List.of(topN, joined)) {
                CountedFunction.evals.set(0);

                RestSession.StatementResult refused = session.execute(statement, 0, TIMEOUT);

                assertThat(refused.error()).contains("BLOCK unbounded-rank");
                JsonNode record = AuditFile.forOperation(refused.operationHandle()).orElseThrow();
                Counts counts = Counts.of(record);
                assertThat(counts.skipped).as("the default budget is not spent on %s", record.path("rewriteCounts")).isZero();
                assertThat(CountedFunction.evals.get()).as("plannings: the statement's, and what the record counts")
                        .isEqualTo(1 + counts.planned);
                assertThat(counts.planned).as("each candidate planned at most once").isLessThanOrEqualTo(counts.offered);
                assertThat(record.path("rewrites").get(0).path("family").asText()).as("the structural rewrite first")
                        .isEqualTo("window-top-n");
                // The refusal stops at each BLOCK finding's best rewrite: the window Top-N, one planning.
                assertThat(counts.planned).as("%s", record.path("rewriteCounts")).isEqualTo(1);
                if (statement.equals(joined)) {
                    // EXPLAIN proves the aggregation's candidates too, the session TTL planned once for both rules.
                    CountedFunction.evals.set(0);
                    RestSession.StatementResult explained = session.execute("EXPLAIN " + statement, 0, TIMEOUT);
                    assertThat(explained.error()).isNull();
                    JsonNode all = AuditFile.forOperation(explained.operationHandle()).orElseThrow();
                    Counts every = Counts.of(all);
                    assertThat(CountedFunction.evals.get()).as("the guard's and Flink's plannings, the proofs")
                            .isEqualTo(2 + every.planned);
                    assertThat(all.path("rewriteCounts").size()).as("rules answered").isGreaterThan(1);
                    assertThat(every.planned).as("a candidate shared by two rules' findings planned once: %s",
                            all.path("rewriteCounts")).isLessThan(every.offered);
                }
            }
        }
    }

    private static void createOrdersAndCounted(RestSession session) throws Exception {
        assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
        assertThat(session.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'", 0,
                TIMEOUT).error()).isNull();
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    /** A record's {@code rewriteCounts}, summed over its rules. */
    private record Counts(int offered, int verified, int rejected, int skipped, int planned) {

        static Counts of(JsonNode record) {
            int offered = 0;
            int verified = 0;
            int rejected = 0;
            int skipped = 0;
            int planned = 0;
            for (JsonNode count : record.path("rewriteCounts")) {
                assertThat(count.path("offered").asInt()).as("offered is verified + rejected + skipped: %s", count)
                        .isEqualTo(count.path("verified").asInt() + count.path("rejected").asInt() + count.path("skipped").asInt());
                offered += count.path("offered").asInt();
                verified += count.path("verified").asInt();
                rejected += count.path("rejected").asInt();
                skipped += count.path("skipped").asInt();
                planned += count.path("planned").asInt();
            }
            return new Counts(offered, verified, rejected, skipped, planned);
        }
    }
}
