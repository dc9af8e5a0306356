package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

/**
 * Which sources a planned statement reads once, as Flink's translation of its compiled plan says ({@link
 * BoundedSources}, {@link ExplainedPlan#bounded}): a {@code filesystem} table without {@code
 * source.monitor-interval} and a {@code datagen} with {@code number-of-rows} are bounded, the same tables watched or
 * generated without end are not, and a join's output over a bounded and an unbounded input is not.
 */
class BoundedSourcesTest {

    private TableEnvironmentInternal tEnv;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE files_once (k STRING, v STRING) WITH ('connector' = 'filesystem',"
                + " 'path' = 'file:///tmp/sql-guard-bounded-sources-test', 'format' = 'csv')");
        tEnv.executeSql("CREATE TABLE files_watched (k STRING, v STRING) WITH ('connector' = 'filesystem',"
                + " 'path' = 'file:///tmp/sql-guard-bounded-sources-test', 'format' = 'csv',"
                + " 'source.monitor-interval' = '1 min')");
        tEnv.executeSql("CREATE TABLE rows_30 (k STRING, v STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '30')");
        tEnv.executeSql("CREATE TABLE rows_forever (k STRING, v STRING) WITH ('connector' = 'datagen')");
    }

    private ExplainedPlan plan(String query) {
        ExplainOutcome outcome = planner.plan(tEnv, query, true);
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        return ((ExplainOutcome.Planned) outcome).plan();
    }

    private static PlanNode scan(ExplainedPlan plan, String table) {
        return plan.nodes().stream()
                .filter(n -> n.table().map(t -> t.getObjectName().equals(table)).orElse(false) && n.inputs().isEmpty())
                .findFirst().orElseThrow();
    }

    @Test
    void filesReadOnceAndAFixedNumberOfGeneratedRowsAreBounded() {
        ExplainedPlan plan = plan("SELECT * FROM files_once UNION ALL SELECT * FROM rows_30");

        assertThat(plan.bounded(scan(plan, "files_once"))).isTrue();
        assertThat(plan.bounded(scan(plan, "rows_30"))).isTrue();
        assertThat(plan.bounded(plan.roots().get(0))).isTrue();
    }

    @Test
    void aWatchedDirectoryAndEndlessGeneratedRowsAreNot() {
        ExplainedPlan plan = plan("SELECT * FROM files_watched UNION ALL SELECT * FROM rows_forever");

        assertThat(plan.bounded(scan(plan, "files_watched"))).isFalse();
        assertThat(plan.bounded(scan(plan, "rows_forever"))).isFalse();
    }

    @Test
    void aJoinOfABoundedAndAnUnboundedInputIsNotBoundedButItsBoundedSideIs() {
        ExplainedPlan plan = plan("SELECT s.k, f.v FROM rows_forever s JOIN files_once f ON s.k = f.k");
        PlanNode join = plan.nodes().stream().filter(n -> n.name().equals("Join")).findFirst().orElseThrow();

        assertThat(plan.bounded(join)).isFalse();
        assertThat(plan.bounded(plan.inputs(join).get(0))).isFalse();
        assertThat(plan.bounded(plan.inputs(join).get(1))).isTrue();
    }
}
