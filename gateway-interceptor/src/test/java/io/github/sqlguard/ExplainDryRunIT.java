package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlClient;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code EXPLAIN <statement>} through the guarded gateway is a dry run of the statement for stock
 * clients: Flink's own EXPLAIN output, then the guard's {@code == SQL Guard ==} section with the
 * verdict and the findings the statement would get; nothing runs and no finding refuses it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExplainDryRunIT {

    private static final String ORDERS =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    /** The Top-N of shared case 03. */
    private static final String TOP_N =
            "SELECT * FROM (\n"
                    + "  SELECT order_id, user_id, amount,\n"
                    + "         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn\n"
                    + "  FROM orders\n"
                    + ") WHERE rn <= 3";

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private GuardedGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GuardedGateway.start(Map.of());
    }

    @AfterAll
    void stopGateway() {
        gateway.close();
    }

    @Test
    void stockSqlClientPrintsFlinksPlanAndTheGuardsFindingsForAnExplainedTopN(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("explain-top-n.sql");
        Files.writeString(script, ORDERS + ";\n\nEXPLAIN " + TOP_N + ";\n", StandardCharsets.UTF_8);

        String output = SqlClient.runScript(dir.resolve("conf"), gateway.endpoint(), script, Duration.ofMinutes(3));
        Files.writeString(Path.of("target", "explain-top-n.out"), output);

        assertThat(output)
                .contains("== Optimized Execution Plan ==")
                .contains("Rank(strategy=[AppendFastStrategy]")
                .contains("== SQL Guard ==")
                .contains("Verdict: BLOCK (unbounded-rank). Run as it is, the statement would be refused.")
                .contains("BLOCK unbounded-rank: This Top-N runs as a non-window Rank")
                .contains("fix: Rank per window, whose state is freed when the window closes")
                        .contains("; or bound the state: SET 'table.exec.state.ttl' = '1 d'")
                .contains("see: " + GuardOptions.DOCS_BASE_URL.defaultValue() + "docs/rules/unbounded-rank.md")
                .doesNotContain("[ERROR]");
        // Flink's plan first, the guard's section after it.
        assertThat(output.indexOf("== SQL Guard ==")).isGreaterThan(output.indexOf("== Optimized Execution Plan =="));
    }

    @Test
    void everyExplainFormReturnsFlinksOutputThenTheGuardsSectionOverRest() throws Exception {
        Map<String, String> forms =
                Map.of(
                        "EXPLAIN PLAN FOR ", "== Optimized Execution Plan ==",
                        "EXPLAIN CHANGELOG_MODE ", "changelogMode=[",
                        "EXPLAIN PLAN_ADVICE ", "== Optimized Physical Plan With Advice ==",
                        "EXPLAIN JSON_EXECUTION_PLAN ", "\"nodes\"");
        try (RestSession session = gateway.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            for (Map.Entry<String, String> form : forms.entrySet()) {
                RestSession.StatementResult explained = session.execute(form.getKey() + TOP_N, 0, TIMEOUT);

                assertThat(explained.error()).as(form.getKey()).isNull();
                assertThat(explained.rows()).as(form.getKey()).hasSize(1);
                String text = explained.rows().get(0).path("fields").get(0).asText();
                assertThat(text).as(form.getKey())
                        .contains(form.getValue())
                        .contains("\n\n== SQL Guard ==\nVerdict: BLOCK (unbounded-rank).")
                        .contains("BLOCK unbounded-rank:")
                        .contains("fix: Rank per window, whose state is freed when the window closes")
                        .contains("; or bound the state: SET 'table.exec.state.ttl' = '1 d'");
                assertThat(text.indexOf("== SQL Guard ==")).isGreaterThan(text.indexOf(form.getValue()));
            }
        }
    }

    @Test
    void answersInFlinksExplainSchemaAndAuditsTheExplainedStatementsVerdict() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(ORDERS, 0, TIMEOUT);
            String operation = session.submit("EXPLAIN " + TOP_N, Map.of());
            assertThat(session.awaitTerminal(operation, TIMEOUT)).isEqualTo("FINISHED");
            GatewayRestClient client = new GatewayRestClient(gateway.port());
            JsonNode page =
                    client.get("/sessions/" + session.handle() + "/operations/" + operation + "/result/0?rowFormat=JSON")
                            .body();
            session.closeOperation(operation);
            Files.writeString(Path.of("target", "explain-top-n.json"), page.toPrettyString());

            // What Flink's own EXPLAIN answers: one STRING column 'result', not a query, no job.
            assertThat(page.path("resultKind").asText()).isEqualTo("SUCCESS_WITH_CONTENT");
            assertThat(page.path("isQueryResult").asBoolean()).isFalse();
            assertThat(page.has("jobID")).isFalse();
            JsonNode columns = page.path("results").path("columns");
            assertThat(columns).hasSize(1);
            assertThat(columns.get(0).path("name").asText()).isEqualTo("result");
            assertThat(columns.get(0).path("logicalType").path("type").asText()).isEqualTo("VARCHAR");

            List<JsonNode> records = AuditFile.allRecords().stream()
                    .filter(r -> session.handle().equals(r.path("sessionId").asText()))
                    .filter(r -> r.path("kind").asText().equals("EXPLAIN"))
                    .toList();
            assertThat(records).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "explained");
            JsonNode explained = records.get(1);
            assertThat(explained.path("operationHandle").asText()).isEqualTo(operation);
            assertThat(explained.path("verdict").asText()).isEqualTo("BLOCK");
            assertThat(explained.path("findings").get(0).path("id").asText()).isEqualTo("unbounded-rank");
            assertThat(explained.path("statefulOperators").path("Rank").asInt()).isEqualTo(1);
            assertThat(explained.path("statement").asText()).startsWith("EXPLAIN SELECT");
        }
    }

    @Test
    void explainsAStatementWithoutFindings() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            RestSession.StatementResult explained =
                    session.execute("EXPLAIN SELECT x FROM (VALUES (1), (2)) AS t(x)", 0, TIMEOUT);

            assertThat(explained.error()).isNull();
            assertThat(explained.rows().get(0).path("fields").get(0).asText())
                    .contains("== Abstract Syntax Tree ==")
                    .endsWith("== SQL Guard ==\nVerdict: OK. Run as it is, the statement would run.\nNo findings.\n");
        }
    }

    @Test
    void aPlannerRejectionOfTheExplainedStatementIsFlinksError() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(ORDERS, 0, TIMEOUT);

            RestSession.StatementResult unknownTable = session.execute("EXPLAIN SELECT order_id FROM orderz", 0, TIMEOUT);
            assertThat(unknownTable.error()).contains("Object 'orderz' not found").doesNotContain("[sql-guard]");

            // A rejection a diagnosis rule explains: the guard's diagnosis, with Flink's error kept.
            RestSession.StatementResult rnFilter =
                    session.execute(
                            "EXPLAIN SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time) AS rn"
                                    + " FROM orders WHERE rn <= 3",
                            0, TIMEOUT);
            assertThat(rnFilter.error())
                    .contains("[sql-guard] Flink cannot plan the explained statement: rn-filter-in-same-select")
                    .contains("Column 'rn' not found");
        }
    }
}
