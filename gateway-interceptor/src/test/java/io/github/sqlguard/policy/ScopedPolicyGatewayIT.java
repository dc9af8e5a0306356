package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

/**
 * Scoped policy on a real guarded gateway: the same Top-N is decided by the scope of the session's
 * current database. A database scope ({@code analysts}: {@code sandbox}, unbounded-rank WARN) is more
 * specific than a catalog scope ({@code catalog-wide}: {@code default_catalog}, which keeps it BLOCK),
 * and the audit names the scope that decided.
 */
class ScopedPolicyGatewayIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String TOP_N =
            "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount"
                    + " DESC) AS rn FROM default_catalog.default_database.orders) WHERE rn <= 3";

    @Test
    void aTopNRunsInTheSandboxDatabaseAndIsBlockedInTheDefaultDatabase() throws Exception {
        Map<String, String> config = Map.of(
                "sql-guard.scopes.analysts.match.databases", "sandbox",
                "sql-guard.scopes.analysts.rules.unbounded-rank.level", "WARN",
                "sql-guard.scopes.catalog-wide.match.catalogs", "default_catalog",
                "sql-guard.scopes.catalog-wide.max-top-n", "100");
        try (GuardedGateway gateway = GuardedGateway.start(config);
                RestSession session = gateway.openSession(Map.of())) {
            assertThat(session.execute(ReportModeGatewayIT.ORDERS, 0, TIMEOUT).failed()).isFalse();
            assertThat(session.execute("CREATE DATABASE sandbox", 0, TIMEOUT).failed()).isFalse();

            RestSession.StatementResult blocked = session.execute(TOP_N, 1, TIMEOUT);
            assertThat(blocked.error()).contains("[sql-guard] Statement blocked by policy: unbounded-rank");
            JsonNode blockedRecord = AuditFile.forOperation(blocked.operationHandle()).orElseThrow();
            assertThat(blockedRecord.path("scope").asText()).isEqualTo("catalog-wide");
            assertThat(blockedRecord.path("outcome").asText()).isEqualTo("blocked");

            // USE is not awaited by the client: the guard decides the Top-N only once it has taken effect.
            String use = session.submit("USE sandbox", Map.of());
            String operation = session.submit(TOP_N, Map.of());
            assertThat(session.awaitStarted(operation, TIMEOUT)).isIn("RUNNING", "FINISHED");
            RestSession.StatementResult ran = session.fetch(operation, 1, TIMEOUT, Duration.ofMillis(50));
            assertThat(ran.error()).as("the analysts scope lowers unbounded-rank to WARN in sandbox").isNull();
            JsonNode record = AuditFile.forOperation(operation).orElseThrow();
            assertThat(record.path("scope").asText()).isEqualTo("analysts");
            assertThat(record.path("verdict").asText()).isEqualTo("WARN");
            assertThat(record.path("outcome").asText()).isEqualTo("submitted");
            assertThat(record.path("findings").get(0).path("id").asText()).isEqualTo("unbounded-rank");
            assertThat(record.path("findings").get(0).path("level").asText()).isEqualTo("WARN");
            assertThat(record.path("policyHash").asText()).isEqualTo(blockedRecord.path("policyHash").asText());
            session.closeOperation(operation);
            session.closeOperation(use);
        }
    }
}
