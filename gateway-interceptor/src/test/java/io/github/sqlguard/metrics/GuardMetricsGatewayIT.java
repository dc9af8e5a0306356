package io.github.sqlguard.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * A real guarded gateway configured with Flink's Prometheus reporter ({@code metrics.reporter.*} in
 * its configuration, as for a JobManager): the reporter starts with the endpoint, is scraped over
 * HTTP, and stops with it.
 */
class GuardMetricsGatewayIT {

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

            String scrape = PrometheusScrape.text(port);
            // Kept beside the audit file (the excerpt in docs/operations/metrics.md comes from it).
            Files.writeString(GuardedGateway.auditFile().resolveSibling("prometheus-scrape.txt"), scrape);
            Map<String, Double> samples = PrometheusScrape.parse(scrape);
            // Exactly these series, each counted once: the session's properties at openSession, the
            // DDL, the blocked Top-N and the SHOW (nothing counted twice, nothing else counted).
            assertThat(series(samples, "statements_", "findings_")).isEqualTo(Map.of(
                    P + "statements_kind_verdict_count{kind=\"SESSION_PROPERTIES\",verdict=\"OK\"}", 1.0,
                    P + "statements_kind_verdict_count{kind=\"DDL\",verdict=\"OK\"}", 1.0,
                    P + "statements_kind_verdict_count{kind=\"QUERY\",verdict=\"BLOCK\"}", 1.0,
                    P + "statements_kind_verdict_count{kind=\"METADATA\",verdict=\"OK\"}", 1.0,
                    P + "findings_rule_level_count{level=\"BLOCK\",rule=\"unbounded-rank\"}", 1.0));
            assertThat(samples)
                    .containsEntry(P + "refusals{}", 1.0)
                    .containsEntry(P + "wouldBlock{}", 0.0)
                    .containsEntry(P + "analysisTimeMs_count{}", 4.0)
                    .containsEntry(P + "explainTimeMs_count{}", 1.0)
                    // One per executeStatement: the DDL, the Top-N and the SHOW.
                    .containsEntry(P + "guardTimeUs_count{}", 3.0)
                    .containsEntry(P + "explainTimeouts{}", 0.0)
                    .containsEntry(P + "auditWriteFailures{}", 0.0)
                    .containsEntry(P + "sessionsOpen{}", 1.0);
        }
    }

    /** The samples of the guard's series whose names start with one of {@code prefixes}. */
    static Map<String, Double> series(Map<String, Double> samples, String... prefixes) {
        Map<String, Double> out = new TreeMap<>();
        samples.forEach((name, value) -> {
            for (String prefix : prefixes) {
                if (name.startsWith(P + prefix)) {
                    out.put(name, value);
                }
            }
        });
        return out;
    }
}
