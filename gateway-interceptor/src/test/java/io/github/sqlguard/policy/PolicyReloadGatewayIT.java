package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.rules.plan.LargeTopNRule;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A real guarded gateway started from a config.yaml that is rewritten while a session is open: the
 * new policy is applied without a restart, a bad file is rejected (the policy in force stays), and
 * the admin route reloads on request.
 */
class PolicyReloadGatewayIT {

    private static final String START =
            "sql-guard.max-top-n: 100\n"
                    + "sql-guard.reload.interval: 200 ms\n"
                    + "sql-guard.admin.reload-route.enabled: true\n";

    @TempDir Path confDir;

    @Test
    void appliesARewrittenConfigFileWhileASessionIsOpen() throws Exception {
        Path file = confDir.resolve("config.yaml");
        Files.writeString(file, START);
        Map<String, String> config = new HashMap<>();
        config.put("sql-guard.max-top-n", "100");
        config.put("sql-guard.reload.interval", "200 ms");
        config.put("sql-guard.admin.reload-route.enabled", "true");
        // What Flink's DefaultContext records when the gateway starts from $FLINK_CONF_DIR.
        config.put(DeploymentOptionsInternal.CONF_DIR.key(), confDir.toString());

        try (GuardedGateway gateway = GuardedGateway.start(config);
                RestSession session = gateway.openSession(Map.of())) {
            PolicyHolder policies = gateway.runtime().policies();
            String startHash = policies.policyHash();
            assertThat(session.execute("SHOW DATABASES", 1, Duration.ofSeconds(60)).failed()).isFalse();

            Files.writeString(file, START.replace("100", "5") + "sql-guard.mode: report\n");
            await().atMost(Duration.ofSeconds(20)).until(() -> policies.current().option(LargeTopNRule.MAX_TOP_N) == 5);
            assertThat(policies.current().mode()).isEqualTo(Mode.REPORT);
            assertThat(policies.policyHash()).isNotEqualTo(startHash);
            assertThat(session.execute("SHOW DATABASES", 1, Duration.ofSeconds(60)).failed())
                    .as("the open session keeps working")
                    .isFalse();

            Policy good = policies.current();
            Files.writeString(file, START + "sql-guard.rules.unbounded-rnak.level: WARN\n");
            GatewayRestClient rest = new GatewayRestClient(gateway.port());
            GatewayRestClient.Response rejected = rest.postVersioned("/sql-guard/v1/policy/reload", Map.of());
            assertThat(rejected.status()).isEqualTo(422);
            assertThat(rejected.errors())
                    .contains("'sql-guard.rules.unbounded-rnak.level'")
                    .contains("The policy in force (" + good.policyHash() + ") stays");
            Thread.sleep(600);
            assertThat(policies.current()).as("a bad file keeps the policy in force").isSameAs(good);

            Files.writeString(file, START.replace("100", "7"));
            GatewayRestClient.Response applied = rest.postVersioned("/sql-guard/v1/policy/reload", Map.of());
            assertThat(applied.status()).isEqualTo(200);
            // The poller may have applied the file first: then the route finds it in force.
            assertThat(applied.body().get("outcome").asText()).isIn("applied", "unchanged");
            assertThat(applied.body().get("policyHash").asText()).isEqualTo(policies.policyHash());
            assertThat(policies.current().option(LargeTopNRule.MAX_TOP_N)).isEqualTo(7);
            assertThat(policies.current().mode()).isEqualTo(Mode.ENFORCE);
        }
    }

    @Test
    void theNextStatementOfAnOpenSessionIsJudgedByTheNewPolicyAndABadFileIsAuditedAsRejected() throws Exception {
        Path file = confDir.resolve("config.yaml");
        String start = "sql-guard.reload.interval: 200 ms\n";
        Files.writeString(file, start);
        Map<String, String> config = new HashMap<>();
        config.put("sql-guard.reload.interval", "200 ms");
        config.put(DeploymentOptionsInternal.CONF_DIR.key(), confDir.toString());
        Duration timeout = Duration.ofSeconds(90);

        try (GuardedGateway gateway = GuardedGateway.start(config);
                RestSession session = gateway.openSession(Map.of())) {
            PolicyHolder policies = gateway.runtime().policies();
            String startHash = policies.policyHash();
            assertThat(session.execute(ReportModeGatewayIT.ORDERS, 0, timeout).failed()).isFalse();
            assertThat(session.execute(ReportModeGatewayIT.TOP_N, 1, timeout).error())
                    .contains("[sql-guard] Statement blocked by policy: unbounded-rank");

            Files.writeString(file, start + "sql-guard.rules.unbounded-rank.level: WARN\n");
            await().atMost(Duration.ofSeconds(20)).until(() -> !policies.policyHash().equals(startHash));
            String newHash = policies.policyHash();
            JsonNode applied = await().atMost(Duration.ofSeconds(10))
                    .until(() -> reloadRecord(newHash, "applied"), Optional::isPresent).orElseThrow();
            assertThat(applied.path("kind").asText()).isEqualTo("POLICY");
            assertThat(applied.path("statement").asText()).contains(startHash + " -> " + newHash);

            // The same open session: its next statement is judged by the new policy.
            String operation = session.submit(ReportModeGatewayIT.TOP_N, Map.of());
            assertThat(session.awaitStarted(operation, timeout)).isIn("RUNNING", "FINISHED");
            assertThat(session.fetch(operation, 1, timeout, Duration.ofMillis(50)).error()).isNull();
            JsonNode record = AuditFile.forOperation(operation).orElseThrow();
            assertThat(record.path("policyHash").asText()).isEqualTo(newHash);
            assertThat(record.path("verdict").asText()).isEqualTo("WARN");
            assertThat(record.path("outcome").asText()).isEqualTo("submitted");
            session.closeOperation(operation);

            Policy good = policies.current();
            Files.writeString(file, start + "sql-guard.rules.unbounded-rank.level: WARNING\n");
            JsonNode rejected = await().atMost(Duration.ofSeconds(20))
                    .until(() -> reloadRecord(newHash, "rejected"), Optional::isPresent).orElseThrow();
            assertThat(rejected.path("error").asText())
                    .contains("sql-guard.rules.unbounded-rank.level").contains("WARNING");
            assertThat(policies.current()).as("a bad file keeps the policy in force").isSameAs(good);
            assertThat(session.execute("SHOW TABLES", 1, timeout).failed()).isFalse();
            assertThat(AuditFile.forSession(session.handle()).get(AuditFile.forSession(session.handle()).size() - 1)
                            .path("policyHash").asText())
                    .isEqualTo(newHash);
        }
    }

    /** The policyReload audit record with {@code outcome} under {@code policyHash}, if written yet. */
    private static Optional<JsonNode> reloadRecord(String policyHash, String outcome) throws Exception {
        return AuditFile.records().stream()
                .filter(r -> r.path("call").asText().equals("policyReload"))
                .filter(r -> r.path("policyHash").asText().equals(policyHash))
                .filter(r -> r.path("outcome").asText().equals(outcome))
                .findFirst();
    }

    @Test
    void theReloadRouteIsOffByDefault() throws Exception {
        try (GuardedGateway gateway = GuardedGateway.start(Map.of())) {
            GatewayRestClient.Response response =
                    new GatewayRestClient(gateway.port()).postVersioned("/sql-guard/v1/policy/reload", Map.of());
            assertThat(response.status()).isEqualTo(404);
        }
    }
}
