package io.github.sqlguard.rules.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.PlanParser;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

/**
 * Whether a node emits updates: Flink's changelog mode where the plan has it, the derivation from the operators and
 * the one list of CDC formats ({@code ChangelogSources}) where it does not. Plans of Flink's real planner, read from
 * EXPLAIN text.
 */
class UpdateStreamsTest {

    private static TableEnvironment env;
    private final PlanParser parser = new PlanParser();

    @BeforeAll
    static void createTables() {
        env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql("CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen')");
    }

    private ExplainedPlan explain(String sql) {
        return parser.parse(env.explainSql(sql, ExplainDetail.CHANGELOG_MODE));
    }

    private static PlanNode node(ExplainedPlan plan, String name) {
        return plan.nodes().stream().filter(n -> n.is(name)).findFirst().orElseThrow();
    }

    @Test
    void anAggregationEmitsUpdatesAsFlinkPrintsItsMode() {
        ExplainedPlan plan = explain("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id");

        assertThat(plan.changelogMode(node(plan, "GroupAggregate"))).isPresent();
        assertThat(UpdateStreams.emitsUpdates(plan, node(plan, "GroupAggregate"))).isTrue();
        assertThat(UpdateStreams.emitsUpdates(plan, node(plan, "TableSourceScan"))).isFalse();
        assertThat(UpdateStreams.updatingSource(plan, node(plan, "GroupAggregate"))).isEmpty();
    }

    @Test
    void flinksModeOfASourceWinsOverItsConnectorsName() {
        // A source whose connector no list names, planned as emitting every change (as the source said to Flink).
        ExplainedPlan read = explain("SELECT order_id, amount FROM orders WHERE amount > 10");
        PlanNode scan = node(read, "TableSourceScan");
        ExplainedPlan plan = read.withChangelogModes(Map.of(scan.id(), ChangelogMode.all()));

        assertThat(UpdateStreams.emitsUpdates(read, scan)).isFalse();
        assertThat(UpdateStreams.emitsUpdates(plan, scan)).isTrue();
        assertThat(UpdateStreams.updatingSource(plan, plan.roots().get(0))).hasValue("orders");
        // The Calc above has Flink's own mode in this plan (inserts only, as printed), which is its answer.
        assertThat(UpdateStreams.emitsUpdates(plan, plan.roots().get(0))).isFalse();
    }

    @Test
    void withoutFlinksModeAScanOfACdcFormatOfTheOneListEmitsUpdates() {
        PlanNode scan = new PlanNode(999, "TableSourceScan", "stream-exec-table-source-scan_1", "TableSourceScan(table=[[c, d, t]])",
                java.util.List.of(), io.github.sqlguard.plan.OutputType.UNKNOWN, java.util.List.of(), java.util.Optional.empty(),
                Map.of("connector", "kafka", "value.format", "debezium-protobuf"));
        ExplainedPlan plan = explain("SELECT order_id FROM orders");

        assertThat(plan.changelogMode(scan)).isEmpty();
        assertThat(UpdateStreams.emitsUpdates(plan, scan)).isTrue();
    }

    /**
     * A legacy group window under early firing, or late firing in event time, emits updates (Flink 2.3.0
     * {@code WindowEmitStrategy#produceUpdates}; its EXPLAIN CHANGELOG_MODE prints {@code changelogMode=[I,UB,UA]} on the
     * {@code GroupWindowAggregate}): derived alike from the printed {@code emit=[...]} where the plan has no modes (a
     * compiled plan's), where it was taken as inserts only. Late firing in processing time is ignored by Flink (no row
     * is late then).
     */
    @Test
    void aGroupWindowUnderEarlyOrEventTimeLateFiringEmitsUpdatesWithoutFlinksModes() {
        String perHour = "SELECT user_id, COUNT(*) FROM clicks GROUP BY TUMBLE(%s, INTERVAL '1' HOUR), user_id";
        TableEnvironment early = firing(Map.of("table.exec.emit.early-fire.enabled", "true",
                "table.exec.emit.early-fire.delay", "1 min"));
        TableEnvironment late = firing(Map.of("table.exec.emit.late-fire.enabled", "true",
                "table.exec.emit.late-fire.delay", "1 min", "table.exec.emit.allow-lateness", "10 min"));

        ExplainedPlan withModes = parser.parse(early.explainSql(perHour.formatted("click_time"), ExplainDetail.CHANGELOG_MODE));
        assertThat(UpdateStreams.emitsUpdates(withModes, node(withModes, "GroupWindowAggregate"))).isTrue();
        for (TableEnvironment updating : java.util.List.of(early, late)) {
            ExplainedPlan plan = parser.parse(updating.explainSql(perHour.formatted("click_time")));
            PlanNode window = node(plan, "GroupWindowAggregate");
            assertThat(plan.changelogMode(window)).isEmpty();
            assertThat(UpdateStreams.emitsUpdates(plan, window)).as(window.description()).isTrue();
            assertThat(UpdateStreams.emitsUpdates(plan, plan.roots().get(0))).isTrue();
        }
        // Its properties printed (the query selects the window's start): no w$rowtime among them.
        ExplainedPlan processingTime = parser.parse(late.explainSql("SELECT user_id, TUMBLE_START(proc_time, INTERVAL '1' HOUR),"
                + " COUNT(*) FROM clicks GROUP BY TUMBLE(proc_time, INTERVAL '1' HOUR), user_id"));
        assertThat(UpdateStreams.emitsUpdates(processingTime, node(processingTime, "GroupWindowAggregate"))).isFalse();
        ExplainedPlan noFiring = parser.parse(firing(Map.of()).explainSql(perHour.formatted("click_time")));
        assertThat(UpdateStreams.emitsUpdates(noFiring, node(noFiring, "GroupWindowAggregate"))).isFalse();
    }

    private static TableEnvironment firing(Map<String, String> options) {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        options.forEach((key, value) -> env.getConfig().getConfiguration().setString(key, value));
        env.executeSql("CREATE TABLE clicks (user_id STRING, click_time TIMESTAMP(3), proc_time AS PROCTIME(),"
                + " WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        return env;
    }
}
