package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;
import io.github.sqlguard.policy.TableScope;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.List;
import java.util.Optional;

/**
 * One call's context, read once when the call begins so that a policy reload takes effect between
 * calls, never within one. A statement that reads or writes tables is decided under the scopes of
 * its tables ({@link #underTables}), known once it is planned; one that names no table under the
 * scope of the session's current catalog and database.
 *
 * @param session the call's session; empty for {@code openSession}, before the session exists
 * @param who who the call is audited for, under the scope and policy that decide it
 * @param scoped the policy that decides it, narrowed to the session's scope
 * @param timing where the call spends the guard's time
 * @param scoping what the scopes of tables are found from
 */
record CallContext(
        Optional<SessionHandle> session, Subject who, ScopedPolicy scoped, StatementTiming timing, Scoping scoping) {

    /** A context whose scope does not follow tables (a policy without scopes, a call of no statement). */
    CallContext(Optional<SessionHandle> session, Subject who, ScopedPolicy scoped, StatementTiming timing) {
        this(session, who, scoped, timing, Scoping.NONE);
    }

    /**
     * What the scopes of a statement's tables are found from: the global policy with its scopes,
     * and the verified user and groups ({@link Policy#forTables}).
     *
     * @param global the policy read for the call, with its scopes; empty when scopes do not follow tables
     * @param user the verified user, or {@code null}
     * @param groups the verified user's groups
     */
    record Scoping(Optional<Policy> global, String user, List<String> groups) {

        static final Scoping NONE = new Scoping(Optional.empty(), null, List.of());

        Scoping {
            groups = List.copyOf(groups);
        }
    }

    Policy policy() {
        return scoped.policy();
    }

    /** The session, for a call that has one. */
    SessionHandle sessionHandle() {
        return session.orElseThrow(() -> new IllegalStateException("A call of no session"));
    }

    /** True when this call's policy has scopes, so that the tables of its statement choose its policy. */
    boolean scopesFollowTables() {
        return scoping.global().map(global -> !global.scopes().isEmpty()).orElse(false);
    }

    /**
     * This context under the scopes of {@code tables}, the tables its statement reads and writes as
     * Flink resolved them ({@link Policy#forTables}: per table the most specific scope, the
     * strictest of them when they differ), audited with each table's scope. This same context when
     * {@code tables} is empty or scopes do not follow tables.
     */
    CallContext underTables(List<ObjectIdentifier> tables) {
        if (tables.isEmpty() || !scopesFollowTables()) {
            return this;
        }
        Policy global = scoping.global().orElseThrow();
        ScopedPolicy byTables = global.forTables(scoping.user(), scoping.groups(), tables);
        List<Subject.Table> audited =
                byTables.tables().stream()
                        .map(t -> new Subject.Table(t.table().asSummaryString(), t.scope().orElse(null)))
                        .toList();
        return new CallContext(
                session, who.under(byTables.scope().orElse(null), global.policyHash(), audited), byTables, timing,
                scoping);
    }

    /**
     * This context for a statement whose tables the guard cannot know (it was not analysed): the
     * strictest policy any of its tables could get ({@link Policy#forAnyTable}), so that the
     * session's current catalog cannot lower the bar for it. This same context when scopes do not
     * follow tables.
     */
    CallContext underAnyTable() {
        if (!scopesFollowTables()) {
            return this;
        }
        Policy global = scoping.global().orElseThrow();
        ScopedPolicy reachable = global.forAnyTable(scoping.user(), scoping.groups());
        return new CallContext(
                session, who.under(reachable.scope().orElse(null), global.policyHash()), reachable, timing, scoping);
    }

    /** The tables and scopes this context was narrowed to ({@link #underTables}); empty when it was not. */
    List<TableScope> tables() {
        return scoped.tables();
    }
}
