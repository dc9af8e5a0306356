package io.github.sqlguard.rules.restore;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * {@code restore-unreadable}: the statement restores a savepoint whose metadata the gateway cannot
 * read with Flink's readers (no such path, no {@code _metadata}, a file system the gateway has no
 * access to), or the guard could not build the job the statement would run: the restore is not
 * judged, and no verdict on it is given without reading it.
 */
public final class RestoreUnreadableRule extends RestoreRule {

    public static final String ID = "restore-unreadable";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "The gateway cannot read the savepoint the statement restores from, so the restore is not judged.");

    public RestoreUnreadableRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        if (restore.unreadable().isEmpty()) {
            return List.of();
        }
        return List.of(RuleHit.of(
                "The guard cannot judge this restore: " + restore.shownUnreadable().get() + ". Without reading the savepoint "
                        + restore.shownSavepoint() + " it cannot tell whether Flink would restore its state into this job,"
                        + " refuse the job, or start it without state.",
                RestoreRules.node(restore),
                "",
                "Check the path in 'execution.state-recovery.path' (or 'execution.savepoint.path'): it names a"
                        + " savepoint directory (or its _metadata file) that the gateway's Flink file systems can read."));
    }
}
