package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * A diagnosis refusal's {@code at:} line, Flink's own message of the statement it refused: the connector's list of
 * supported options made it a dozen lines and more ({@code Unsupported options found for 'datagen'}). It shows the
 * root cause line and the first lines, says how many it left out and that the audit record keeps the whole message,
 * and the record does ({@link Finding#at}, {@code Auditor#nodeOf}; round 66's new user).
 */
class DiagnosisAtLineTest {

    private static final String TABLE = "CREATE TABLE user_events (user_id STRING, url STRING, event_time TIMESTAMP(3))"
            + " WITH ('connector' = 'datagen', 'state.ttl' = '24 h')";
    private static final String QUERY = "SELECT user_id, COUNT(url) AS visits FROM user_events GROUP BY user_id";

    @Test
    void theRefusalShowsTheFirstLinesOfFlinksMessageAndTheAuditRecordKeepsItWhole() {
        Logger audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        ListAppender<ILoggingEvent> records = new ListAppender<>();
        records.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        records.start();
        // The audit logs at INFO whatever this JVM's logging configuration says of other loggers; not to the console.
        Level level = audit.getLevel();
        boolean additive = audit.isAdditive();
        audit.setLevel(Level.INFO);
        audit.setAdditive(false);
        audit.addAppender(records);
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            gateway.runToEnd(session, TABLE);

            GuardOperations operations = new GuardOperations(gateway.flink());
            HandOff judgedOnly = (s, parsed, text, timeoutMs, config) -> operations.ok(s);
            String message = gateway.pipeline().execute(session, QUERY, 0L, new Configuration(), judgedOnly)
                    .decision().refusalMessage("");
            assertThat(message).contains("BLOCK ttl-not-a-table-option")
                    .contains("  at: Flink: Unsupported options found for 'datagen'.")
                    .contains("Unsupported options:\n\nstate.ttl")
                    .containsPattern("\\.\\.\\. \\(\\d+ more lines of Flink's message left out here: the statement's"
                            + " audit record keeps it whole, as its finding's \"node\"\\)")
                    .contains("Context: Unable to create a source for reading table"
                            + " 'default_catalog.default_database.user_events'")
                    // The tail of the connector's list of supported options is left out.
                    .doesNotContain("scan.parallelism");
        } finally {
            audit.detachAppender(records);
            audit.setLevel(level);
            audit.setAdditive(additive);
        }
        List<String> blocked = records.list.stream().flatMap(e -> e.getFormattedMessage().lines())
                .filter(line -> line.contains("ttl-not-a-table-option") && line.contains("\"verdict\":\"BLOCK\"")).toList();
        assertThat(blocked).isNotEmpty().allSatisfy(record -> assertThat(record)
                .contains("Unsupported options found for 'datagen'.")
                .contains("scan.parallelism")
                .contains("Context: Unable to create a source for reading table")
                // The message's last line, past the 500 characters a plan node's line is cut at.
                .contains("'state.ttl'='24 h'"));
    }

    @Test
    void anAtLineOfAFewLinesOrOfAPlanNodeIsShownWhole() {
        assertThat(Finding.at("Rank[5](partitionBy=[user_id], orderBy=[amount DESC])"))
                .isEqualTo("Rank[5](partitionBy=[user_id], orderBy=[amount DESC])");
        String short_ = "Flink: Object 'clicks' not found\nContext: SQL validation failed.";
        assertThat(Finding.at(short_)).isEqualTo(short_);
        // One line over would be left out for a note of as many: shown whole.
        String seven = "Flink: a\nb\nc\nd\ne\nf\ng";
        assertThat(Finding.at(seven)).isEqualTo(seven);
        assertThat(Finding.at(seven + "\nh")).isEqualTo("Flink: a\nb\nc\nd\ne\nf\n... (2 more lines of Flink's message left"
                + " out here: the statement's audit record keeps it whole, as its finding's \"node\")");
    }
}
