package io.github.sqlguard.rules.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanParser;
import io.github.sqlguard.testing.RuleTestKit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import java.util.Optional;

/**
 * {@link WindowKeys#groupedByOne} of an aggregation keyed by {@code window_time} under another name ({@code window_time
 * AS wt} in a view): read from the compiled plan's projections, and from EXPLAIN's text where the plan is text (a
 * statement Flink could not compile), through Flink's real planner.
 */
class WindowKeysTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, region STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private static final String RENAMED_TIME = "CREATE TEMPORARY VIEW windowed AS SELECT window_time AS wt, region, amount"
            + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE))";

    private static final String RENAMED_ID = "CREATE TEMPORARY VIEW named AS SELECT order_id AS wt, region, amount"
            + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE))";

    private static final String PER_WT = "SELECT wt, region, SUM(amount) AS total FROM windowed GROUP BY wt, region";

    private static Optional<WindowKeys.Grouped> grouped(ExplainedPlan plan) {
        Operator.GroupAggregate aggregate = plan.operators(Operator.GroupAggregate.class).get(0);
        return WindowKeys.groupedByOne(plan, aggregate);
    }

    private static ExplainedPlan explained(String view, String query) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(ORDERS);
        tEnv.executeSql(view);
        return new PlanParser().parse(tEnv.explainSql(query, ExplainDetail.CHANGELOG_MODE));
    }

    @Test
    void readsWindowTimeRenamedFromTheCompiledPlansProjection() {
        ExplainedPlan plan = RuleTestKit.streaming().apply(ORDERS).apply(RENAMED_TIME).decide(PER_WT).plan().orElseThrow();

        assertThat(plan.compiled()).isTrue();
        assertThat(grouped(plan)).contains(new WindowKeys.Grouped(WindowKeys.TIME, "wt"));
    }

    @Test
    void readsWindowTimeRenamedFromTheCalcExplainPrintsWhereThePlanIsText() {
        ExplainedPlan plan = explained(RENAMED_TIME, PER_WT);

        assertThat(plan.compiled()).isFalse();
        assertThat(grouped(plan)).contains(new WindowKeys.Grouped(WindowKeys.TIME, "wt"));
    }

    @Test
    void anotherColumnRenamedOverAWindowIsNotWindowTimeInExplainsText() {
        ExplainedPlan plan = explained(RENAMED_ID, PER_WT.replace("windowed", "named"));

        assertThat(plan.compiled()).isFalse();
        assertThat(grouped(plan)).isEmpty();
    }
}
