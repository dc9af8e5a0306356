package io.github.sqlguard.rules.restore;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * {@code restore-incompatible-state}: the statement restores a savepoint of a job the guard
 * submitted, and an operator of the new job claims state of that job's operator (the same operator
 * id) that it cannot read: its aggregate calls, key or input row types changed, or a state TTL is
 * switched on or off where the Flink line cannot migrate it ({@code StateChanges#compare}). Flink
 * would start the job and fail it when the operator opens its state ({@code
 * StateMigrationException}), or the operator would read none of it. Judged before anything is
 * submitted, from the old job's plan, stored when the guard submitted it, and the new job's.
 */
public final class RestoreIncompatibleStateRule extends RestoreRule {

    public static final String ID = "restore-incompatible-state";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "An operator of the new job claims savepoint state it cannot read (changed aggregates, key or row types,"
                            + " a TTL switched where Flink cannot migrate it): the job would fail after it starts.");

    public RestoreIncompatibleStateRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        List<StateChange> incompatible = restore.changes(StateChange.Kind.INCOMPATIBLE);
        if (incompatible.isEmpty()) {
            return List.of();
        }
        return List.of(RuleHit.of(
                "The new job cannot read the state it would restore from " + RestoreRules.theSavepoint(restore)
                        + RestoreRules.ofJob(restore) + ": "
                        + RestoreRules.changes(incompatible) + " Flink maps the state by operator id, so the job starts, and"
                        + " fails when the operator opens its state (StateMigrationException); or, where the new operator"
                        + " keeps its state under other names (another Top-N strategy), it runs and reads none of the"
                        + " restored state: each key starts from nothing, and nothing fails to say so.",
                RestoreRules.node(restore),
                "",
                "Keep what the operator's state is built from (its aggregate calls, its keys, its input columns, its state"
                        + " TTL on Flink 1.20) as in the job the savepoint was taken of; or start the new job without the"
                        + " savepoint and rebuild its state, or carry the state over with Flink's State Processor API."));
    }
}
