package io.github.sqlguard.rules;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.restore.StateChange;

import java.util.List;
import java.util.Optional;

/**
 * What a statement that restores state would restore: the savepoint Flink would read ({@code
 * execution.state-recovery.path}, or its older key {@code execution.savepoint.path}), read with
 * Flink's own readers, set against the operator ids of the job the statement would run. Flink maps
 * a savepoint's state by operator id ({@code Checkpoints#loadAndValidateCheckpoint}): state of an
 * operator no operator of the new job claims makes it refuse the job, unless {@code
 * execution.state-recovery.ignore-unclaimed-state} is true, when the job starts without it.
 *
 * @param savepoint the savepoint path as the configuration names it
 * @param unreadable why the guard could not read the savepoint's metadata or build the job (then
 *     {@code matched} and {@code unclaimed} are empty): no verdict on the restore without reading it
 * @param matched the savepoint's operators with state that an operator of the new job claims
 * @param unclaimed the savepoint's operators with state that no operator of the new job claims
 * @param ignoreUnclaimed {@code execution.state-recovery.ignore-unclaimed-state} as Flink reads it
 *     from the statement's configuration
 * @param unhonouredKey a key the user set to ignore unclaimed state that Flink does not read on this
 *     line (the older {@code execution.savepoint.ignore-unclaimed-state} on 2.3), empty otherwise
 * @param comparedWith the job the savepoint was taken of, as the guard stored it when it submitted
 *     that job ({@code PlanStore}): its id and when it was submitted; empty when not compared
 * @param changes what the new job does with the state of each of that job's stateful operators whose
 *     state the savepoint holds and the new job claims ({@code StateChanges#compare}); empty when not compared
 * @param notCompared why the state's types and meaning were not checked (only its operator ids were):
 *     a savepoint in a native format, for one; or, for a restore compared by its savepoint's
 *     serializers ({@link #comparedBySerializers()}), what was not checked; empty when compared with a
 *     stored plan, or unreadable
 * @param stateFiles the locations of the files the savepoint's metadata names for its state (each
 *     state handle's file, {@code StatementRestores#stateFiles}): what the job's tasks read when they
 *     restore it, wherever they lie, held to {@code sql-guard.allow.paths} like any location a
 *     statement reads; empty when unreadable
 * @param maxParallelism the savepoint's operators whose state the new job claims but Flink would not
 *     assign to it for their maximum parallelism ({@link MaxParallelismConflict}); empty when none
 */
