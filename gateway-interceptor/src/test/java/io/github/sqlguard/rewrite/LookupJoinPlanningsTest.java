package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.LintLikeSession;
import io.github.sqlguard.testing.LookupCatalog;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * The {@code lookup-join} rewrite plans no candidate over a table that Flink's factory says is no lookup source
 * ({@code datagen}: {@code ExplainedPlan#lookupSupport} is {@code SCAN_ONLY}), which Flink would refuse (issue 32: plan
 * no candidate that cannot plan); over a table whose factory makes a lookup source it is planned and shown. The same
 * join over each: the scan-only one plans one candidate fewer. Plannings are counted ({@link Rewrites.Tally#planned}),
 * not timed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LookupJoinPlanningsTest {

    private static final String ORDERS = "CREATE TABLE orders (order_id STRING, customer_id STRING, proc_time AS PROCTIME())"
            + " WITH ('connector' = 'datagen')";

    private LintLikeSession every;

    @BeforeAll
    void start() {
        every = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        every.close();
    }

    @Test
    void aScanOnlyDimensionGetsNoLookupJoinCandidateAndALookupSourceGetsIt() {
        Submission scanOnly = joined("customers");
        Submission lookup = joined("dim.`default`.customers");

        assertThat(families(scanOnly)).doesNotContain(LookupJoin.ID);
        assertThat(families(lookup)).contains(LookupJoin.ID);
        // The same candidates of the other families for both joins; the lookup join's alone is not planned over datagen.
        assertThat(planned(scanOnly)).isEqualTo(planned(lookup) - 1);
    }

    @Test
    void aStreamSideThatLooksUpADimensionIsMatchedWithItsLookupJoinsTableAndTheSideReadOnceKeepsNoTtl() {
        // The stream side reads orders and, through its lookup join, dim's customers: the plan's side reads both
        // tables (the LookupJoin node names the second), as the SQL's side does.
        List<Submission> run = every.run(Map.of(), Map.of("dim", new LookupCatalog("dim", false)), List.of(
                ORDERS,
                "CREATE TABLE dim.`default`.customers (id STRING, name STRING) WITH ('connector' = 'datagen')",
                "CREATE TABLE currencies (code STRING, rate DOUBLE) WITH ('connector' = 'datagen', 'number-of-rows' = '30')",
                "SELECT e.order_id, e.name, cur.rate FROM (SELECT o.order_id, o.customer_id, c.name FROM orders o"
                        + " JOIN dim.`default`.customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.customer_id = c.id) e"
                        + " JOIN currencies cur ON e.customer_id = cur.code"), Map.of());
        Submission last = run.get(run.size() - 1);

        Rewrite hinted = last.decision().rewrites().verified().stream().filter(r -> r.family().equals("state-ttl-hint"))
                .findFirst().orElseThrow();
        assertThat(hinted.sql()).contains("/*+ STATE_TTL('e' = '1 d') */").doesNotContain("'cur' =");
        assertThat(hinted.changes()).contains("cur, the side read once (currencies: a bounded source), keeps every row it"
                + " read with no TTL");
    }

    /** The join of the orders with {@code customers} (a datagen table by that name in both catalogs). */
    private Submission joined(String customers) {
        List<Submission> run = every.run(Map.of(), Map.of("dim", new LookupCatalog("dim", false)), List.of(
                ORDERS,
                "CREATE TABLE customers (id STRING, name STRING) WITH ('connector' = 'datagen')",
                "CREATE TABLE dim.`default`.customers (id STRING, name STRING) WITH ('connector' = 'datagen')",
                "SELECT o.order_id, c.name FROM orders o JOIN " + customers + " c ON o.customer_id = c.id"), Map.of());
        Submission last = run.get(run.size() - 1);
        List<Finding> warned = last.decision().verdict().findings(Level.WARN);
        assertThat(warned).extracting(Finding::ruleId).contains("stateful-without-ttl");
        return last;
    }

    private static List<String> families(Submission submission) {
        return submission.decision().rewrites().verified().stream().map(Rewrite::family).toList();
    }

    private static int planned(Submission submission) {
        return submission.decision().rewrites().tallies().stream().mapToInt(Rewrites.Tally::planned).sum();
    }
}
