package io.github.sqlguard.identity;

import java.util.List;
import java.util.Optional;

/**
 * Who opened a session, as far as the gateway could verify it ({@link IdentityResolver}).
 *
 * <p>For the audit: {@code user} is {@link #user()} (absent when nothing was verified), {@code
 * claimedUser} is {@link #claimedUser()}, and {@code identityRejected} is {@link #rejected()}.
 * Scopes match {@link #user()} and {@link #groups()} only, never the claimed name.
 *
 * @param user the verified user: the client certificate's CN, or the trusted proxy's header
 * @param groups the verified user's groups: the certificate's O values, or the trusted proxy's
 *     groups header; empty when none
 * @param source where {@code user} comes from
 * @param certificateSubject the subject (RFC 2253) of the client certificate TLS verified, if any
 * @param claimedUser the self-declared {@code sql-guard.user} session property, if set
 * @param peer the address the request came from
 * @param rejected why an identity header was ignored (sent from an address that is not a trusted
 *     proxy, or malformed), for the audit's {@code identityRejected}
 */
public record Identity(
        Optional<String> user,
        List<String> groups,
        Source source,
        Optional<String> certificateSubject,
        Optional<String> claimedUser,
        String peer,
        Optional<String> rejected) {

    /** Where a verified user comes from. */
    public enum Source {
        /** The client certificate of REST SSL with client authentication. */
        CLIENT_CERTIFICATE,
        /** The identity header of a trusted authenticating proxy. */
        TRUSTED_PROXY,
        /** Nothing verified. */
        NONE
    }

    public Identity {
        groups = List.copyOf(groups);
    }

    /** True when a user was verified. */
    public boolean verified() {
        return user.isPresent();
    }
}
