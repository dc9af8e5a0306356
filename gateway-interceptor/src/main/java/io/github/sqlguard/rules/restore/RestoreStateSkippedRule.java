package io.github.sqlguard.rules.restore;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * {@code restore-state-skipped}: the statement restores a savepoint with state that no operator of
 * its job claims, with {@code execution.state-recovery.ignore-unclaimed-state} true: Flink starts
 * the job and throws that state away (the JobManager logs "Skipping savepoint state for operator
 * ..."). Judged before anything is submitted, from the savepoint's metadata and the job graph Flink
 * would be given.
 */
public final class RestoreStateSkippedRule extends RestoreRule {

    public static final String ID = "restore-state-skipped";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "The job would start without savepoint state that no operator of it claims (`ignore-unclaimed-state`).")
                    .suppressedWhen("starting without that state is intended");

    public RestoreStateSkippedRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        if (restore.unreadable().isPresent() || restore.unclaimed().isEmpty() || !restore.ignoreUnclaimed()) {
            return List.of();
        }
        return List.of(RuleHit.of(
                "This job would start without " + RestoreRules.theState(restore.unclaimed()) + " of "
                        + restore.unclaimed().size() + " operator(s) of " + RestoreRules.theSavepoint(restore) + " ("
                        + RestoreRules.list(restore.unclaimed()) + "): no operator of the new job claims it, and"
                        + " 'execution.state-recovery.ignore-unclaimed-state' is true, so Flink skips it. Every count,"
                        + " ranking and join table of those operators restarts from zero. " + RestoreRules.matched(restore),
                RestoreRules.node(restore),
                "",
                "Keep the statement's shape up to the stateful operator so that the new job claims the state."));
    }
}
