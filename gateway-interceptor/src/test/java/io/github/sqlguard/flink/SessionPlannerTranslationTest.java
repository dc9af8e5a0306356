package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.PlannerError;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

/**
 * The compiled plan of a statement is translated as running it would translate it ({@link
 * StatementJobs#translate}: the transformations and the stream graph, without the text {@code
 * CompiledPlan#explain} writes), so the errors Flink raises only there reject the statement: the
 * translation's own (a sort on a non-time column, case 161) and the stream graph's (an operator
 * without a uid while {@code pipeline.auto-generate-uids} is off, Flink's {@code StreamGraphGenerator}).
 */
class SessionPlannerTranslationTest {

    private TableEnvironmentInternal tEnv;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE totals (customer_id BIGINT, total DOUBLE, PRIMARY KEY (customer_id) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole')");
    }

    private static final String INSERT =
            "INSERT INTO totals SELECT customer_id, SUM(amount) FROM orders GROUP BY customer_id";

    @Test
    void aPlanThatTranslatesIsPlannedFromItsCompiledPlan() {
        ExplainOutcome outcome = planner.plan(tEnv, INSERT, true);

        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        assertThat(((ExplainOutcome.Planned) outcome).plan().compiled()).isTrue();
    }

    @Test
    void anErrorOfTheTranslationRejectsTheStatement() {
        ExplainOutcome outcome = planner.plan(tEnv, "SELECT customer_id, amount FROM orders ORDER BY amount", true);

        assertThat(outcome).isInstanceOf(ExplainOutcome.Rejected.class);
        assertThat(PlannerError.of(((ExplainOutcome.Rejected) outcome).error()).text())
                .contains("Sort on a non-time-attribute field is not supported");
    }

    @Test
    void anErrorOfTheStreamGraphRejectsTheStatement() {
        // Operators without a uid (none is set with the uid generation off) while Flink may not generate one.
        tEnv.getConfig().set("table.exec.uid.generation", "DISABLED");
        tEnv.getConfig().set("pipeline.auto-generate-uids", "false");

        ExplainOutcome outcome = planner.plan(tEnv, INSERT, true);

        assertThat(outcome).isInstanceOf(ExplainOutcome.Rejected.class);
        assertThat(PlannerError.of(((ExplainOutcome.Rejected) outcome).error()).text())
                .contains("Auto generated UIDs have been disabled");
    }
}
