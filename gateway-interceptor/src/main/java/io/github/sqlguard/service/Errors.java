package io.github.sqlguard.service;

import io.github.sqlguard.plan.PlannerError;

/** Reads the message a user should see out of an exception chain from the gateway. */
final class Errors {

    private Errors() {}

    /** The message of the most specific cause (causes and suppressed exceptions, cycles guarded). */
    static String rootMessage(Throwable t) {
        return PlannerError.of(t).root();
    }
}
