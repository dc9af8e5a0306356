package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.LintLikeSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * Rewrites that set a state TTL say, or avoid, what the TTL changes in the statement's results,
 * through the guard's pipeline and Flink's planner (every rewrite proven, as lint proves them): a
 * TTL never shorter than the statement's own time bound, and a distinct aggregate's values expiring
 * one by one said in the {@code changes:} line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TtlRewritesKeepMeaningTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, order_time TIMESTAMP(3)) WITH ('connector' = 'datagen')";
    private static final String SHIPMENTS =
            "CREATE TABLE shipments (order_id STRING, ship_time TIMESTAMP(3)) WITH ('connector' = 'datagen')";
    private static final String VIEWS =
            "CREATE TABLE page_views (user_id STRING, page STRING) WITH ('connector' = 'datagen')";

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    private List<Rewrite> rewrites(String statement) {
        List<Submission> all = lint.run(Map.of(), List.of(ORDERS, SHIPMENTS, VIEWS, statement), Map.of());
        return all.get(all.size() - 1).decision().rewrites().verified();
    }

    /** The rewrites among {@code rewrites} that set a state TTL (a hint or a session SET); at least one. */
    private static List<Rewrite> ttlRewrites(List<Rewrite> rewrites) {
        List<Rewrite> ttl = rewrites.stream()
                .filter(r -> r.family().equals("state-ttl-hint") || r.family().equals("session-state-ttl")).toList();
        assertThat(ttl).as("TTL rewrites in %s", rewrites).isNotEmpty();
        return ttl;
    }

    @Test
    void ttlOfAJoinWhoseConditionKeepsRowsThreeDaysApartCoversTheThreeDays() {
        List<Rewrite> rewrites = rewrites(
                "SELECT o.order_id, s.ship_time FROM orders o JOIN shipments s ON o.order_id = s.order_id"
                        + " AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '3' DAY");

        List<Rewrite> ttl = ttlRewrites(rewrites);
        for (Rewrite rewrite : ttl) {
            assertThat(rewrite.sql()).as(rewrite.family()).contains("'3 d'").doesNotContain("'1 d'");
            assertThat(rewrite.chosen()).contains("INTERVAL '3' DAY");
        }
    }

    @Test
    void ttlLongerThanTheStatementsBoundsIsTheConfiguredOne() {
        List<Rewrite> rewrites = rewrites(
                "SELECT o.order_id, s.ship_time FROM orders o JOIN shipments s ON o.order_id = s.order_id"
                        + " AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '2' HOUR");

        assertThat(rewrites).filteredOn(r -> r.family().equals("session-state-ttl")).singleElement()
                .satisfies(r -> assertThat(r.sql()).contains("SET 'table.exec.state.ttl' = '1 d'"));
    }

    @Test
    void distinctCountUnderATtlSaysAValueIsCountedAgainTheTtlAfterItsFirstArrival() {
        // An insert-only input: Flink writes a distinct value's entry only when it is new (DistinctAggCodeGen), so the
        // TTL runs from the value's first arrival, not its last.
        List<Rewrite> rewrites = rewrites("SELECT user_id, COUNT(DISTINCT page) AS pages FROM page_views GROUP BY user_id");

        List<Rewrite> ttl = ttlRewrites(rewrites);
        assertThat(ttl).isNotEmpty();
        for (Rewrite rewrite : ttl) {
            assertThat(rewrite.changes()).as(rewrite.family())
                    .contains("COUNT(DISTINCT page): a TTL expires each distinct value the TTL after it was first counted,"
                            + " however often it comes again")
                    .contains("its next arrival is counted again")
                    .doesNotContain("not seen for the TTL");
        }
    }

    @Test
    void distinctCountOfAGroupingKeyUnderATtlSaysTheKeysOneValueIsCountedAgainWhileTheKeyIsActive() {
        List<Rewrite> rewrites = rewrites("SELECT user_id, page, COUNT(DISTINCT page) AS pages FROM page_views"
                + " GROUP BY user_id, page");

        List<Rewrite> ttl = ttlRewrites(rewrites);
        assertThat(ttl).isNotEmpty();
        for (Rewrite rewrite : ttl) {
            assertThat(rewrite.changes()).as(rewrite.family())
                    .contains("COUNT(DISTINCT page) reads grouping keys alone: its one value per key")
                    .contains("counted again, once per TTL")
                    .doesNotContain("expires each distinct value");
        }
    }

    @Test
    void distinctSumAndListUnderATtlSayAValueSeenAgainIsAddedOrListedAgainNotCounted() {
        List<Rewrite> rewrites = rewrites("SELECT user_id, SUM(DISTINCT CHAR_LENGTH(page)) AS s, LISTAGG(DISTINCT page) AS l"
                + " FROM page_views GROUP BY user_id");

        List<Rewrite> ttl = ttlRewrites(rewrites);
        for (Rewrite rewrite : ttl) {
            assertThat(rewrite.changes()).as(rewrite.family())
                    .contains("the TTL after it was first added or listed")
                    .contains("its next arrival is added or listed again")
                    .doesNotContain("counted again");
        }
    }

    @Test
    void hintRewriteChangesOnlyTheValueThatNeverExpiresAndKeepsTheUsersOwnPerInputTtls() {
        List<Rewrite> rewrites = rewrites(
                "SELECT /*+ STATE_TTL('t' = '0') */ t.user_id, COUNT(*) AS n FROM ("
                        + "SELECT /*+ STATE_TTL('o' = '90 d', 's' = '30 d') */ o.user_id FROM orders o"
                        + " JOIN shipments s ON o.order_id = s.order_id) t GROUP BY t.user_id");

        assertThat(rewrites).filteredOn(r -> r.family().equals("state-ttl-hint")).singleElement().satisfies(r -> {
            // The aggregation over the join gets the join's longer input TTL, not 1 d (PipelineTtls).
            assertThat(r.sql()).contains("'t' = '90 d'").contains("'o' = '90 d'").contains("'s' = '30 d'");
            // The user's '0' pin is replaced, and the changes say so first; the join's SELECT is not the finding's and
            // keeps its hint (HintBlocks), whose TTLs the line says as the rewrite's plan gives them.
            assertThat(r.changes())
                    .startsWith("replaces your STATE_TTL pin 't' = '0', which keeps its state forever, with '90 d'")
                    .contains("the Join of orders with shipments, which keeps the rows of orders under a TTL of 90 d and"
                            + " those of shipments under a TTL of 30 d");
        });
    }

    /**
     * A pin on another operator is not the finding's: the aggregation's rewrite keeps the join's {@code 'o' = '0'} and
     * {@code 's' = '30 d'} as the user wrote them, and says the pipeline's operators then expire at different times
     * (issue 30 §1; before round 70 every hint rewrite replaced every '0' of the statement, case 1145).
     */
    @Test
    void hintRewriteForAnUnpinnedOperatorKeepsThePinTheUserWroteOnAnother() {
        List<Rewrite> rewrites = rewrites(
                "SELECT t.user_id, COUNT(*) AS n FROM ("
                        + "SELECT /*+ STATE_TTL('o' = '0', 's' = '30 d') */ o.user_id FROM orders o"
                        + " JOIN shipments s ON o.order_id = s.order_id) t GROUP BY t.user_id");

        assertThat(rewrites).filteredOn(r -> r.family().equals("state-ttl-hint"))
                .anySatisfy(r -> {
                    assertThat(r.sql()).contains("STATE_TTL('o' = '0', 's' = '30 d')").contains("STATE_TTL('t' = '");
                    assertThat(r.changes()).doesNotContain("replaces your STATE_TTL pin")
                            .contains("operators of one pipeline expire at different times");
                });
    }

    /**
     * A hint value too short for its finding to name a usable TTL ('30 s' under a 90-day filter, where {@code
     * sql-guard.max-state-ttl} is 30 d, so the 90 d that covers the filter is not one the policy takes): the {@code
     * ttl-unit} rewrite writes no value, where it wrote the configured '1 d', which forgets a user the filter still
     * counts for 89 days more (issue 30 §1; its last fallback, round 71).
     */
    @Test
    void ttlUnitWritesNoTtlShorterThanTheStatementsBoundWhereNoneCoveringItIsAllowed() {
        try (LintLikeSession capped = new LintLikeSession(
                Map.of("execution.runtime-mode", "streaming", "sql-guard.max-state-ttl", "30 d"))) {
            List<Submission> all = capped.run(Map.of(), List.of(ORDERS,
                    "SELECT /*+ STATE_TTL('orders' = '30 s') */ user_id, COUNT(*) AS n FROM orders"
                            + " WHERE order_time > CURRENT_TIMESTAMP - INTERVAL '90' DAY GROUP BY user_id"), Map.of());
            List<Rewrite> rewrites = all.get(all.size() - 1).decision().rewrites().verified();

            assertThat(rewrites).filteredOn(r -> r.family().equals(TtlWithUnit.ID)).isEmpty();
            assertThat(rewrites).noneMatch(r -> r.sql().contains("'1 d'"));
        }
    }
}