public record Restore(
        String savepoint,
        Optional<String> unreadable,
        List<SavedOperator> matched,
        List<SavedOperator> unclaimed,
        boolean ignoreUnclaimed,
        Optional<String> unhonouredKey,
        Optional<String> comparedWith,
        List<StateChange> changes,
        Optional<String> notCompared,
        List<String> stateFiles,
        List<MaxParallelismConflict> maxParallelism) {

    public Restore {
        matched = List.copyOf(matched);
        unclaimed = List.copyOf(unclaimed);
        changes = List.copyOf(changes);
        stateFiles = List.copyOf(stateFiles);
        maxParallelism = List.copyOf(maxParallelism);
    }

    /**
     * A restore naming no state file and without maximum parallelism conflicts (one of a job's own plan,
     * or judged by its operator ids alone in a test).
     */
    public Restore(
            String savepoint, Optional<String> unreadable, List<SavedOperator> matched, List<SavedOperator> unclaimed,
            boolean ignoreUnclaimed, Optional<String> unhonouredKey, Optional<String> comparedWith,
            List<StateChange> changes, Optional<String> notCompared) {
        this(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, comparedWith, changes, notCompared,
                List.of(), List.of());
    }

    /** This restore with the maximum parallelism conflicts {@code conflicts} ({@link MaxParallelismConflict}). */
    public Restore withMaxParallelism(List<MaxParallelismConflict> conflicts) {
        return new Restore(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, comparedWith, changes,
                notCompared, stateFiles, conflicts);
    }

    /** A restore judged by operator ids, not yet compared with the old job's plan. */
    public Restore(
            String savepoint, Optional<String> unreadable, List<SavedOperator> matched, List<SavedOperator> unclaimed,
            boolean ignoreUnclaimed, Optional<String> unhonouredKey) {
        this(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, Optional.empty(), List.of(),
                Optional.empty());
    }

    /** This restore with the locations of the state files its savepoint's metadata names. */
    public Restore withStateFiles(List<String> files) {
        return new Restore(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, comparedWith, changes,
                notCompared, files, maxParallelism);
    }

    /** This restore compared with the plan of {@code job}, the job its savepoint was taken of. */
    public Restore comparedWith(String job, List<StateChange> stateChanges) {
        return new Restore(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, Optional.of(job),
                stateChanges, Optional.empty(), stateFiles, maxParallelism);
    }

    /**
     * What {@link #comparedWith} says of a restore whose state was checked against the serializers the
     * savepoint itself records ({@code SavepointSerializers}) because the guard has no plan of its job.
     */
    public static final String SAVEPOINT_SERIALIZERS =
            "a job of which this guard holds no plan it can tell is the savepoint's (a stock gateway's job, one started"
                    + " before the guard kept plans): its state's key and row types read from the serializer snapshots"
                    + " the savepoint's own state files record";

    /**
     * This restore checked against the serializers its savepoint records ({@link #SAVEPOINT_SERIALIZERS}):
     * {@code stateChanges} per operator whose keyed state was read; {@code notChecked} says what was not
     * (what the state means to the new job, which needs the old job's plan, and any operator whose state
     * files the guard could not read).
     */
    public Restore comparedBySerializers(List<StateChange> stateChanges, String notChecked) {
        return new Restore(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey,
                Optional.of(SAVEPOINT_SERIALIZERS), stateChanges, Optional.of(notChecked), stateFiles, maxParallelism);
    }

    /** Whether this restore was checked against its savepoint's serializers, not a stored plan. */
    public boolean comparedBySerializers() {
        return comparedWith.filter(SAVEPOINT_SERIALIZERS::equals).isPresent();
    }

    /** This restore, its state's types and meaning not checked, and why. */
    public Restore notCompared(String why) {
        return new Restore(savepoint, unreadable, matched, unclaimed, ignoreUnclaimed, unhonouredKey, Optional.empty(),
                List.of(), Optional.of(why), stateFiles, maxParallelism);
    }

    /** The changes of {@code kind}. */
    public List<StateChange> changes(StateChange.Kind kind) {
        return changes.stream().filter(c -> c.kind() == kind).toList();
    }

    /** The operator ids (hex) of the savepoint's operators with state. */
    public List<String> savedOperatorIds() {
        return java.util.stream.Stream.concat(matched.stream(), unclaimed.stream()).map(SavedOperator::operatorId).toList();
    }

    /**
     * The savepoint's path as the guard writes it (a finding, an {@code EXPLAIN}, the audit record):
     * masked whole where it carries a secret, as a statement's literal is ({@link Redactor#maskLocation}).
     */
    public String shownSavepoint() {
        return Redactor.maskLocation(savepoint);
    }

    /** Why the savepoint could not be read, as the guard writes it: its path masked wherever the reason names it. */
    public Optional<String> shownUnreadable() {
        return unreadable.map(why -> Redactor.maskLocationIn(why, savepoint));
    }

    /** A restore the guard could not judge, and why. */
    public static Restore unreadable(String savepoint, String why, boolean ignoreUnclaimed, Optional<String> unhonouredKey) {
        return new Restore(savepoint, Optional.of(why), List.of(), List.of(), ignoreUnclaimed, unhonouredKey);
    }

    /** The total state size, in bytes, of {@code operators}. */
    public static long bytes(List<SavedOperator> operators) {
        return operators.stream().mapToLong(SavedOperator::stateBytes).sum();
    }

    /**
     * One operator of the savepoint that has state, as its metadata names it.
     *
     * @param operatorId the operator id (hex), Flink's {@code OperatorID}
     * @param name the operator's name where the savepoint records it (Flink 2.x's {@code
     *     OperatorState#getOperatorName}; 1.20 records none)
     * @param uid the operator's uid where the savepoint records it (Flink 2.x)
     * @param stateBytes its state size ({@code OperatorState#getStateSize})
     * @param claimedBy the new job's operator that claims it: in the gateway's check its name ({@code
     *     GroupAggregate[4]}, the name Flink 2.x records with that operator's state in a savepoint of
     *     the new job), in {@code lint --since} its description with its keys; empty when unclaimed
     */
    public record SavedOperator(
            String operatorId, Optional<String> name, Optional<String> uid, long stateBytes, Optional<String> claimedBy) {

        /** How a message names it: its name where the savepoint records one, and its id. */
        public String describe() {
            return name.map(n -> "'" + n + "' (operator id " + operatorId + ")").orElse("operator " + operatorId);
        }
    }

    /**
     * State of the savepoint that an operator of the new job claims, which Flink would not assign to
     * it for its maximum parallelism (the number of key groups keyed state is split into). The
     * JobManager checks it as it loads the savepoint and as it assigns its state, and fails the job's
     * submission (the same in 1.20.0 and 2.3.0; {@code MaxParallelism}):
     * <ul>
     *   <li>{@link Cause#CONFIGURED_OTHERWISE}: the state's maximum parallelism differs from the new
     *       vertex's, which the job configures ({@code pipeline.max-parallelism}): Flink takes the
     *       savepoint's only where the job leaves it unset ({@code Checkpoints#loadAndValidateCheckpoint}:
     *       "Max parallelism mismatch between checkpoint/savepoint state and new program");</li>
     *   <li>{@link Cause#BELOW_PARALLELISM}: the state's maximum parallelism is lower than the new
     *       vertex's parallelism ({@code StateAssignmentOperation#checkParallelismPreconditions}: "The
     *       maximum parallelism (1) of the restored state is lower than the configured parallelism (2)").</li>
     * </ul>
     *
     * @param operator the savepoint's operator, as {@link SavedOperator#describe} names it (and that it has no
     *     state, where it has none: Flink checks a configured maximum parallelism against every operator the
     *     savepoint records, {@code Checkpoints#loadAndValidateCheckpoint})
     * @param vertex the new job's vertex that claims it
     * @param savedMaxParallelism the maximum parallelism the savepoint records for it ({@code OperatorState#getMaxParallelism})
     * @param parallelism the new vertex's parallelism, as Flink's scheduler normalizes it
     * @param maxParallelism the new vertex's maximum parallelism, configured or derived by Flink
     * @param cause which of Flink's two checks it fails
     */
    public record MaxParallelismConflict(
            String operator, String vertex, int savedMaxParallelism, int parallelism, int maxParallelism, Cause cause) {

        /** Which of Flink's checks the restore fails. */
        public enum Cause {
            /** The savepoint's maximum parallelism is lower than the new vertex's parallelism. */
            BELOW_PARALLELISM,
            /** The new job configures another maximum parallelism than the savepoint's. */
            CONFIGURED_OTHERWISE
        }

        /** What the finding says of it, one sentence. */
        public String describe() {
            return cause == Cause.BELOW_PARALLELISM
                    ? "the state of " + operator + " was taken with maximum parallelism " + savedMaxParallelism
                            + ", lower than the parallelism " + parallelism + " of '" + vertex + "' in the new job"
                    : "the savepoint records " + operator + " with maximum parallelism " + savedMaxParallelism
                            + ", and the new job configures " + maxParallelism + " for '" + vertex + "'";
        }
    }

    /** A size in bytes as a person reads it: {@code 1.2 MB}. */
    public static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        String[] units = {"KB", "MB", "GB", "TB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
