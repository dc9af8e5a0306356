package io.github.sqlguard.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.time.Duration;
import java.util.Map;

/**
 * A real guarded gateway configured with Flink's Prometheus reporter ({@code metrics.reporter.*} in
 * its configuration, as for a JobManager): the reporter starts with the endpoint, is scraped over
 * HTTP, and stops with it.
 */
class GuardMetricsGatewayTest {

    private static final String P = "flink_sqlgateway_sqlguard_";

    @Test
    void reporterOfTheGatewayConfigurationServesTheGuardsMetricsUntilTheGatewayStops() throws Exception {
        int port = PrometheusScrape.freePort();
        GuardedGateway gateway = GuardedGateway.start(PrometheusScrape.reporterOptions(port));
        try (RestSession session = gateway.openSession(Map.of())) {
            Map<String, Double> samples = PrometheusScrape.scrape(port);
            assertThat(samples)
                    .containsEntry(P + "sessionsOpen{}", 1.0)
                    .containsEntry(P + "refusals{}", 0.0)
                    .containsKey("flink_sqlgateway_Status_JVM_CPU_Load{}");
        } finally {
            gateway.close();
        }
        assertThatThrownBy(() -> PrometheusScrape.scrape(port)).isInstanceOf(ConnectException.class);
    }

    @Test
    @Disabled("Enable when the statement pipeline calls GuardMetrics (issue 13 wiring, lead)")
    void countsABlockedAndAnAllowedStatementExactly() throws Exception {
        int port = PrometheusScrape.freePort();
        try (GuardedGateway gateway = GuardedGateway.start(PrometheusScrape.reporterOptions(port));
                RestSession session = gateway.openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE t (k INT, v INT) WITH ('connector' = 'datagen')", 0,
                    Duration.ofSeconds(60));
            assertThat(session.execute(
                            "SELECT * FROM (SELECT k, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn"
                                    + " FROM t) WHERE rn <= 3", 0, Duration.ofSeconds(60)).failed())
                    .isTrue();
            assertThat(session.execute("SHOW TABLES", 1, Duration.ofSeconds(60)).failed()).isFalse();

            Map<String, Double> samples = PrometheusScrape.scrape(port);
            assertThat(samples)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"DDL\",verdict=\"OK\"}", 1.0)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"QUERY\",verdict=\"BLOCK\"}", 1.0)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"METADATA\",verdict=\"OK\"}", 1.0)
                    .containsEntry(P + "findings_rule_level_count{level=\"BLOCK\",rule=\"unbounded-rank\"}", 1.0)
                    .containsEntry(P + "refusals{}", 1.0)
                    .containsEntry(P + "explainTimeMs_count{}", 1.0);
        }
    }
}
