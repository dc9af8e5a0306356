package io.github.sqlguard.service;

import io.github.sqlguard.rules.PlannerError;


/** Reads the message a user should see out of an exception chain from the gateway. */
final class Errors {

    private Errors() {}

    /**
     * The planner's message, read to the root: Flink's most specific reason first, then the outer
     * context ({@link PlannerError#text()}), without the gateway's wrappers ({@code
     * SqlExecutionException: Failed to execute the operation ...}) and Calcite's list of expected
     * tokens.
     */
    static String plannerMessage(Throwable t) {
        return PlannerError.of(t).text();
    }

    /** The message of the most specific cause (causes and suppressed exceptions, cycles guarded). */
    static String rootMessage(Throwable t) {
        return PlannerError.of(t).root();
    }
}
