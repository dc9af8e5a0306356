package io.github.sqlguard.rules.restore;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * {@code restore-unclaimed-state}: the statement restores a savepoint with state of an operator that
 * no operator of its job claims (by operator id, as Flink's {@code
 * Checkpoints#loadAndValidateCheckpoint} maps it), and Flink is not told to start without it: Flink
 * refuses to start the job ("Cannot map checkpoint/savepoint state for operator ... to the new
 * program"). Judged before anything is submitted, from the savepoint's metadata and the job graph
 * Flink would be given.
 */
public final class RestoreUnclaimedStateRule extends RestoreRule {

    public static final String ID = "restore-unclaimed-state";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "The savepoint has state that no operator of the new job claims: Flink refuses to start the job.");

    public RestoreUnclaimedStateRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        if (restore.unreadable().isPresent() || restore.unclaimed().isEmpty() || restore.ignoreUnclaimed()) {
            return List.of();
        }
        String unhonoured =
                restore.unhonouredKey()
                        .map(key -> " The session sets '" + key + "' to true, but Flink reads that older key only when"
                                + " 'execution.state-recovery.ignore-unclaimed-state' is not set, and this configuration"
                                + " sets it (to false, e.g. in the gateway's config.yaml): the older key does not take"
                                + " effect, and Flink would refuse the job all the same.")
                        .orElse("");
        return List.of(RuleHit.of(
                "Flink would refuse to start this job: the savepoint " + restore.shownSavepoint() + " holds state of "
                        + restore.unclaimed().size() + " operator(s) that no operator of the new job claims ("
                        + RestoreRules.list(restore.unclaimed()) + "). Flink maps a savepoint's state by operator id;"
                        + " the new job has no operator with that id: the statement's change replaced the stateful"
                        + " operator by another kind (a Rank by the WindowRank of a window Top-N) or gave it another"
                        + " place in the job (an operator added or removed in front of it, a changed key or input),"
                        + " where Flink derives another id for it. " + RestoreRules.matched(restore) + unhonoured,
                RestoreRules.node(restore),
                "",
                "Keep the statement's shape up to the stateful operator (Flink merges a filter into a projection the source"
                        + " already has, not into a bare source scan), or start the job without a savepoint and rebuild"
                        + " its state; carrying the state over takes Flink's State Processor API. Setting"
                        + " 'execution.state-recovery.ignore-unclaimed-state' starts it without that state (see"
                        + " restore-state-skipped)."));
    }
}
