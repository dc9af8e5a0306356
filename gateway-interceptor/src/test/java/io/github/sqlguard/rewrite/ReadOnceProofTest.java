package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What the proof of a rewrite that keeps a join's side read once checks in Flink's compiled plan ({@link
 * Intent#keepingReadOnce}): per join, the streaming side's state at the proposed TTL and the side read once's at 0 ms;
 * and the options an {@code OPTIONS} hint gives a scan, as its description prints them ({@link PlanNode#hintedOptions}),
 * which the side read once is matched by on a line whose compiled plan keeps the catalog's options alone (Flink 1.20).
 */
class ReadOnceProofTest {

    private static final Intent KEEPING_READ_ONCE = Intent.operatorTtl(Duration.ofDays(1), "Join").keepingReadOnce();

    private TableEnvironmentInternal tEnv;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE files_once (k STRING, v STRING) WITH ('connector' = 'filesystem',"
                + " 'path' = 'file:///tmp/sql-guard-read-once-proof-test', 'format' = 'csv')");
        tEnv.executeSql("CREATE TABLE rows_forever (k STRING, v STRING) WITH ('connector' = 'datagen')");
    }

    private ExplainedPlan plan(String query) {
        ExplainOutcome outcome = planner.plan(tEnv, query, true);
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        return ((ExplainOutcome.Planned) outcome).plan();
    }

    @Test
    void aSideReadOnceThatNoHintNamesKeepsItsRowsInASessionWithoutTtl() {
        ExplainedPlan plan = plan("SELECT /*+ STATE_TTL('s' = '1 d') */ s.k, f.v FROM rows_forever s JOIN files_once f ON s.k = f.k");

        assertThat(KEEPING_READ_ONCE.violation(Optional.of(plan))).isEmpty();
    }

    @Test
    void aSideReadOnceThatTheSessionsTtlReachesIsNotProven() {
        tEnv.getConfig().set("table.exec.state.ttl", "12 h");
        ExplainedPlan plan = plan("SELECT /*+ STATE_TTL('s' = '1 d') */ s.k, f.v FROM rows_forever s JOIN files_once f ON s.k = f.k");

        assertThat(KEEPING_READ_ONCE.violation(Optional.of(plan)))
                .hasValueSatisfying(why -> assertThat(why).contains("the state of its side read once", "12 h", "not 0 ms"));
    }

    @Test
    void aSideReadOncePinnedAtZeroUnderTheSessionsTtlIsProven() {
        tEnv.getConfig().set("table.exec.state.ttl", "12 h");
        ExplainedPlan plan = plan("SELECT /*+ STATE_TTL('s' = '1 d', 'f' = '0') */ s.k, f.v FROM rows_forever s"
                + " JOIN files_once f ON s.k = f.k");

        assertThat(KEEPING_READ_ONCE.violation(Optional.of(plan))).isEmpty();
    }

    @Test
    void aStreamingSideWithoutTheTtlIsNotProven() {
        ExplainedPlan plan = plan("SELECT /*+ STATE_TTL('f' = '0') */ s.k, f.v FROM rows_forever s JOIN files_once f ON s.k = f.k");

        assertThat(KEEPING_READ_ONCE.violation(Optional.of(plan))).hasValueSatisfying(why -> assertThat(why).contains("not 1 d"));
    }

    @Test
    void aScansHintedOptionsAreReadFromItsDescription() {
        ExplainedPlan plan = plan("SELECT s.k, f.v FROM rows_forever s"
                + " JOIN rows_forever /*+ OPTIONS('number-of-rows' = '5', 'rows-per-second' = '2') */ f ON s.k = f.k");
        PlanNode hinted = plan.nodes().stream().filter(n -> n.inputs().isEmpty() && n.optionsHinted()).findFirst().orElseThrow();
        PlanNode plain = plan.nodes().stream().filter(n -> n.inputs().isEmpty() && !n.optionsHinted()).findFirst().orElseThrow();

        assertThat(hinted.hintedOptions()).hasValue(Map.of("number-of-rows", "5", "rows-per-second", "2"));
        assertThat(plain.hintedOptions()).isEmpty();
    }
}
