package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ExplainedPlan;

/**
 * What planning a statement in the user's session gave: a plan, a planner rejection, or a guard
 * failure (the guard could not find out).
 */
public sealed interface ExplainOutcome {

    /** How long planning took (or was waited for), in milliseconds. */
    long explainMs();

    /** The planner accepted the statement. */
    record Planned(ExplainedPlan plan, long explainMs) implements ExplainOutcome {}

    /**
     * Flink's parser or planner rejected the statement.
     *
     * @param error Flink's own exception, with its whole cause chain
     */
    record Rejected(Throwable error, long explainMs) implements ExplainOutcome {}

    /** The guard could not get an answer; {@code reason} says why. */
    record Failed(String reason, long explainMs) implements ExplainOutcome {}
}
