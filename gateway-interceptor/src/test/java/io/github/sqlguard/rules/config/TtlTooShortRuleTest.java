package io.github.sqlguard.rules.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.plan.PlanParser;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.testing.RuleTestKit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ttl-too-short} on the TTL a statement's operators really get, through Flink's real planner
 * ({@link RuleTestKit}): the session's TTL is set in the table environment directly, as a session
 * whose TTL was set under a laxer scope (or before a policy reload) has it.
 */
class TtlTooShortRuleTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND)"
                    + " WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    /** A non-window Top-N over a window table function's {@code SELECT *}: two rowtime columns. */
    private static final String TOP_N_OVER_TUMBLE_STAR =
            "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                    + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTE))) WHERE rn <= 3";

    private static RuleTestKit session(String ttl) {
        return RuleTestKit.streaming().apply(ORDERS).apply("SET 'table.exec.state.ttl' = '" + ttl + "'");
    }

    @Test
    void compilesAQueryWithTwoRowtimeColumnsSoEachOperatorHasFlinksOwnTtl() {
        Decision decision = session("1 d").decide(TOP_N_OVER_TUMBLE_STAR);

        ExplainedPlan plan = decision.plan().orElseThrow();
        assertThat(plan.compiled()).as("compiled into the analysis sink").isTrue();
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.node().state()).extracting(OperatorState::ttl).containsOnly(Duration.ofDays(1));
        assertThat(decision.verdictLabel()).isEqualTo("OK");
    }

    @Test
    void blocksATopNOverAWindowTableFunctionsSelectStarUnderAShortSessionTtl() {
        Decision decision = session("24").decide(TOP_N_OVER_TUMBLE_STAR);

        Finding finding = finding(decision);
        assertThat(finding.level()).isEqualTo(Level.BLOCK);
        assertThat(finding.reason()).startsWith("Rank gets a state TTL of 24 ms").contains("Flink's compiled plan");
        assertThat(finding.node()).startsWith("Rank[");
    }

    @Test
    void judgesTheInferredTtlOfAPlanFlinkCannotCompile() {
        // A CREATE TABLE AS of two rowtime columns: its table sink refuses them (as Flink does when it
        // runs), so the guard judges the explained plan of its query.
        Decision decision =
                session("2 s").decide("CREATE TABLE top3 WITH ('connector' = 'blackhole') AS " + TOP_N_OVER_TUMBLE_STAR);

        ExplainedPlan plan = decision.plan().orElseThrow();
        assertThat(plan.compiled()).isFalse();
        assertThat(plan.inferredStateTtl()).contains(Duration.ofSeconds(2));
        Finding finding = finding(decision);
        assertThat(finding.level()).isEqualTo(Level.BLOCK);
        assertThat(finding.reason()).startsWith("Rank gets a state TTL of 2 s").contains("inferred from table.exec.state.ttl");
    }

    @Test
    void aHintedAggregateOfAnExplainedPlanIsJudgedByItsHintNotTheSessionTtl() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        // No watermark: Flink 1.20 cannot match a STATE_TTL hint to a table declared with one.
        tEnv.executeSql("CREATE TABLE payments (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen')");
        String hinted = "SELECT /*+ STATE_TTL('payments' = '1 d') */ user_id, COUNT(*) AS cnt FROM payments GROUP BY user_id";
        // The plan as the guard reads it where Flink cannot compile: EXPLAIN's text.
        ExplainedPlan explained =
                new PlanParser().parse(tEnv.explainSql(hinted, ExplainDetail.CHANGELOG_MODE))
                        .withInferredStateTtl(Duration.ofSeconds(2));
        ParsedStatement statement = new StatementParser().parse(hinted);
        Policy policy = Policy.defaults(RuleCatalog.builtIn());

        List<Finding> findings =
                new RuleEngine(RuleCatalog.builtIn(), policy)
                        .evaluate(new AnalysisContext(
                                statement, Optional.of(explained), Optional.empty(), true, Duration.ofSeconds(2), List.of(),
                                Map.of("table.exec.state.ttl", "2 s"), policy.ruleOptions()))
                        .findings();

        assertThat(explained.operators()).anyMatch(o -> o instanceof Operator.GroupAggregate);
        assertThat(findings).extracting(Finding::ruleId).doesNotContain(TtlTooShortRule.ID);
    }

    private static Finding finding(Decision decision) {
        return decision.verdict().findings().stream()
                .filter(f -> f.ruleId().equals(TtlTooShortRule.ID))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no ttl-too-short finding in " + decision.verdict().findings()));
    }
}
