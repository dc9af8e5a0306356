package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;

import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.List;
import java.util.Optional;

/**
 * The first stage of every route: the call's {@link CallContext}, who it is audited for and the
 * policy that decides it, narrowed to the most specific scope matching the session's verified user
 * and groups and its current catalog and database; a statement's tables narrow it again once they
 * are known ({@link CallContext#underTables}). Thread-safe.
 */
final class CallContexts {

    private final SessionRegistry sessions;
    private final Optional<GatewaySessions> gatewaySessions;

    CallContexts(SessionRegistry sessions, Optional<GatewaySessions> gatewaySessions) {
        this.sessions = sessions;
        this.gatewaySessions = gatewaySessions;
    }

    /**
     * The context of a call of {@code session} under {@code policy}, read once by the caller: scoped
     * by the session's current catalog and database until its statement's tables are known ({@link
     * CallContext#underTables}).
     */
    CallContext of(SessionHandle session, Policy policy, StatementTiming timing) {
        Optional<GuardedSession> guarded = sessions.find(session);
        Subject opened = guarded.map(GuardedSession::subject).orElseGet(() -> Subject.unknown(null));
        List<String> groups = guarded.map(GuardedSession::groups).orElse(List.of());
        ScopedPolicy scoped = new ScopedPolicy(policy, Optional.empty());
        if (!policy.scopes().isEmpty()) {
            String[] location = gatewaySessions.map(g -> g.currentCatalogAndDatabase(session)).orElse(new String[2]);
            scoped = policy.forScope(opened.user(), groups, location[0], location[1]);
        }
        return new CallContext(
                Optional.of(session), opened.under(scoped.scope().orElse(null), policy.policyHash()), scoped, timing,
                new CallContext.Scoping(Optional.of(policy), opened.user(), groups));
    }

    /**
     * The context of {@code openSession} by {@code opener} (verified as {@code identity}, if at all):
     * its scope matches the user and groups only, as the session has no catalog yet.
     */
    CallContext opening(Subject opener, Optional<Identity> identity, Policy policy) {
        ScopedPolicy scoped =
                policy.forScope(opener.user(), identity.map(Identity::groups).orElse(List.of()), null, null);
        return new CallContext(
                Optional.empty(), opener.under(scoped.scope().orElse(null), policy.policyHash()), scoped,
                StatementTiming.start());
    }
}
