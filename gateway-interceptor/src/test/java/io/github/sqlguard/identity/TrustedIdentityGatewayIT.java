package io.github.sqlguard.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.identity.Identity.Source;
import io.github.sqlguard.service.GuardedSession;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * The verified identity of sessions opened on a real guarded gateway: a client certificate over
 * real TLS (REST SSL with client authentication, keystores made by keytool), and an identity header
 * believed from a trusted proxy address and ignored from any other.
 */
class TrustedIdentityGatewayIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    /** POST /v2/sessions with {@code properties} and extra headers; returns the session handle. */
    private static SessionHandle openSession(
            HttpClient http, String root, Map<String, String> properties, String... headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(root + "/v2/sessions"))
                        .timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                JSON.writeValueAsString(Map.of("properties", properties))));
        if (headers.length > 0) {
            request.headers(headers);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new SessionHandle(UUID.fromString(JSON.readTree(response.body()).get("sessionHandle").asText()));
    }

    /**
     * POST /v2/sessions/:session/statements; returns the audit record of the operation (written
     * before the handle is returned).
     */
    private static JsonNode executeAndAudit(HttpClient http, String root, SessionHandle session, String statement)
            throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(root + "/v2/sessions/" + session + "/statements"))
                        .timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                JSON.writeValueAsString(Map.of("statement", statement))))
                        .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String operation = JSON.readTree(response.body()).get("operationHandle").asText();
        return AuditFile.forOperation(operation).orElseThrow();
    }

    @Test
    void clientCertificateNamesTheUserAndAHeaderFromAnUntrustedAddressIsIgnored() throws Exception {
        TestKeystores stores = new TestKeystores(dir);
        Path server = stores.keyPair("server", "CN=localhost", "SAN=ip:127.0.0.1,dns:localhost");
        Path alice = stores.keyPair("alice", "CN=alice,OU=Data,O=analytics,O=platform");
        Path mallory = stores.keyPair("mallory", "CN=mallory");
        Path serverTrusts = stores.truststore("server-trust", alice);
        Path clientTrusts = stores.truststore("client-trust", server);

        Map<String, String> config = Map.ofEntries(
                Map.entry("security.ssl.rest.enabled", "true"),
                Map.entry("security.ssl.rest.authentication-enabled", "true"),
                Map.entry("security.ssl.rest.keystore", server.toString()),
                Map.entry("security.ssl.rest.keystore-password", TestKeystores.PASSWORD),
                Map.entry("security.ssl.rest.key-password", TestKeystores.PASSWORD),
                Map.entry("security.ssl.rest.truststore", serverTrusts.toString()),
                Map.entry("security.ssl.rest.truststore-password", TestKeystores.PASSWORD),
                Map.entry("sql-guard.identity.header", "X-Forwarded-User"),
                Map.entry("sql-guard.identity.trusted-proxies", "10.0.0.0/8"));
        try (GuardedGateway gateway = GuardedGateway.start(config)) {
            String root = "https://127.0.0.1:" + gateway.port();
            HttpClient asAlice =
                    HttpClient.newBuilder().sslContext(TestKeystores.clientContext(alice, clientTrusts)).build();

            SessionHandle session =
                    openSession(asAlice, root, Map.of("sql-guard.user", "root"), "X-Forwarded-User", "admin");

            Identity identity = gateway.runtime().sessions().find(session).flatMap(GuardedSession::identity).orElseThrow();
            assertThat(identity.user()).contains("alice");
            assertThat(identity.source()).isEqualTo(Source.CLIENT_CERTIFICATE);
            assertThat(identity.groups()).containsExactlyInAnyOrder("analytics", "platform");
            assertThat(identity.certificateSubject()).hasValueSatisfying(s -> assertThat(s).startsWith("CN=alice,"));
            assertThat(identity.claimedUser()).contains("root");
            assertThat(identity.peer()).isEqualTo("127.0.0.1");
            assertThat(identity.rejected()).hasValueSatisfying(r -> assertThat(r)
                    .contains("'X-Forwarded-User'").contains("127.0.0.1").contains("not in"));

            // The audit of a statement of that session: the certificate's CN is the user; the
            // claimed name and the ignored header are kept apart.
            JsonNode record = executeAndAudit(asAlice, root, session, "SHOW DATABASES");
            assertThat(record.path("user").asText()).isEqualTo("alice");
            assertThat(record.path("claimedUser").asText()).isEqualTo("root");
            assertThat(record.path("identitySource").asText()).isEqualTo("CLIENT_CERTIFICATE");
            assertThat(record.path("identityRejected").asText())
                    .contains("'X-Forwarded-User'").contains("127.0.0.1");
            assertThat(record.path("outcome").asText()).isEqualTo("submitted");

            // A certificate the gateway does not trust never gets a session.
            SSLContext untrusted = TestKeystores.clientContext(mallory, clientTrusts);
            HttpClient asMallory = HttpClient.newBuilder().sslContext(untrusted).build();
            assertThatThrownBy(() -> openSession(asMallory, root, Map.of()))
                    .isInstanceOf(IOException.class);
            assertThat(gateway.runtime().sessions().size()).isEqualTo(1);
        }
    }

    @Test
    void headerOfATrustedProxyNamesTheUserAndGroups() throws Exception {
        Map<String, String> config = Map.of(
                "sql-guard.identity.header", "X-Forwarded-User",
                "sql-guard.identity.groups-header", "X-Forwarded-Groups",
                "sql-guard.identity.trusted-proxies", "127.0.0.1/32");
        try (GuardedGateway gateway = GuardedGateway.start(config)) {
            String root = "http://127.0.0.1:" + gateway.port();
            HttpClient http = HttpClient.newHttpClient();

            SessionHandle proxied = openSession(http, root, Map.of("sql-guard.user", "someone-else"),
                    "X-Forwarded-User", "carol", "X-Forwarded-Groups", "analytics, ops");
            SessionHandle direct = openSession(http, root, Map.of("sql-guard.user", "dave"));

            Identity carol = gateway.runtime().sessions().find(proxied).flatMap(GuardedSession::identity).orElseThrow();
            assertThat(carol.user()).contains("carol");
            assertThat(carol.source()).isEqualTo(Source.TRUSTED_PROXY);
            assertThat(carol.groups()).containsExactly("analytics", "ops");
            assertThat(carol.claimedUser()).contains("someone-else");
            Identity dave = gateway.runtime().sessions().find(direct).flatMap(GuardedSession::identity).orElseThrow();
            assertThat(dave.user()).isEmpty();
            assertThat(dave.claimedUser()).contains("dave");
            assertThat(dave.rejected()).isEmpty();

            JsonNode carolsStatement = executeAndAudit(http, root, proxied, "SHOW DATABASES");
            assertThat(carolsStatement.path("user").asText()).isEqualTo("carol");
            assertThat(carolsStatement.path("claimedUser").asText()).isEqualTo("someone-else");
            assertThat(carolsStatement.path("identitySource").asText()).isEqualTo("TRUSTED_PROXY");
            JsonNode davesStatement = executeAndAudit(http, root, direct, "SHOW DATABASES");
            assertThat(davesStatement.path("user").isNull()).as("nothing verified").isTrue();
            assertThat(davesStatement.path("claimedUser").asText()).isEqualTo("dave");
            assertThat(davesStatement.path("identitySource").asText()).isEqualTo("NONE");
        }
    }
}
