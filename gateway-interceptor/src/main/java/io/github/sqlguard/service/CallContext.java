package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;

import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Optional;

/**
 * One call's context, read once when the call begins so that a policy reload takes effect between
 * calls, never within one.
 *
 * @param session the call's session; empty for {@code openSession}, before the session exists
 * @param who who the call is audited for, under the scope and policy that decide it
 * @param scoped the policy that decides it, narrowed to the session's scope
 * @param timing where the call spends the guard's time
 */
record CallContext(Optional<SessionHandle> session, Subject who, ScopedPolicy scoped, StatementTiming timing) {

    Policy policy() {
        return scoped.policy();
    }

    /** The session, for a call that has one. */
    SessionHandle sessionHandle() {
        return session.orElseThrow(() -> new IllegalStateException("A call of no session"));
    }
}
