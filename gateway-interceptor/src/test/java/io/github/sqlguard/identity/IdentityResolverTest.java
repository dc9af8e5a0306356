package io.github.sqlguard.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.identity.Identity.Source;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

class IdentityResolverTest {

    private static IdentityResolver resolver(Map<String, String> options) {
        return IdentityResolver.fromConfiguration(Configuration.fromMap(options));
    }

    private static Function<String, List<String>> headers(Map<String, List<String>> headers) {
        return name -> headers.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(List.of());
    }

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    private final IdentityResolver proxied =
            resolver(Map.of(
                    "sql-guard.identity.header", "X-Forwarded-User",
                    "sql-guard.identity.groups-header", "X-Forwarded-Groups",
                    "sql-guard.identity.trusted-proxies", "10.0.0.0/8, 192.168.7.7, fd00::/8"));

    @Test
    void believesTheHeaderOfATrustedProxyOnly() throws Exception {
        var sent = headers(Map.of("x-forwarded-user", List.of("alice"), "X-Forwarded-Groups", List.of("analytics, ops")));

        Identity trusted = proxied.resolve(ip("10.20.30.40"), List.of(), sent, "root");
        assertThat(trusted.user()).contains("alice");
        assertThat(trusted.groups()).containsExactly("analytics", "ops");
        assertThat(trusted.source()).isEqualTo(Source.TRUSTED_PROXY);
        assertThat(trusted.claimedUser()).contains("root");
        assertThat(trusted.rejected()).isEmpty();

        Identity untrusted = proxied.resolve(ip("11.0.0.1"), List.of(), sent, "root");
        assertThat(untrusted.user()).isEmpty();
        assertThat(untrusted.groups()).isEmpty();
        assertThat(untrusted.source()).isEqualTo(Source.NONE);
        assertThat(untrusted.claimedUser()).contains("root");
        assertThat(untrusted.rejected()).hasValueSatisfying(r -> assertThat(r)
                .contains("'X-Forwarded-User'").contains("11.0.0.1").contains("sql-guard.identity.trusted-proxies"));
    }

    @Test
    void matchesSingleAddressesIpv6BlocksAndIpv4MappedPeers() throws Exception {
        var sent = headers(Map.of("X-Forwarded-User", List.of("alice")));
        assertThat(proxied.resolve(ip("192.168.7.7"), List.of(), sent, null).verified()).isTrue();
        assertThat(proxied.resolve(ip("192.168.7.8"), List.of(), sent, null).verified()).isFalse();
        assertThat(proxied.resolve(ip("fd12::1"), List.of(), sent, null).verified()).isTrue();
        assertThat(proxied.resolve(ip("fe80::1"), List.of(), sent, null).verified()).isFalse();
        assertThat(proxied.resolve(ip("::ffff:10.1.1.1"), List.of(), sent, null).verified()).isTrue();
    }

    @Test
    void ignoresAHeaderSentTwiceOrThatIsNotAPlainName() throws Exception {
        Identity twice = proxied.resolve(
                ip("10.0.0.1"), List.of(), headers(Map.of("X-Forwarded-User", List.of("alice", "admin"))), null);
        assertThat(twice.user()).isEmpty();
        assertThat(twice.rejected()).hasValueSatisfying(r -> assertThat(r).contains("sent 2 times"));

        Identity groupsTwice = proxied.resolve(ip("10.0.0.1"), List.of(), headers(Map.of(
                "X-Forwarded-User", List.of("alice"), "X-Forwarded-Groups", List.of("analytics", "admins"))), null);
        assertThat(groupsTwice.user()).isEmpty();
        assertThat(groupsTwice.groups()).isEmpty();
        assertThat(groupsTwice.rejected()).hasValueSatisfying(r -> assertThat(r)
                .contains("'X-Forwarded-Groups'").contains("sent 2 times"));

        Identity odd = proxied.resolve(
                ip("10.0.0.1"), List.of(), headers(Map.of("X-Forwarded-User", List.of("alice\"; admin"))), null);
        assertThat(odd.user()).isEmpty();
        assertThat(odd.rejected()).hasValueSatisfying(r -> assertThat(r).contains("not a plain name"));
    }

    @Test
    void withoutHeaderOrCertificateNothingIsVerified() throws Exception {
        Identity none = proxied.resolve(ip("10.0.0.1"), List.of(), headers(Map.of()), "bob");
        assertThat(none.user()).isEmpty();
        assertThat(none.rejected()).isEmpty();
        assertThat(none.claimedUser()).contains("bob");
        assertThat(none.peer()).isEqualTo("10.0.0.1");

        IdentityResolver off = resolver(Map.of());
        Identity ignored = off.resolve(ip("127.0.0.1"), List.of(), headers(Map.of("X-Forwarded-User", List.of("a"))), "");
        assertThat(ignored.user()).isEmpty();
        assertThat(ignored.rejected()).as("no header is configured: nothing to reject").isEmpty();
        assertThat(ignored.claimedUser()).isEmpty();
        assertThat(off.describe()).contains("none verified");
    }

    @Test
    void rejectsTrustedProxiesThatAreNotAddressesNamingTheKey() {
        assertThatThrownBy(() -> resolver(Map.of(
                        "sql-guard.identity.header", "X-User",
                        "sql-guard.identity.trusted-proxies", "proxy.example.com")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sql-guard.identity.trusted-proxies'")
                .hasMessageContaining("host names are not accepted");
        assertThatThrownBy(() -> resolver(Map.of(
                        "sql-guard.identity.header", "X-User",
                        "sql-guard.identity.trusted-proxies", "10.0.0.0/33")))
                .hasMessageContaining("prefix length 33");
        assertThatThrownBy(() -> resolver(Map.of(
                        "sql-guard.identity.header", "X-User",
                        "sql-guard.identity.trusted-proxies", "300.1.1.1")))
                .hasMessageContaining("'300.1.1.1'");
        assertThatThrownBy(() -> resolver(Map.of("sql-guard.identity.trusted-proxies", "10.0.0.1")))
                .hasMessageContaining("'sql-guard.identity.header' is not");
    }
}
