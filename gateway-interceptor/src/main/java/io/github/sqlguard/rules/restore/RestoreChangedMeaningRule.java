package io.github.sqlguard.rules.restore;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * {@code restore-changed-meaning}: the statement restores a savepoint of a job the guard submitted,
 * and Flink restores it, but the state was built for the old query and means something else to the
 * new one: a Top-N whose N changed, a deduplication switched between keep-first and keep-last, a
 * key or an aggregate over other columns of the same types ({@code StateChanges#compare}). Judged
 * before anything is submitted, from the old job's plan, stored when the guard submitted it, and
 * the new job's.
 */
public final class RestoreChangedMeaningRule extends RestoreRule {

    public static final String ID = "restore-changed-meaning";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "The job restores the savepoint's state, but that state was built for the old query and means something"
                            + " else to the new one (a Top-N's N, keep-first or keep-last, other key columns).");

    public RestoreChangedMeaningRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        List<StateChange> changed = restore.changes(StateChange.Kind.CHANGED_MEANING);
        if (changed.isEmpty()) {
            return List.of();
        }
        return List.of(RuleHit.of(
                "The job restores " + RestoreRules.theSavepoint(restore) + RestoreRules.ofJob(restore)
                        + ", but its state was built for the old query: " + RestoreRules.changes(changed),
                RestoreRules.node(restore),
                "",
                "If the results this gives are not acceptable, start the new job without the savepoint (it rebuilds its state"
                        + " from the sources' retained data), or keep the old query's definition for this operator."));
    }
}
