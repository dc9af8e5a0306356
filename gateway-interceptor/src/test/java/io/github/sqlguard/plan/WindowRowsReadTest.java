package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The one walk from a ranking to the window whose rows it reads, over real EXPLAIN output of the Flink planner:
 * a window aggregation, a window table function, a legacy group window, and none over a group aggregation.
 */
class WindowRowsReadTest {

    private static TableEnvironment env;

    private final PlanParser parser = new PlanParser();

    @BeforeAll
    static void createTables() {
        env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql("CREATE TABLE clicks (user_id STRING, url STRING, ts TIMESTAMP(3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
    }

    private PlanNode rankOf(String sql) {
        ExplainedPlan plan = parser.parse(env.explainSql(sql, ExplainDetail.CHANGELOG_MODE));
        this.plan = plan;
        return plan.operators(Operator.Rank.class).get(0).node();
    }

    private ExplainedPlan plan;

    @Test
    void aRankingAcrossWindowsReadsTheWindowAggregation() {
        PlanNode rank = rankOf("SELECT * FROM (SELECT user_id, window_start, cnt, ROW_NUMBER() OVER (PARTITION BY user_id"
                + " ORDER BY cnt DESC) AS rn FROM (SELECT user_id, window_start, window_end, COUNT(*) AS cnt FROM"
                + " TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY user_id, window_start,"
                + " window_end)) WHERE rn <= 3");

        assertThat(WindowRowsRead.windowTableRows(plan, rank)).hasValueSatisfying(w -> assertThat(WindowRowsRead.windowAggregate(w)).isTrue());
        assertThat(WindowRowsRead.aggregation(plan, rank)).isEqualTo(WindowRowsRead.below(plan, rank));
    }

    @Test
    void aRankingOfAWindowTableFunctionsRowsReadsTheFunctionAndNoAggregation() {
        PlanNode rank = rankOf("SELECT * FROM (SELECT user_id, url, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY url)"
                + " AS rn FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' HOUR))) WHERE rn <= 3");

        assertThat(WindowRowsRead.windowTableRows(plan, rank)).hasValueSatisfying(w -> assertThat(w.name()).isEqualTo("WindowTableFunction"));
        assertThat(WindowRowsRead.aggregation(plan, rank)).isEmpty();
    }

    @Test
    void aLegacyGroupWindowIsAnAggregationButNoWindowTableRows() {
        PlanNode rank = rankOf("SELECT * FROM (SELECT user_id, cnt, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY cnt DESC)"
                + " AS rn FROM (SELECT user_id, TUMBLE_START(ts, INTERVAL '1' HOUR) AS w, COUNT(*) AS cnt FROM clicks"
                + " GROUP BY user_id, TUMBLE(ts, INTERVAL '1' HOUR))) WHERE rn <= 3");

        assertThat(WindowRowsRead.aggregation(plan, rank)).hasValueSatisfying(w -> assertThat(w.name()).isEqualTo("GroupWindowAggregate"));
        assertThat(WindowRowsRead.windowTableRows(plan, rank)).isEmpty();
    }

    @Test
    void aRankingOverAGroupAggregationReadsNoWindow() {
        PlanNode rank = rankOf("SELECT * FROM (SELECT user_id, cnt, ROW_NUMBER() OVER (ORDER BY cnt DESC) AS rn FROM"
                + " (SELECT user_id, COUNT(*) AS cnt FROM clicks GROUP BY user_id)) WHERE rn <= 3");

        assertThat(WindowRowsRead.below(plan, rank)).isEmpty();
        assertThat(WindowRowsRead.aggregation(plan, rank)).isEmpty();
    }
}
