package io.github.sqlguard.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.testing.GuardedGateway;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The guard's metrics through Flink's real Prometheus reporter, scraped over HTTP. */
class GuardMetricsTest {

    private static final String P = "flink_sqlgateway_sqlguard_";

    @Test
    void prometheusReporterExposesExactCountsByLabel() throws Exception {
        int port = PrometheusScrape.freePort();
        try (GuardMetrics metrics =
                GuardMetrics.fromConfiguration(Configuration.fromMap(PrometheusScrape.reporterOptions(port)), "gw-1")) {
            metrics.statement("QUERY", "BLOCK");
            metrics.statement("QUERY", "OK");
            metrics.statement("QUERY", "OK");
            metrics.statement("SET", "WARN");
            metrics.finding("unbounded-rank", "BLOCK");
            metrics.finding("ttl-bare-number", "WARN");
            metrics.finding("ttl-bare-number", "WARN");
            metrics.refused();
            metrics.wouldBlock();
            metrics.failMode("closed");
            metrics.explainTimeout();
            metrics.auditWriteFailure();
            metrics.auditWriteFailure();
            metrics.identityRejected();
            metrics.policyReload("applied");
            metrics.analysisMillis(5);
            metrics.analysisMillis(15);
            metrics.explainMillis(40);
            metrics.guardMicros(120);
            metrics.sessionsOpen(() -> 3);

            Map<String, Double> samples = PrometheusScrape.scrape(port);

            assertThat(samples)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"QUERY\",verdict=\"BLOCK\"}", 1.0)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"QUERY\",verdict=\"OK\"}", 2.0)
                    .containsEntry(P + "statements_kind_verdict_count{kind=\"SET\",verdict=\"WARN\"}", 1.0)
                    .containsEntry(P + "findings_rule_level_count{level=\"BLOCK\",rule=\"unbounded-rank\"}", 1.0)
                    .containsEntry(P + "findings_rule_level_count{level=\"WARN\",rule=\"ttl-bare-number\"}", 2.0)
                    .containsEntry(P + "refusals{}", 1.0)
                    .containsEntry(P + "wouldBlock{}", 1.0)
                    .containsEntry(P + "failModeDecisions_mode_count{mode=\"closed\"}", 1.0)
                    .containsEntry(P + "explainTimeouts{}", 1.0)
                    .containsEntry(P + "auditWriteFailures{}", 2.0)
                    .containsEntry(P + "identityRejections{}", 1.0)
                    .containsEntry(P + "policyReloads_outcome_count{outcome=\"applied\"}", 1.0)
                    .containsEntry(P + "sessionsOpen{}", 3.0)
                    .containsEntry(P + "analysisTimeMs_count{}", 2.0)
                    .containsEntry(P + "analysisTimeMs{quantile=\"0.5\"}", 10.0)
                    .containsEntry(P + "explainTimeMs_count{}", 1.0)
                    .containsEntry(P + "guardTimeUs{quantile=\"0.5\"}", 120.0);
            // The JVM's own status metrics, as a JobManager reports them.
            assertThat(samples).containsKey("flink_sqlgateway_Status_JVM_Memory_Heap_Used{}");
        }
        // Closing the metrics closes the reporter and frees its port.
        assertThatThrownBy(() -> PrometheusScrape.scrape(port)).isInstanceOf(ConnectException.class);
    }

    @Test
    void everyMetricTheSampleDashboardQueriesIsReported() throws Exception {
        String dashboard =
                Files.readString(GuardedGateway.projectRoot().resolve("conf/grafana-dashboard.json"));
        Set<String> queried = new TreeSet<>();
        Matcher names = Pattern.compile("flink_sqlgateway_[A-Za-z0-9_]+").matcher(dashboard);
        while (names.find()) {
            queried.add(names.group());
        }
        int port = PrometheusScrape.freePort();
        try (GuardMetrics metrics =
                GuardMetrics.fromConfiguration(Configuration.fromMap(PrometheusScrape.reporterOptions(port)), "gw-1")) {
            metrics.statement("QUERY", "OK");
            metrics.finding("large-top-n", "WARN");
            metrics.failMode("open");
            metrics.policyReload("rejected");
            metrics.observedFinding("stateful-without-ttl", "confirmed");
            org.apache.flink.metrics.MetricGroup operator =
                    metrics.observedJob("0123456789abcdef0123456789abcdef").addGroup("operator", "GroupAggregate[3]");
            operator.gauge("stateBytes", (org.apache.flink.metrics.Gauge<Long>) () -> 1L);
            operator.gauge("bytesPerHour", (org.apache.flink.metrics.Gauge<Long>) () -> 1L);
            Set<String> reported = new TreeSet<>();
            PrometheusScrape.scrape(port).keySet().forEach(series -> reported.add(series.substring(0, series.indexOf('{'))));
            assertThat(reported).containsAll(queried);
        }
        assertThat(queried).hasSizeGreaterThan(10);
    }

    @Test
    void runsWithoutAnyReporter() throws Exception {
        try (GuardMetrics metrics = GuardMetrics.fromConfiguration(new Configuration(), "gw-1")) {
            metrics.statement("QUERY", "OK");
            metrics.analysisMillis(1);
        }
        try (GuardMetrics metrics = GuardMetrics.unregistered()) {
            metrics.refused();
        }
    }
}
