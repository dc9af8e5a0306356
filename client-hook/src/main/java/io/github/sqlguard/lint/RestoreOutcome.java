package io.github.sqlguard.lint;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.restore.StateChange.Kind;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.restore.RestoreStateSkippedRule;
import io.github.sqlguard.rules.restore.RestoreUnclaimedStateRule;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What lint says of a statement that restores state: the class of the restore of its previous
 * version's savepoint ({@code lint --since}, {@code lint --restores-from}) or of the savepoint its
 * configuration names, as a CI job and {@code compare} read it.
 *
 * @param from what it restores from: {@code savepoint of the job of jobs/agg.sql at main (3f2a1c9)},
 *     or {@code savepoint <path>}
 * @param outcome the class: {@link Outcome}
 * @param unclaimed the stateful operators of the old job that no operator of the new job claims
 *     (Flink's description, with its keys)
 * @param changes what changed for each of the old job's stateful operators whose state the new job
 *     claims, as the comparator judged it ({@link StateChange#describe}), where it changed anything
 * @param rules the restore rules' findings on it, by id
 */
public record RestoreOutcome(String from, Outcome outcome, List<String> unclaimed, List<String> changes, List<String> rules) {

    /** The rule ids of the restore rules whose finding means the job cannot restore its state. */
    static final Set<String> CANNOT_RESTORE = Set.of(
            RestoreUnclaimedStateRule.ID, RestoreStateSkippedRule.ID, "restore-incompatible-state",
            io.github.sqlguard.rules.restore.RestoreMaxParallelismRule.ID);

    /** The rule id of a restore that works and means something else. */
    static final String CHANGED_MEANING = "restore-changed-meaning";

    public RestoreOutcome {
        unclaimed = List.copyOf(unclaimed);
        changes = List.copyOf(changes);
        rules = List.copyOf(rules);
    }

    /** The classes of a restore. */
    public enum Outcome {
        /** Flink restores every operator's state into the new job, and it means what it meant. */
        RESTORES("restores"),
        /** Flink restores it, and the restored state means something else in the new job. */
        RESTORES_WITH_A_CHANGED_MEANING("restores with a changed meaning"),
        /**
         * Flink refuses to start the job (state no operator claims), starts it without that state
         * ({@code ignore-unclaimed-state}), or the job fails on reading it.
         */
        CANNOT_RESTORE("cannot restore"),
        /** The guard could not judge it (a savepoint or a job it could not read or build). */
        NOT_JUDGED("not judged");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** How reports write it: {@code cannot restore}. */
        public String label() {
            return label;
        }

        /** The class a report wrote ({@link #label}). */
        public static Outcome ofLabel(String label) {
            for (Outcome outcome : values()) {
                if (outcome.label.equals(label.strip().toLowerCase(Locale.ROOT))) {
                    return outcome;
                }
            }
            throw new IllegalArgumentException("not a restore class: " + label);
        }
    }

    /**
     * The outcome of a decision on a statement that restores state, with the comparator's judgement
     * of each old operator whose state maps, where the restore was compared with the old job's plan
     * ({@link Restore#changes}); empty for a statement that restores none.
     */
    static Optional<RestoreOutcome> of(Decision decision) {
        if (decision.restore().isEmpty()) {
            return Optional.empty();
        }
        Restore restore = decision.restore().get();
        List<StateChange> changes = restore.changes();
        List<String> rules = decision.verdict().findings().stream()
                .map(Finding::ruleId)
                .filter(id -> id.startsWith("restore-"))
                .distinct()
                .toList();
        List<String> unclaimed = restore.unclaimed().stream().map(o -> o.name().orElse(o.operatorId())).toList();
        Outcome outcome;
        if (restore.unreadable().isPresent()) {
            outcome = Outcome.NOT_JUDGED;
        } else if (!restore.unclaimed().isEmpty() || rules.stream().anyMatch(CANNOT_RESTORE::contains)
                || changes.stream().anyMatch(c -> c.kind() == Kind.INCOMPATIBLE)) {
            outcome = Outcome.CANNOT_RESTORE;
        } else if (rules.contains(CHANGED_MEANING) || changes.stream().anyMatch(c -> c.kind() == Kind.CHANGED_MEANING)) {
            outcome = Outcome.RESTORES_WITH_A_CHANGED_MEANING;
        } else {
            outcome = Outcome.RESTORES;
        }
        List<String> changed = changes.stream()
                .filter(c -> c.kind() == Kind.INCOMPATIBLE || c.kind() == Kind.CHANGED_MEANING)
                .map(StateChange::describe)
                .toList();
        return Optional.of(new RestoreOutcome("savepoint " + restore.savepoint(), outcome, unclaimed, changed, rules));
    }
}
