package io.github.sqlguard.audit;

import java.util.List;

/**
 * Who a call is audited for, and under which policy.
 *
 * @param user the user the server verified (a client certificate's CN, a trusted proxy's header),
 *     or {@code null} when nothing was verified
 * @param claimedUser the self-declared {@code sql-guard.user} session property (else the session
 *     name), never taken as {@code user}; {@code null} when none
 * @param identitySource {@code CLIENT_CERTIFICATE}, {@code TRUSTED_PROXY} or {@code NONE}
 * @param identityRejected why an identity header was ignored (an untrusted address), or {@code null}
 * @param scope the policy scope that decided ({@code sql-guard.scopes.<name>}), the names of several
 *     comma-separated when the statement's tables are in several (the strictest of their policies
 *     decided), or {@code null} for the global policy
 * @param policyHash SHA-256 of the {@code sql-guard.*} options in force
 * @param tables the tables the statement reads and writes, each with its scope, when scopes are
 *     configured and the statement names tables; else empty
 */
public record Subject(
        String user, String claimedUser, String identitySource, String identityRejected, String scope,
        String policyHash, List<Table> tables) {

    public Subject {
        tables = List.copyOf(tables);
    }

    /** A subject with no tables. */
    public Subject(
            String user, String claimedUser, String identitySource, String identityRejected, String scope,
            String policyHash) {
        this(user, claimedUser, identitySource, identityRejected, scope, policyHash, List.of());
    }

    /** A subject nothing is known of (a session the guard did not see open), under {@code policyHash}. */
    public static Subject unknown(String policyHash) {
        return new Subject(null, null, "NONE", null, null, policyHash);
    }

    /** The same subject under another scope and policy, with no tables. */
    public Subject under(String newScope, String newPolicyHash) {
        return under(newScope, newPolicyHash, List.of());
    }

    /** The same subject under another scope and policy, chosen by {@code newTables}. */
    public Subject under(String newScope, String newPolicyHash, List<Table> newTables) {
        return new Subject(user, claimedUser, identitySource, identityRejected, newScope, newPolicyHash, newTables);
    }

    /**
     * A table a statement reads or writes, as audited.
     *
     * @param table {@code catalog.database.table} (Flink's {@code ObjectIdentifier#asSummaryString})
     * @param scope the scope whose policy applies to it, or {@code null} for the global policy
     */
    public record Table(String table, String scope) {}
}
