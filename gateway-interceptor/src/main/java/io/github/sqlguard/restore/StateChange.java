package io.github.sqlguard.restore;

import java.util.List;
import java.util.Optional;

/**
 * What happens to one stateful operator of an old job when a new job restores its savepoint, as
 * {@link StateChanges#compare} judges it from the two jobs' plans.
 *
 * @param kind the class of the change
 * @param operator the old job's operator, as the old job's operator names name it ({@code Rank[4]})
 * @param newOperator the new job's operator that claims its state ({@code Rank[4]}); empty when none does
 * @param operatorIds the old operator's operator ids in its job (hex), by which Flink maps its state
 * @param reasons what changed and what the user will see, one sentence each; empty when nothing changed
 * @param inferred true when the class is inferred from Flink's code and not verified by a real restore
 *     of such a change ({@code StateChangesIT}); the reasons then say so
 */
public record StateChange(
        Kind kind, String operator, Optional<String> newOperator, List<String> operatorIds, List<String> reasons,
        boolean inferred) {

    public StateChange {
        operatorIds = List.copyOf(operatorIds);
        reasons = List.copyOf(reasons);
    }

    /** The classes of change, from harmless to fatal. */
    public enum Kind {
        /** The new job reads the state and it means what it meant (a TTL the line migrates included). */
        RESTORES,
        /** The new job reads the state, but it means something else now: results differ from a fresh start. */
        CHANGED_MEANING,
        /** The new job's operator claims the state but cannot read it: Flink fails the job after start, or reads none of it. */
        INCOMPATIBLE,
        /** No operator of the new job has the old operator's id: Flink refuses the job, or drops the state when told to. */
        NOT_MAPPABLE
    }

    /** The change as one line: {@code CHANGED_MEANING Rank[4] -> Rank[4]: reason; reason}. */
    public String describe() {
        return kind + " " + operator + newOperator.map(n -> " -> " + n).orElse("")
                + (reasons.isEmpty() ? "" : ": " + String.join(" ", reasons));
    }
}
