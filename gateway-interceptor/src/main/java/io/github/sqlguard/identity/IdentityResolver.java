package io.github.sqlguard.identity;

import io.github.sqlguard.identity.Identity.Source;
import io.github.sqlguard.policy.GuardOptions;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.SecurityOptions;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

import java.net.InetAddress;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Decides who opens a session from what the server can verify, in this order:
 *
 * <ol>
 *   <li>the {@code sql-guard.identity.header} (and {@code groups-header}) of a request whose peer
 *       address is in {@code sql-guard.identity.trusted-proxies}: an authenticating proxy in front
 *       of the gateway (its own TLS client certificate, if any, names the proxy, not the user);
 *   <li>the client certificate TLS verified, when Flink's REST SSL with client authentication is on
 *       ({@code security.ssl.rest.enabled} and {@code security.ssl.rest.authentication-enabled}):
 *       user = the subject's CN (the whole subject when it has none), groups = its O values, as
 *       Kubernetes reads client certificates;
 *   <li>nothing: no verified user.
 * </ol>
 *
 * An identity header from any other address is ignored and reported in {@link Identity#rejected()}
 * (to be audited as {@code identityRejected}); so is a user header sent more than once or with a
 * value that is not a plain name, and a groups header sent more than once (the identity is then
 * not believed at all). The self-declared {@code sql-guard.user} is kept apart as {@link
 * Identity#claimedUser()}.
 *
 * <p>Thread-safe and immutable; one per gateway. Stability: public, evolving.
 */
public final class IdentityResolver {

    /** A user or group name: printable, no separators a log or audit reader could be fooled by. */
    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}._@+=:/\\\\ -]{1,256}");

    private final String header;
    private final String groupsHeader;
    private final List<AddressRange> trustedProxies;
    private final boolean clientCertificates;

    IdentityResolver(String header, String groupsHeader, List<AddressRange> trustedProxies, boolean clientCertificates) {
        this.header = header;
        this.groupsHeader = groupsHeader;
        this.trustedProxies = List.copyOf(trustedProxies);
        this.clientCertificates = clientCertificates;
    }

    /**
     * Reads {@code sql-guard.identity.*} and Flink's REST SSL options.
     *
     * @throws IllegalArgumentException naming the key, for a trusted proxy that is not an IP
     *     address or CIDR block, or trusted proxies without a header
     */
    public static IdentityResolver fromConfiguration(Configuration config) {
        String header = config.getOptional(GuardOptions.IDENTITY_HEADER).map(String::trim).orElse(null);
        String groupsHeader = config.getOptional(GuardOptions.IDENTITY_GROUPS_HEADER).map(String::trim).orElse(null);
        List<AddressRange> proxies = new ArrayList<>();
        for (String entry : config.get(GuardOptions.IDENTITY_TRUSTED_PROXIES)) {
            for (String part : entry.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                try {
                    proxies.add(AddressRange.parse(part));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "Invalid value for option '" + GuardOptions.IDENTITY_TRUSTED_PROXIES.key() + "': "
                                    + e.getMessage(), e);
                }
            }
        }
        if (!proxies.isEmpty() && header == null) {
            throw new IllegalArgumentException(
                    "'" + GuardOptions.IDENTITY_TRUSTED_PROXIES.key() + "' is set but '"
                            + GuardOptions.IDENTITY_HEADER.key() + "' is not: name the header the proxies set.");
        }
        if (groupsHeader != null && header == null) {
            throw new IllegalArgumentException(
                    "'" + GuardOptions.IDENTITY_GROUPS_HEADER.key() + "' is set but '"
                            + GuardOptions.IDENTITY_HEADER.key() + "' is not.");
        }
        boolean certificates =
                SecurityOptions.isRestSSLEnabled(config) && SecurityOptions.isRestSSLAuthenticationEnabled(config);
        return new IdentityResolver(header, groupsHeader, proxies, certificates);
    }

    /**
     * The identity of one openSession request.
     *
     * @param peer the remote address of the connection
     * @param peerCertificates the client's certificate chain as TLS verified it (leaf first); empty
     *     without TLS client authentication
     * @param headers all values of a request header, by name (case-insensitive); empty when absent
     * @param claimedUser the {@code sql-guard.user} session property, or {@code null}
     */
    public Identity resolve(
            InetAddress peer,
            List<X509Certificate> peerCertificates,
            Function<String, List<String>> headers,
            String claimedUser) {
        String peerText = peer.getHostAddress();
        Optional<String> claimed = Optional.ofNullable(claimedUser).filter(s -> !s.isBlank());
        Optional<String> subject =
                clientCertificates && !peerCertificates.isEmpty()
                        ? Optional.of(peerCertificates.get(0).getSubjectX500Principal().getName())
                        : Optional.empty();
        String rejected = null;
        if (header != null) {
            List<String> users = headers.apply(header);
            List<String> groups = groupsHeader == null ? List.of() : headers.apply(groupsHeader);
            if (!users.isEmpty() || !groups.isEmpty()) {
                if (!trusted(peer)) {
                    rejected = "identity header '" + header + "' from " + peerText + ", which is not in '"
                            + GuardOptions.IDENTITY_TRUSTED_PROXIES.key() + "', was ignored";
                } else if (users.size() != 1 || !NAME.matcher(users.get(0).trim()).matches()) {
                    rejected = "identity header '" + header + "' from trusted proxy " + peerText
                            + (users.isEmpty() ? " is missing" : users.size() > 1 ? " was sent " + users.size() + " times"
                                    : " is not a plain name")
                            + ", and was ignored";
                } else if (groups.size() > 1) {
                    // As for the user header: a second copy may be the client's own, appended by a proxy
                    // that adds rather than replaces; neither copy can be believed.
                    rejected = "groups header '" + groupsHeader + "' from trusted proxy " + peerText + " was sent "
                            + groups.size() + " times, and the identity headers were ignored";
                } else {
                    return new Identity(Optional.of(users.get(0).trim()), groups(groups), Source.TRUSTED_PROXY, subject,
                            claimed, peerText, Optional.empty());
                }
            }
        }
        if (subject.isPresent()) {
            return new Identity(Optional.of(certificateUser(subject.get())), certificateGroups(subject.get()),
                    Source.CLIENT_CERTIFICATE, subject, claimed, peerText, Optional.ofNullable(rejected));
        }
        return new Identity(Optional.empty(), List.of(), Source.NONE, Optional.empty(), claimed, peerText,
                Optional.ofNullable(rejected));
    }

    /** True when client certificates identify users (REST SSL with client authentication). */
    public boolean clientCertificates() {
        return clientCertificates;
    }

    /** One line for the start-up log. */
    public String describe() {
        List<String> sources = new ArrayList<>();
        if (header != null) {
            sources.add("header '" + header + "' from " + (trustedProxies.isEmpty() ? "no address" : trustedProxies));
        }
        if (clientCertificates) {
            sources.add("client certificates");
        }
        return sources.isEmpty() ? "identity: none verified (claimed names only)" : "identity: " + String.join(", ", sources);
    }

    private boolean trusted(InetAddress peer) {
        return trustedProxies.stream().anyMatch(r -> r.contains(peer));
    }

    private static List<String> groups(List<String> values) {
        return values.stream()
                .flatMap(v -> Arrays.stream(v.split(",")))
                .map(String::trim)
                .filter(g -> NAME.matcher(g).matches())
                .distinct()
                .toList();
    }

    private static String certificateUser(String subject) {
        List<String> cn = attribute(subject, "CN");
        return cn.isEmpty() ? subject : cn.get(0);
    }

    private static List<String> certificateGroups(String subject) {
        return attribute(subject, "O");
    }

    private static List<String> attribute(String subject, String type) {
        try {
            List<String> values = new ArrayList<>();
            // RDNs of an LdapName run from the last (least significant) to the first.
            List<Rdn> rdns = new ArrayList<>(new LdapName(subject).getRdns());
            for (int i = rdns.size() - 1; i >= 0; i--) {
                if (rdns.get(i).getType().equalsIgnoreCase(type)) {
                    values.add(String.valueOf(rdns.get(i).getValue()));
                }
            }
            return values;
        } catch (InvalidNameException e) {
            // X500Principal.getName() is RFC 2253, which LdapName reads; this is not expected.
            throw new IllegalStateException("Cannot read certificate subject '" + subject + "'.", e);
        }
    }
}
