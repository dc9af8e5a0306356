package io.github.sqlguard.rules.restore;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Verdict;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

class RestoreLossTest {

    private static final Restore.SavedOperator AGGREGATE =
            new Restore.SavedOperator("01", Optional.of("GroupAggregate"), Optional.empty(), 2048, Optional.of("GroupAggregate[3]"));

    private static final Restore.SavedOperator RANK =
            new Restore.SavedOperator("02", Optional.of("Rank"), Optional.empty(), 1024, Optional.empty());

    private static Verdict blockedBy(String... rules) {
        return new Verdict(List.of(rules).stream()
                .map(rule -> new Finding(rule, Level.BLOCK, "the reason", "", "", "the fix", "docs/rules/" + rule + ".md"))
                .toList(), List.of(), List.of());
    }

    @Test
    void aJobThatCannotReadTheStateItClaimsIsStartedAndFailedNotRefused() {
        // Flink maps the state by operator id: the job starts and fails when the operator opens its state
        // (StateMigrationException, verified on a real cluster by round 55's new user), so it runs only from a fresh start.
        Restore restore = new Restore("file:/sp", Optional.empty(), List.of(AGGREGATE), List.of(), false, Optional.empty())
                .comparedWith("job ab", List.of(new StateChange(StateChange.Kind.INCOMPATIBLE, "GroupAggregate[3]",
                        Optional.of("GroupAggregate[3]"), List.of("01"), List.of("Its aggregate calls changed."), false)));

        assertThat(RestoreLoss.of(blockedBy(RestoreIncompatibleStateRule.ID), Optional.of(restore))).hasValueSatisfying(loss ->
                assertThat(loss).contains("Flink starts its job and fails it when an operator opens the state it claims, with a"
                                + " StateMigrationException, and again at each restart (restore-incompatible-state):"
                                + " GroupAggregate[3]: Its aggregate calls changed.")
                        .contains("; it runs only without ").doesNotContain("refuses"));
    }

    @Test
    void aJobStartedWithoutSomeOperatorsStateStillRestoresTheOthers() {
        Restore restore = new Restore("file:/sp", Optional.empty(), List.of(AGGREGATE), List.of(RANK), true, Optional.empty());

        assertThat(RestoreLoss.of(blockedBy(RestoreStateSkippedRule.ID), Optional.of(restore))).hasValueSatisfying(loss ->
                assertThat(loss).contains("Flink starts it without the state of 'Rank' (operator id 02)")
                        .doesNotContain("it runs only without"));
    }

    @Test
    void aRefusedJobRunsOnlyWithoutTheState() {
        Restore restore = new Restore("file:/sp", Optional.empty(), List.of(AGGREGATE), List.of(RANK), false, Optional.empty());

        assertThat(RestoreLoss.of(blockedBy(RestoreUnclaimedStateRule.ID), Optional.of(restore))).hasValueSatisfying(loss ->
                assertThat(loss).isEqualTo("it does not restore savepoint file:/sp: Flink refuses to start it, as no operator of"
                        + " its job claims the state of 'Rank' (operator id 02) with 1.0 KB of state (restore-unclaimed-state);"
                        + " it runs only without the 3.0 KB of state of the savepoint"));
    }
}
