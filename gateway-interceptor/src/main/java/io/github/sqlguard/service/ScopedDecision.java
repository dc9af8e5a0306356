package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;

/**
 * The guard's decision on a statement, and the call's context under the scopes that decided it:
 * those of the tables the statement reads and writes, once Flink has planned it ({@link
 * CallContext#underTables}). The call is audited, refused or handed on under this context.
 *
 * @param call the call's context, narrowed to the scopes of the statement's tables
 * @param decision the decision
 * @param notPlanned true when the platform limits refused the statement before anything planned it
 *     ({@link StatementGuard#limits}): nothing may plan it afterwards either (an {@code EXPLAIN} of it
 *     is not handed to Flink)
 */
record ScopedDecision(CallContext call, Decision decision, boolean notPlanned) {

    /** A decision taken by planning the statement, or without a plan. */
    ScopedDecision(CallContext call, Decision decision) {
        this(call, decision, false);
    }
}
