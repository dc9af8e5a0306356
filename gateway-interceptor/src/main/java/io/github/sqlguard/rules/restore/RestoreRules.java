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

    /**
     * How many of the savepoint's operators with state the new job claims, for the record. One definition everywhere
     * (this sentence, the {@code Restores:} line of an {@code EXPLAIN}, lint's): an operator with state is one whose
     * state Flink must map on restore, as {@code Checkpoints#loadAndValidateCheckpoint} tests it (keyed, operator or
     * coordinator state: a source's read position included; an operator without any needs no claim). A savepoint
     * read says which those are; a previous version of the statement ({@code lint}) has no savepoint, so its count
     * is of the old job's operators that can hold state: its stateful plan operators and the sources whose operators
     * Flink builds to keep state ({@code flink.SourceOperators}: every FLIP-27 source, its splits and its
     * enumerator's; a legacy source function only where it checkpoints, and then only where its own code registers
     * state, which only a savepoint says, but for the datagen connector's, which Flink's own opening of it answers:
     * only with a sequence field).
     */
    static String matched(Restore restore) {
        int all = restore.matched().size() + restore.unclaimed().size();
        String of = ofPreviousVersion(restore)
                ? "of the old job's " + operators(all) + " that can hold state (its stateful operators, and its sources"
                        + " whose operators Flink builds to keep state: every FLIP-27 source, as Kafka's, keeps its splits;"
                        + " a legacy source function only where it checkpoints, and the datagen connector's only with a"
                        + " sequence field)"
                : "of the savepoint's " + operators(all) + " with state (keyed, operator or coordinator state)";
        return restore.matched().isEmpty()
                ? "No operator of the new job claims any " + of + "."
                : "The new job claims " + restore.matched().size() + " " + of
                        + (restore.matched().stream().anyMatch(o -> o.stateBytes() < 0)
                                ? "."
                                : ", " + Restore.size(Restore.bytes(restore.matched())) + ".");
    }

    /** {@code 1 operator}, {@code 3 operators}. */
    static String operators(int count) {
        return count == 1 ? "1 operator" : count + " operators";
    }
}
