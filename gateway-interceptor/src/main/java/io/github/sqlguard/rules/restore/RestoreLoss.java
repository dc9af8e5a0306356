package io.github.sqlguard.rules.restore;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;
import io.github.sqlguard.rules.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a job judged as a restore keeps the state it restores, read from the restore rules' own
 * findings on it (the same check a statement gets, {@code Decider#restoring}), and what it loses where
 * it does not: for a rewrite shown beside a statement that restores a savepoint (or, in {@code lint},
 * its previous version), whose proof judges it as that restore too (issue 30).
 *
 * <p>A job does not restore its savepoint's state where a restore rule blocks it: Flink refuses to start
 * it ({@code restore-unclaimed-state}, {@code restore-max-parallelism}), starts it without state ({@code
 * restore-state-skipped}), or it fails when an operator opens its state ({@code restore-incompatible-state}).
 * A savepoint the guard could not read ({@code restore-unreadable}) says nothing either way.
 */
public final class RestoreLoss {

    /** The restore rules: their findings on a rewrite say whether it restores, not whether it is proven. */
    private static final Set<String> RESTORE_RULES = Set.of(
            RestoreUnreadableRule.ID, RestoreUnclaimedStateRule.ID, RestoreStateSkippedRule.ID,
            RestoreIncompatibleStateRule.ID, RestoreMaxParallelismRule.ID, RestoreChangedMeaningRule.ID);

    private RestoreLoss() {}

    /** True when {@code finding} is a restore rule's: about what the job would restore, not about its plan. */
    public static boolean aboutTheRestore(Finding finding) {
        return RESTORE_RULES.contains(finding.ruleId());
    }

    /**
     * What the job judged by {@code verdict} loses of {@code restore}'s state, one clause for a rewrite's {@code
     * changes:} line ({@code it does not restore savepoint ...: Flink refuses to start it ...}); empty when no
     * restore rule blocks it (it restores, or it restores nothing).
     */
    public static Optional<String> of(Verdict verdict, Optional<Restore> restore) {
        if (restore.isEmpty()) {
            return Optional.empty();
        }
        Restore restored = restore.get();
        List<String> causes = new ArrayList<>();
        // Refused, or failed once it opens the state: the job runs only from a fresh start. A job started without
        // some operators' state (restore-state-skipped) still restores the others'.
        boolean runsOnlyWithout = false;
        for (Finding finding : verdict.findings(Level.BLOCK)) {
            String cause = switch (finding.ruleId()) {
                case RestoreUnclaimedStateRule.ID -> "Flink refuses to start it, as no operator of its job claims the"
                        + " state of " + RestoreRules.list(restored.unclaimed()) + " (" + finding.ruleId() + ")";
                case RestoreStateSkippedRule.ID -> "Flink starts it without the state of "
                        + RestoreRules.list(restored.unclaimed()) + " (" + finding.ruleId() + ")";
                // Flink maps the state by operator id and does not refuse the job: the operator fails as it opens the
                // state (verified on a real cluster, docs/rules/restore-incompatible-state.md), and again at each restart.
                case RestoreIncompatibleStateRule.ID -> "Flink starts its job and fails it when an operator opens the state"
                        + " it claims, with a StateMigrationException, and again at each restart (" + finding.ruleId()
                        + "): " + RestoreRules.changes(restored.changes(StateChange.Kind.INCOMPATIBLE));
                case RestoreMaxParallelismRule.ID -> "Flink refuses the savepoint's state for its maximum parallelism ("
                        + finding.ruleId() + ")";
                default -> "";
            };
            if (!cause.isEmpty() && !causes.contains(cause)) {
                causes.add(cause);
                runsOnlyWithout |= !finding.ruleId().equals(RestoreStateSkippedRule.ID);
            }
        }
        if (causes.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("it does not restore " + RestoreRules.theSavepoint(restored) + ": " + String.join("; ", causes)
                + (runsOnlyWithout ? "; it runs only without " + theState(restored) + " of the savepoint" : ""));
    }

    /** The state a job loses that does not restore: every operator's of the savepoint, with its size where known. */
    private static String theState(Restore restore) {
        List<SavedOperator> all = new ArrayList<>(restore.matched());
        all.addAll(restore.unclaimed());
        return RestoreRules.theState(all);
    }
}
