package io.github.sqlguard.rules.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanParser;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.RuleTestKit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * {@code global-rank} on a window Top-N partitioned by the window alone, through Flink's real planner ({@link
 * RuleTestKit}): the {@code WindowRank}'s keys beside the window are read from the compiled plan ({@code
 * "partitionSpec"}) and from EXPLAIN's text ({@code partitionBy=[...]}) alike, so that a window Top-N keyed by a column
 * is not taken for one task's, and the two-step form the fix proposes gets no finding.
 */
class WindowRankOneTaskTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, region STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private static final String PER_WINDOW =
            "SELECT * FROM (SELECT window_start, window_end, region, order_id, amount, ROW_NUMBER() OVER (PARTITION BY"
                    + " window_start, window_end ORDER BY amount DESC) AS rn"
                    + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTES))) WHERE rn <= 3";

    private static final String PER_WINDOW_AND_REGION = PER_WINDOW.replace(
            "PARTITION BY window_start, window_end ORDER", "PARTITION BY window_start, window_end, region ORDER");

    /** The fix's form: per window and region first (in parallel), then per window over those rows. */
    private static final String TWO_STEPS =
            "SELECT window_start, window_end, order_id, amount FROM (SELECT window_start, window_end, order_id, amount,"
                    + " ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY amount DESC) AS rn2 FROM ("
                    + PER_WINDOW_AND_REGION + ")) WHERE rn2 <= 3";

    private static Decision decide(String query) {
        return RuleTestKit.streaming().apply(ORDERS).decide(query);
    }

    private static List<String> rules(Decision decision) {
        return decision.verdict().findings().stream().map(Finding::ruleId).toList();
    }

    @Test
    void reportsAWindowTopNOfTheTvfsRowsPartitionedByTheWindowAlone() {
        Decision decision = decide(PER_WINDOW);

        ExplainedPlan plan = decision.plan().orElseThrow();
        assertThat(plan.compiled()).isTrue();
        assertThat(plan.operators(Operator.WindowRank.class)).singleElement()
                .extracting(Operator.WindowRank::partitionKeys).asList().isEmpty();
        assertThat(rules(decision)).containsExactly(GlobalRankRule.ID);
    }

    @Test
    void readsTheKeysOfAWindowTopNKeyedByAColumnFromTheCompiledPlan() {
        Decision decision = decide(PER_WINDOW_AND_REGION);

        ExplainedPlan plan = decision.plan().orElseThrow();
        assertThat(plan.compiled()).isTrue();
        assertThat(plan.operators(Operator.WindowRank.class)).singleElement()
                .extracting(Operator.WindowRank::partitionKeys).asList().containsExactly("region");
        assertThat(decision.verdictLabel()).isEqualTo("OK");
    }

    @Test
    void readsTheKeysOfAWindowTopNFromExplainsText() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(ORDERS);

        ExplainedPlan keyed = new PlanParser().parse(tEnv.explainSql(PER_WINDOW_AND_REGION, ExplainDetail.CHANGELOG_MODE));
        ExplainedPlan alone = new PlanParser().parse(tEnv.explainSql(PER_WINDOW, ExplainDetail.CHANGELOG_MODE));

        assertThat(keyed.operators(Operator.WindowRank.class)).singleElement()
                .extracting(Operator.WindowRank::partitionKeys).asList().containsExactly("region");
        assertThat(alone.operators(Operator.WindowRank.class)).singleElement()
                .extracting(Operator.WindowRank::partitionKeys).asList().isEmpty();
    }

    @Test
    void theTwoStepFormOfTheFixIsNotReported() {
        Decision decision = decide(TWO_STEPS);

        assertThat(decision.plan().orElseThrow().operators(Operator.WindowRank.class))
                .extracting(Operator.WindowRank::partitionKeys)
                .containsExactlyInAnyOrder(List.of(), List.of("region"));
        assertThat(decision.verdictLabel()).isEqualTo("OK");
    }

    @Test
    void aWindowTopNOfAWindowAggregationsTotalsIsNotReported() {
        Decision decision = decide("SELECT * FROM (SELECT window_start, window_end, region, total, ROW_NUMBER() OVER"
                + " (PARTITION BY window_start, window_end ORDER BY total DESC) AS rn FROM (SELECT window_start,"
                + " window_end, region, SUM(amount) AS total FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time),"
                + " INTERVAL '1' HOUR)) GROUP BY window_start, window_end, region)) WHERE rn <= 3");

        assertThat(decision.verdictLabel()).isEqualTo("OK");
    }
}
