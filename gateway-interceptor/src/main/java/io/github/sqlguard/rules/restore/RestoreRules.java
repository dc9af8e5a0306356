package io.github.sqlguard.rules.restore;

import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;

import java.util.List;
import java.util.stream.Collectors;

/** The wording the restore rules share. */
final class RestoreRules {

    private RestoreRules() {}

    /** The node a restore finding names: the savepoint. */
    static String node(Restore restore) {
        return "savepoint " + restore.shownSavepoint();
    }

    /**
     * Whether the restore is of a previous version of the statement ({@code lint}, which reads no
     * savepoint): its "savepoint" is then a description, {@code of the job of old.sql at main (3f2a1c9)}.
     */
    private static boolean ofPreviousVersion(Restore restore) {
        return restore.savepoint().startsWith("of ");
    }

    /**
     * The savepoint as a sentence names it: {@code savepoint s3://sp/savepoint-1a2b3c-...}, or {@code
     * the savepoint of the job of old.sql at main (3f2a1c9)} for a previous version ({@code lint}).
     */
    static String theSavepoint(Restore restore) {
        return (ofPreviousVersion(restore) ? "the savepoint " : "savepoint ") + restore.shownSavepoint();
    }

    /**
     * The job whose plan the restore was compared with, after a savepoint's path: {@code " (a savepoint
     * of job 1a2b..., INSERT INTO ...)"}; nothing for a previous version, whose description names it.
     */
    static String ofJob(Restore restore) {
        return ofPreviousVersion(restore)
                ? ""
                : " (a savepoint of " + restore.comparedWith().orElse("a job the guard submitted") + ")";
    }

    /**
     * The savepoint's operators in {@code operators}, each with its state size where it is known (a
     * savepoint read; not a previous version of the statement, {@code lint}: size {@code -1}).
     */
    static String list(List<SavedOperator> operators) {
        return operators.stream()
                .map(o -> o.stateBytes() < 0 ? o.describe() : o.describe() + " with " + Restore.size(o.stateBytes()) + " of state")
                .collect(Collectors.joining("; "));
    }

    /** "the 1.2 MB of state" of {@code operators}, or "the state" where their sizes are not known. */
    static String theState(List<SavedOperator> operators) {
        return operators.stream().anyMatch(o -> o.stateBytes() < 0)
                ? "the state"
                : "the " + Restore.size(Restore.bytes(operators)) + " of state";
    }

    /** Each change as the findings say it: {@code Rank[4] (as Rank[4] in the new job): reasons}. */
    static String changes(List<StateChange> changes) {
        return changes.stream()
                .map(c -> c.operator() + c.newOperator().filter(n -> !n.equals(c.operator())).map(n -> " (" + n + " in the new job)")
                        .orElse("") + ": " + String.join(" ", c.reasons()))
                .collect(Collectors.joining(" "));
    }

    /** What the savepoint's operators that the new job does claim are, for the record. */
    static String matched(Restore restore) {
        return restore.matched().isEmpty()
                ? "No operator of the new job claims any of the savepoint's state."
                : "The new job claims " + restore.matched().size() + " of the savepoint's operators with state"
                        + (restore.matched().stream().anyMatch(o -> o.stateBytes() < 0)
                                ? "."
                                : " (" + Restore.size(Restore.bytes(restore.matched())) + ").");
    }
}
