package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.RuleTestKit;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One in-process test per rule of the catalog: a statement that provokes it, judged through
 * Flink's real parser and planner on a plain table environment ({@link RuleTestKit}), with the
 * level the rule reports by default; a rule without a row here is provoked by the cases whose
 * header names it. The last test checks that every rule of the catalog is covered.
 */
class EveryRuleInProcessTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND)"
                    + " WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    /** A TIMESTAMP column without a WATERMARK: a Top-1 by it is a deduplication Flink cannot recognize. */
    private static final String BIDS =
            "CREATE TABLE bids (bid_id STRING, auction STRING, placed_at TIMESTAMP(3))"
                    + " WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    private static final String TOP_N =
            "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                    + " AS rn FROM orders) WHERE rn <= 3";

    /** An OVER ordered by a non-time column: an OverAggregate in Flink 2.3, a planner error in 1.20. */
    private static final String OVER_NON_TIME =
            "SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount) AS rn FROM orders";

    private static final boolean PLANS_OVER_NON_TIME = !FlinkLine.current().line().equals("1.20");

    /** Rules whose symptom this line's planner does not produce from SQL; tested elsewhere. */
    private static final Map<String, String> COVERED_ELSEWHERE = coveredElsewhere();

    private static Map<String, String> coveredElsewhere() {
        Map<String, String> covered = new java.util.HashMap<>(
                PLANS_OVER_NON_TIME
                        ? Map.of("over-order-non-time",
                                "DiagnosisThroughPlannerTest (Flink 2.3 plans such an OVER as OverAggregate)")
                        : Map.of("unbounded-over-aggregate",
                                "the Flink 2.3 run of this test (Flink 1.20 rejects such an OVER: over-order-non-time)"));
        // A restore is judged against a real savepoint, through the gateway's sessions.
        for (String restore : List.of("restore-unreadable", "restore-unclaimed-state", "restore-state-skipped",
                "restore-incompatible-state", "restore-changed-meaning")) {
            covered.put(restore, "RestoreRulesTest and StateChangesIT (real savepoints on a real cluster)");
        }
        covered.put("restore-max-parallelism",
                "StatementRestoresTest and StateChangesIT pairs 28-31 (real savepoints on a real cluster)");
        return covered;
    }

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("unbounded-rank", List.of(ORDERS), TOP_N, Level.BLOCK),
                Arguments.of("dedup-not-recognized", List.of(BIDS),
                        "SELECT * FROM (SELECT bid_id, auction, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY placed_at DESC)"
                                + " AS rn FROM bids) WHERE rn = 1", Level.WARN),
                Arguments.of("rank-retract", List.of(ORDERS),
                        "SELECT * FROM (SELECT user_id, total, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY total DESC) AS rn"
                                + " FROM (SELECT user_id, order_id, SUM(amount) AS total FROM orders GROUP BY user_id, order_id))"
                                + " WHERE rn <= 3", Level.WARN),
                Arguments.of("global-rank", List.of(ORDERS),
                        "SELECT * FROM (SELECT order_id, amount, ROW_NUMBER() OVER (ORDER BY amount DESC) AS rn FROM orders)"
                                + " WHERE rn <= 3", Level.WARN),
                Arguments.of("proctime-top-n", List.of(ORDERS, "SET 'table.exec.state.ttl' = '1 d'"),
                        "SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY"
                                + " PROCTIME() DESC) AS rn FROM orders) WHERE rn <= 3", Level.WARN),
                Arguments.of("large-top-n", List.of(ORDERS, "SET 'table.exec.state.ttl' = '1 d'"),
                        TOP_N.replace("rn <= 3", "rn <= 5000"), Level.WARN),
                PLANS_OVER_NON_TIME
                        ? Arguments.of("unbounded-over-aggregate", List.of(ORDERS), OVER_NON_TIME, Level.BLOCK)
                        : Arguments.of("over-order-non-time", List.of(ORDERS), OVER_NON_TIME, Level.BLOCK),
                Arguments.of("stateful-without-ttl", List.of(ORDERS),
                        "SELECT user_id, SUM(amount) FROM orders GROUP BY user_id", Level.WARN),
                Arguments.of("ttl-bare-number", List.of(), "SET 'table.exec.state.ttl' = '24'", Level.WARN),
                Arguments.of("ttl-too-short", List.of(), "SET 'table.exec.state.ttl' = '10 s'", Level.BLOCK),
                Arguments.of("ttl-invalid-value", List.of(), "SET 'table.exec.state.ttl' = 'one day'", Level.BLOCK),
                Arguments.of("ttl-not-a-table-option", List.of(),
                        ORDERS.replace("'rows-per-second' = '10'", "'rows-per-second' = '10', 'state.ttl' = '1 d'"),
                        Level.WARN),
                Arguments.of("ttl-unknown-key", List.of(), "SET 'table.exec.state-ttl' = '1 d'", Level.WARN),
                Arguments.of("ttl-hint-ignored", List.of(ORDERS),
                        "SELECT /*+ STATE_TTL('orders' = '1 d') */ order_id FROM orders WHERE amount > 10", Level.WARN),
                Arguments.of("rn-filter-in-same-select", List.of(ORDERS),
                        "SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time) AS rn FROM orders"
                                + " WHERE rn <= 3", Level.BLOCK),
                Arguments.of("frame-with-row-number", List.of(ORDERS),
                        "SELECT * FROM (SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time ROWS BETWEEN"
                                + " UNBOUNDED PRECEDING AND CURRENT ROW) AS rn FROM orders) WHERE rn <= 3", Level.BLOCK),
                Arguments.of("over-order-desc", List.of(ORDERS),
                        "SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn FROM orders",
                        Level.BLOCK),
                Arguments.of("over-without-order-by", List.of(ORDERS),
                        "SELECT order_id, COUNT(*) OVER (PARTITION BY user_id) AS n FROM orders", Level.BLOCK),
                Arguments.of("sort-non-time", List.of(ORDERS), "SELECT * FROM orders ORDER BY amount", Level.BLOCK),
                Arguments.of("rank-function-unsupported", List.of(ORDERS),
                        "SELECT * FROM (SELECT order_id, RANK() OVER (PARTITION BY user_id ORDER BY amount DESC) AS r FROM orders)"
                                + " WHERE r <= 3", Level.BLOCK),
                Arguments.of("row-number-without-order-by", List.of(ORDERS),
                        "SELECT * FROM (SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY 1) AS rn FROM orders)"
                                + " WHERE rn = 1", Level.BLOCK),
                Arguments.of("lateral-top-n-unsupported", List.of(ORDERS),
                        "SELECT o.user_id, t.order_id FROM (SELECT DISTINCT user_id FROM orders) AS o, LATERAL (SELECT"
                                + " order_id FROM orders WHERE orders.user_id = o.user_id AND amount > 10 ORDER BY amount"
                                + " DESC LIMIT 2) AS t", Level.BLOCK),
                Arguments.of("planner-error", List.of(), "SELECT * FROM no_such_table", Level.BLOCK));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void reportsItsFindingThroughTheRealPlanner(String ruleId, List<String> setup, String statement, Level level) {
        RuleTestKit kit = RuleTestKit.streaming();
        setup.forEach(kit::apply);
        Decision decision = kit.decide(statement);
        assertThat(decision.verdict().findings())
                .as("findings of %s", statement)
                .filteredOn(f -> f.ruleId().equals(ruleId))
                .extracting(Finding::level)
                .contains(level);
    }

    /**
     * The cases of the rules the table above does not list: a rule added with its cases (as
     * docs/rules/ADDING.md says) is provoked here by each case whose header names it, in-process,
     * with the verdict this line's planner gives ({@link SqlScript#read}).
     */
    static Stream<Path> casesOfRulesWithoutARow() {
        Set<String> rows = rowIds();
        return CaseCorpus.all().stream()
                .filter(file -> CaseCorpus.headerRules(file).stream().anyMatch(id -> !rows.contains(id)));
    }

    @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
    @MethodSource("casesOfRulesWithoutARow")
    void reportsTheVerdictOfItsCasesThroughTheRealPlanner(Path file) throws Exception {
        SqlScript script = SqlScript.read(file);
        assertThat(script.sessionProperties()).as("session properties of %s (not supported in-process)", file).isEmpty();
        RuleTestKit kit = RuleTestKit.streaming(script.policy());
        List<String> statements = script.statements();
        statements.subList(0, statements.size() - 1).forEach(kit::apply);
        Decision decision = kit.decide(statements.get(statements.size() - 1));
        assertThat(decision.verdictLabel()).as("verdict of %s (findings %s)", script.name(), decision.verdict().findings())
                .isEqualTo(script.expectedVerdict());
        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).as("rules of %s", script.name())
                .containsAll(script.expectedRules());
    }

    @Test
    void coversEveryRuleOfTheCatalog() {
        Set<String> tested = rowIds();
        casesOfRulesWithoutARow().forEach(file -> tested.addAll(CaseCorpus.headerRules(file)));
        Set<String> catalog =
                RuleCatalog.builtIn().rules().stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(tested).containsAll(catalog);
    }

    /** The rules the table provokes, and those covered elsewhere on this line. */
    private static Set<String> rowIds() {
        Set<String> ids = rules().map(a -> (String) a.get()[0]).collect(Collectors.toCollection(TreeSet::new));
        ids.addAll(COVERED_ELSEWHERE.keySet());
        return ids;
    }
}
