package io.github.sqlguard.service;

import io.github.sqlguard.plan.ExplainedPlan;

/**
 * What EXPLAIN in the user's session gave: a plan, a planner rejection, or a guard failure (the
 * guard could not find out: timeout, gateway error).
 */
public sealed interface ExplainOutcome {

    /** The planner accepted the statement. */
    record Planned(ExplainedPlan plan, long explainMs) implements ExplainOutcome {}

    /** The planner (or Flink's parser in the session) rejected the statement with this message. */
    record Rejected(String plannerError, long explainMs) implements ExplainOutcome {}

    /** The guard could not get an answer; {@code reason} says why. */
    record Failed(String reason, long explainMs) implements ExplainOutcome {}
}
