package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.metrics.PrometheusScrape;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code sql-guard.mode: report} on a real guarded gateway: a Top-N that enforce mode refuses runs;
 * the audit says {@code would-block} with the BLOCK finding, the advisory route returns it, and the
 * Prometheus reporter counts it as {@code wouldBlock}, not as a refusal.
 */
class ReportModeGatewayIT {

    private static final String P = "flink_sqlgateway_sqlguard_";
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE)"
                    + " WITH ('connector' = 'datagen', 'number-of-rows' = '50', 'fields.user_id.length' = '1')";
    static final String TOP_N =
            "SELECT * FROM (SELECT order_id, user_id, amount,"
                    + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3";

    @Test
    void aTopNThatEnforceModeBlocksRunsAndIsReportedAsWouldBlock() throws Exception {
        int port = PrometheusScrape.freePort();
        Map<String, String> config = new HashMap<>(PrometheusScrape.reporterOptions(port));
        config.put("sql-guard.mode", "report");
        try (GuardedGateway gateway = GuardedGateway.start(config);
                RestSession session = gateway.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).failed()).isFalse();

            String operation = session.submit(TOP_N, Map.of());
            assertThat(session.awaitStarted(operation, TIMEOUT)).isIn("RUNNING", "FINISHED");
            RestSession.StatementResult result = session.fetch(operation, 1, TIMEOUT, Duration.ofMillis(50));
            assertThat(result.error()).as("the statement runs in report mode").isNull();
            assertThat(result.rows()).isNotEmpty();

            JsonNode record = AuditFile.forOperation(operation).orElseThrow();
            assertThat(record.path("outcome").asText()).isEqualTo("would-block");
            assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
            assertThat(record.path("findings").get(0).path("id").asText()).isEqualTo("unbounded-rank");
            assertThat(record.path("findings").get(0).path("level").asText()).isEqualTo("BLOCK");

            GatewayRestClient client = new GatewayRestClient(gateway.port());
            GatewayRestClient.Response advisory = client.getUnversioned(
                    "/sql-guard/v1/sessions/" + session.handle() + "/operations/" + operation + "/advisory");
            assertThat(advisory.status()).isEqualTo(200);
            assertThat(advisory.body().path("verdict").asText()).isEqualTo("BLOCK");
            assertThat(advisory.body().path("findings").get(0).path("ruleId").asText()).isEqualTo("unbounded-rank");
            assertThat(advisory.body().path("findings").get(0).path("level").asText()).isEqualTo("BLOCK");

            Map<String, Double> samples = PrometheusScrape.scrape(port);
            assertThat(samples)
                    .containsEntry(P + "wouldBlock{}", 1.0)
                    .containsEntry(P + "refusals{}", 0.0)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"QUERY\",verdict=\"BLOCK\"}", 1.0)
                    .containsEntry(P + "findings_rule_level_count{level=\"BLOCK\",rule=\"unbounded-rank\"}", 1.0);
            session.closeOperation(operation);
        }
    }
}
