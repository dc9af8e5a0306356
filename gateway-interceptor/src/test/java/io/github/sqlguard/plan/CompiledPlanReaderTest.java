package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.SessionPlanner;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

/**
 * The typed plan model read from Flink's real compiled plans: the execution plan drawn as Flink
 * prints it, each operator's state TTL, whether a Rank is ordered by a time attribute, and the
 * analysis-only sink of a query left out.
 */
class CompiledPlanReaderTest {

    private TableEnvironmentInternal tEnv;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE sink (user_id STRING, total DOUBLE, PRIMARY KEY (user_id) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole')");
    }

    private ExplainedPlan plan(String statement) {
        ExplainOutcome outcome = planner.plan(tEnv, statement, true);
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        return ((ExplainOutcome.Planned) outcome).plan();
    }

    @Test
    void readsATopNWithItsOwnStateTtlAndItsOrderKey() {
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");

        assertThat(plan.compiled()).isTrue();
        assertThat(plan.executablePlan()).as("a query is compiled into an analysis sink, never run as such").isEmpty();
        assertThat(plan.executionPlan().roots()).extracting(PlanNode::name).doesNotContain("Sink");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.rankEnd()).hasValue(3);
        assertThat(rank.partitionKeys()).containsExactly("user_id");
        assertThat(rank.orderedByTimeAttribute()).hasValue(false);
        assertThat(rank.state()).extracting(OperatorState::ttl).containsExactly(Duration.ofDays(1));
        assertThat(plan.executionPlan().excerpt(rank.node(), 1)).contains("==> +- Rank(");
    }

    @Test
    void givesEachOperatorTheTtlOfItsHintAndKeepsAnInsertRunnable() {
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
        ExplainedPlan plan =
                plan("INSERT INTO sink SELECT /*+ STATE_TTL('orders' = '0') */ user_id, SUM(amount) FROM orders GROUP BY user_id");

        Operator.GroupAggregate aggregate = plan.operators(Operator.GroupAggregate.class).get(0);
        assertThat(aggregate.groupBy()).containsExactly("user_id");
        assertThat(aggregate.state()).extracting(OperatorState::ttl).containsExactly(Duration.ZERO);
        assertThat(plan.executablePlan()).as("an INSERT runs as the plan that was judged").isPresent();
        assertThat(plan.executionPlan().roots().get(0).name()).isEqualTo("Sink");
    }

    @Test
    void knowsADeduplicationOrderedByEventTime() {
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC)"
                        + " AS rn FROM orders) WHERE rn = 1");
        assertThat(plan.operators(Operator.Deduplicate.class)).hasSize(1);
        assertThat(plan.operators(Operator.Rank.class)).isEmpty();
    }
}
