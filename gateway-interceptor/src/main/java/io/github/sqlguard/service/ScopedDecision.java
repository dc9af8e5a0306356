package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;

/**
 * The guard's decision on a statement, and the call's context under the scopes that decided it:
 * those of the tables the statement reads and writes, once Flink has planned it ({@link
 * CallContext#underTables}). The call is audited, refused or handed on under this context.
 *
 * @param call the call's context, narrowed to the scopes of the statement's tables
 * @param decision the decision
 */
record ScopedDecision(CallContext call, Decision decision) {}
