package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlClient;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The guarded gateway end to end: Flink's real SqlGateway with {@code sql-gateway.endpoint.type:
 * guard}, local execution, driven over REST and by the stock Flink SQL Client in its own JVM.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuardedGatewayEndToEndIT {

    private static final String ORDERS =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen'%s)";

    /** The options of an endless {@link #ORDERS}: ten rows a second. */
    private static final String UNBOUNDED = ", 'rows-per-second' = '10'";

    /** The Top-N of shared case 03. */
    private static final String TOP_N =
            "SELECT * FROM (\n"
                    + "  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders\n"
                    + ") t WHERE rn <= 3";

    /** The window Top-N of shared case 10. */
    private static final String WINDOW_TOP_N =
            "SELECT window_start, window_end, user_id, total FROM (\n"
                    + "  SELECT window_start, window_end, user_id, SUM(amount) AS total,\n"
                    + "         ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY SUM(amount) DESC) AS rn\n"
                    + "  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))\n"
                    + "  GROUP BY window_start, window_end, user_id\n"
                    + ") WHERE rn <= 10";

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private GuardedGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GuardedGateway.shared();
    }

    @Test
    void blocksTopNOrderedByBusinessColumnAndRunsWindowTopNOverRest() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            // A bounded source, so the 5-minute windows fire when it ends and the query returns rows; at
            // datagen's own rate (10000 rows a second), not ten a second, which took 20 s for 200 rows.
            assertThat(session.execute(String.format(ORDERS, ", 'number-of-rows' = '200'"), 0, TIMEOUT).failed()).isFalse();

            RestSession.StatementResult blocked = session.execute(TOP_N, 1, TIMEOUT);
            assertThat(blocked.error())
                    .contains("[sql-guard] Statement blocked by policy: unbounded-rank")
                    .containsPattern("Rank\\[\\d+]\\(strategy=\\[AppendFastStrategy]")
                    .contains("fix:")
                    .contains("docs/rules/unbounded-rank.md");

            RestSession.StatementResult windowTopN = session.execute(WINDOW_TOP_N, 0, TIMEOUT);
            assertThat(windowTopN.error()).isNull();
            assertThat(windowTopN.rows()).isNotEmpty();
        }
    }

    @Test
    void blocksBareTtlAndKeepsTheSessionConfigurationUnchanged() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            RestSession.StatementResult result = session.execute("SET 'table.exec.state.ttl' = '24'", 0, TIMEOUT);
            assertThat(result.error()).contains("ttl-too-short").contains("ttl-bare-number").contains("24 ms");

            JsonNode config = new GatewayRestClient(gateway.port()).get("/sessions/" + session.handle()).body();
            assertThat(config.path("properties").path("table.exec.state.ttl").isMissingNode()).isTrue();

            assertThat(session.execute("SET 'table.exec.state.ttl' = '24 h'", 0, TIMEOUT).error()).isNull();
            config = new GatewayRestClient(gateway.port()).get("/sessions/" + session.handle()).body();
            assertThat(config.path("properties").path("table.exec.state.ttl").asText()).isEqualTo("24 h");
        }
    }

    @Test
    void checksPerStatementExecutionConfig() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(String.format(ORDERS, UNBOUNDED), 0, TIMEOUT);
            RestSession.StatementResult result =
                    session.execute("SELECT user_id, COUNT(*) FROM orders GROUP BY user_id",
                            Map.of("table.exec.state.ttl", "10"), 1, TIMEOUT);
            assertThat(result.error()).contains("ttl-too-short");
        }
    }

    @Test
    void refusesASessionOpenedWithABareTtl() throws Exception {
        GatewayRestClient client = new GatewayRestClient(gateway.port());
        GatewayRestClient.Response response =
                client.post("/sessions", Map.of("properties", Map.of("table.exec.state.ttl", "24")));
        assertThat(response.ok()).isFalse();
        assertThat(response.errors()).contains("ttl-too-short");
        // The gateway keeps serving.
        try (RestSession session = gateway.openSession(Map.of("table.exec.state.ttl", "1 d"))) {
            assertThat(session.execute("SHOW TABLES", 0, TIMEOUT).error()).isNull();
        }
    }

    @Test
    void reportsUnparsableStatementsClearlyAndKeepsServing() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            RestSession.StatementResult garbage = session.execute("SELEC oops FROM", 0, TIMEOUT);
            // An ordinary Flink rejection is Flink's own error, as a stock gateway gives it, not a policy refusal.
            assertThat(garbage.error()).contains("SQL parse failed").doesNotContain("[sql-guard]");
            // Positions in planner errors point into the user's statement.
            RestSession.StatementResult unknownTable = session.execute("SELECT order_id FROM orderz", 0, TIMEOUT);
            assertThat(unknownTable.error()).contains("line 1, column 22").contains("Object 'orderz' not found")
                    .doesNotContain("[sql-guard]");
            RestSession.StatementResult empty = session.execute("   ", 0, TIMEOUT);
            assertThat(empty.error()).contains("The statement is empty");
            assertThat(session.execute("SHOW TABLES", 0, TIMEOUT).error()).isNull();
            assertThat(AuditFile.forSession(session.handle()))
                    .extracting(r -> r.path("verdict").asText())
                    .containsExactly("OK", "BLOCK", "BLOCK", "BLOCK", "OK");
        }
    }

    @Test
    void auditsEveryStatementAsOneJsonLine() throws Exception {
        try (RestSession session = gateway.openSession(Map.of("sql-guard.user", "alice"))) {
            List<String> statements =
                    List.of(
                            "SET 'table.exec.state.ttl' = '24'",
                            String.format(ORDERS, UNBOUNDED),
                            "CREATE TABLE creds (k STRING) WITH ('connector' = 'datagen', 'password' = 'hunter2')",
                            TOP_N,
                            "SHOW TABLES");
            List<String> handles = new ArrayList<>();
            for (String statement : statements) {
                handles.add(session.execute(statement, 1, TIMEOUT).operationHandle());
            }
            List<JsonNode> records = AuditFile.forSession(session.handle());
            // openSession + one record per statement.
            assertThat(records).hasSize(1 + statements.size());
            assertThat(records.get(0).path("call").asText()).isEqualTo("openSession");
            assertThat(records.get(0).path("kind").asText()).isEqualTo("SESSION_PROPERTIES");
            for (int i = 0; i < statements.size(); i++) {
                JsonNode record = records.get(i + 1);
                assertThat(record.path("operationHandle").asText()).isEqualTo(handles.get(i));
                // Self-declared: never the verified user.
                assertThat(record.path("claimedUser").asText()).isEqualTo("alice");
                assertThat(record.path("user").isNull()).isTrue();
                assertThat(record.path("statementSha256").asText()).hasSize(64);
                assertThat(record.has("time")).isTrue();
                assertThat(record.has("analysisMs")).isTrue();
            }
            assertThat(records.get(1).path("verdict").asText()).isEqualTo("BLOCK");
            assertThat(records.get(1).path("findings").toString()).contains("ttl-bare-number", "ttl-too-short");
            assertThat(records.get(3).path("statement").asText()).doesNotContain("hunter2").contains("'****'");
            assertThat(records.get(4).path("verdict").asText()).isEqualTo("BLOCK");
            assertThat(records.get(4).path("findings").get(0).path("id").asText()).isEqualTo("unbounded-rank");
            assertThat(records.get(4).path("statefulOperators").path("Rank").asInt()).isEqualTo(1);
            assertThat(records.get(4).path("effectiveStateTtlMs").asLong()).isZero();
            assertThat(records.get(5).path("kind").asText()).isEqualTo("METADATA");
        }
    }

    @Test
    void servesEachOperationsAdvisoryBesideTheStandardRoutes() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(String.format(ORDERS, UNBOUNDED), 0, TIMEOUT);
            String warned = session.submit("SELECT user_id, SUM(amount) FROM orders GROUP BY user_id", Map.of());
            String blocked = session.execute(TOP_N, 0, TIMEOUT).operationHandle();
            GatewayRestClient client = new GatewayRestClient(gateway.port());
            String prefix = "/sql-guard/v1/sessions/" + session.handle();

            GatewayRestClient.Response advisory = client.getUnversioned(prefix + "/operations/" + warned + "/advisory");
            assertThat(advisory.status()).isEqualTo(200);
            assertThat(advisory.body().path("operationHandle").asText()).isEqualTo(warned);
            assertThat(advisory.body().path("verdict").asText()).isEqualTo("WARN");
            assertThat(advisory.body().path("statementKind").asText()).isEqualTo("QUERY");
            JsonNode finding = advisory.body().path("findings").get(0);
            assertThat(finding.path("ruleId").asText()).isEqualTo("stateful-without-ttl");
            assertThat(finding.path("level").asText()).isEqualTo("WARN");
            assertThat(finding.path("excerpt").asText()).contains("==> GroupAggregate");
            assertThat(finding.path("fix").asText()).isNotBlank();
            assertThat(finding.path("docLink").asText()).isEqualTo("docs/rules/stateful-without-ttl.md");
            assertThat(finding.has("reason") && finding.has("node")).isTrue();

            JsonNode all = client.getUnversioned(prefix + "/advisories").body().path("advisories");
            assertThat(all).extracting(a -> a.path("verdict").asText()).containsExactly("OK", "WARN", "BLOCK");
            assertThat(all.get(2).path("operationHandle").asText()).isEqualTo(blocked);

            String unknown = "/operations/00000000-0000-0000-0000-000000000000/advisory";
            assertThat(client.getUnversioned(prefix + unknown).status()).isEqualTo(404);
            session.errorAndClose(warned);
        }
    }

    @Test
    void stockSqlClientShowsTheBlockReason(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("top-n.sql");
        Files.writeString(script, String.format(ORDERS, UNBOUNDED) + ";\n\n" + TOP_N + ";\n", StandardCharsets.UTF_8);
        String output = SqlClient.runScript(dir.resolve("conf"), gateway.endpoint(), script, Duration.ofMinutes(3));

        assertThat(output)
                .contains("[ERROR] Could not execute SQL statement.")
                .contains("[sql-guard] Statement blocked by policy: unbounded-rank")
                .contains("fix: Rank per window, whose state is freed when the window closes");
    }
}
