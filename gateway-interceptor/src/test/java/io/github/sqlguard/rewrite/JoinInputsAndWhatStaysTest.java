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
 * What a TTL rewrite's {@code changes:} line names, through the guard's pipeline and Flink's planner (every rewrite
 * proven, as lint proves them): a self-join's two inputs told apart ({@code TtlMix}: by the statement's aliases, or
 * "joined with itself"), a SEMI join's subquery side named as such, and the operator a rewrite leaves without a TTL
 * ({@code Prover#leftUnbounded}), which also puts that rewrite after one of the same finding that leaves none
 * ({@code Rewriter}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JoinInputsAndWhatStaysTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen')";
    private static final String READINGS = "CREATE TABLE readings (device_id INT, ts TIMESTAMP_LTZ(3), temperature DOUBLE,"
            + " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    private List<Rewrite> rewrites(String... statements) {
        List<String> script = new java.util.ArrayList<>(List.of(ORDERS, READINGS));
        script.addAll(List.of(statements));
        List<Submission> all = lint.run(Map.of(), script, Map.of());
        return all.get(all.size() - 1).decision().rewrites().verified();
    }

    private static String hintChanges(List<Rewrite> rewrites) {
        return rewrites.stream().filter(r -> r.family().equals("state-ttl-hint")).map(Rewrite::changes)
                .filter(c -> c.contains("expire at different times")).findFirst().orElseThrow();
    }

    @Test
    void selfJoinSidesAreNamedByTheirAliases() {
        String changes = hintChanges(rewrites("SELECT a.customer_id, COUNT(*) AS pairs FROM orders a"
                + " JOIN orders b ON a.customer_id = b.customer_id AND a.order_id <> b.order_id GROUP BY a.customer_id"));

        assertThat(changes).contains("the Join of orders AS a with orders AS b").doesNotContain("orders with orders");
    }

    @Test
    void selfJoinThroughAViewReadTwiceIsAJoinWithItself() {
        String changes = hintChanges(rewrites("CREATE TEMPORARY VIEW large_orders AS SELECT * FROM orders WHERE amount > 100",
                "SELECT a.customer_id, COUNT(*) AS pairs FROM large_orders a"
                        + " JOIN large_orders b ON a.customer_id = b.customer_id AND a.order_id < b.order_id"
                        + " GROUP BY a.customer_id"));

        assertThat(changes).contains("the Join of orders with itself").doesNotContain("orders with orders");
    }

    @Test
    void semiJoinNamesItsSubquerySide() {
        String changes = hintChanges(rewrites("SELECT customer_id, COUNT(*) AS n FROM orders"
                + " WHERE customer_id IN (SELECT customer_id FROM orders WHERE amount > 500) GROUP BY customer_id"));

        assertThat(changes).contains("the SEMI Join of orders with the subquery over orders");
    }

    @Test
    void hintLeavingTheOverAggregateUnboundedComesAfterTheSetAndSaysWhatStays() {
        List<Rewrite> rewrites = rewrites("WITH carried AS (SELECT device_id, LAST_VALUE(temperature) OVER (PARTITION BY"
                + " device_id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS last_temperature FROM readings)"
                + " SELECT device_id, MAX(last_temperature) AS highest FROM carried GROUP BY device_id");
        List<Rewrite> aggregation = rewrites.stream().filter(r -> r.findingNode().startsWith("GroupAggregate")).toList();

        assertThat(aggregation).extracting(Rewrite::family).containsSubsequence("session-state-ttl", "state-ttl-hint");
        assertThat(aggregation).filteredOn(r -> r.family().equals("state-ttl-hint")).singleElement()
                .satisfies(r -> assertThat(r.changes()).contains("it leaves the OverAggregate"));
    }
}
