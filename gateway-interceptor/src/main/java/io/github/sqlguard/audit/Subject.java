package io.github.sqlguard.audit;

/**
 * Who a call is audited for, and under which policy.
 *
 * @param user the user the server verified (a client certificate's CN, a trusted proxy's header),
 *     or {@code null} when nothing was verified
 * @param claimedUser the self-declared {@code sql-guard.user} session property (else the session
 *     name), never taken as {@code user}; {@code null} when none
 * @param identitySource {@code CLIENT_CERTIFICATE}, {@code TRUSTED_PROXY} or {@code NONE}
 * @param identityRejected why an identity header was ignored (an untrusted address), or {@code null}
 * @param scope the policy scope that decided ({@code sql-guard.scopes.<name>}), or {@code null} for
 *     the global policy
 * @param policyHash SHA-256 of the {@code sql-guard.*} options in force
 */
public record Subject(
        String user, String claimedUser, String identitySource, String identityRejected, String scope,
        String policyHash) {

    /** A subject nothing is known of (a session the guard did not see open), under {@code policyHash}. */
    public static Subject unknown(String policyHash) {
        return new Subject(null, null, "NONE", null, null, policyHash);
    }

    /** The same subject under another scope and policy. */
    public Subject under(String newScope, String newPolicyHash) {
        return new Subject(user, claimedUser, identitySource, identityRejected, newScope, newPolicyHash);
    }
}
