package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The server-side timing of a statement ({@link StatementTimingEvent}): the guard's time and its
 * parse, decision and audit parts, the REST endpoint's parse included when the call decides on it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatementTimingEventTest {

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    @Test
    void theGuardTimeIsSplitIntoParseDecisionAndAuditAndCountsTheParseKeptForTheCall(@TempDir Path dir)
            throws Exception {
        FlightRecorder.register(StatementTimingEvent.class);
        SessionHandle session = gateway.openSession(Map.of());
        Path dump = dir.resolve("statements.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(StatementTimingEvent.NAME).withThreshold(Duration.ZERO);
            recording.start();
            gateway.runToEnd(session, "SET 'table.exec.state.ttl' = '1 h'");
            // As the REST endpoint does for a statement it answers on its I/O thread: parsed before the call.
            KeptParse show = gateway.service().parse("SHOW TABLES");
            assertThat(StatementPipeline.decidesWithoutPlanning(show.statement())).isTrue();
            OperationHandle shown = gateway.service().execute(session, show, 0, new Configuration());
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> gateway.service().getOperationInfo(session, shown).getStatus().isTerminalStatus());
            recording.stop();
            recording.dump(dump);
        } finally {
            gateway.service().closeSession(session);
        }

        List<RecordedEvent> events =
                RecordingFile.readAllEvents(dump).stream()
                        .filter(e -> e.getEventType().getName().equals(StatementTimingEvent.NAME))
                        .toList();
        assertThat(events).extracting(e -> e.getString("kind")).containsExactly("SET", "METADATA");
        for (RecordedEvent event : events) {
            long guard = event.getDuration("guardTime").toNanos();
            long parse = event.getDuration("parseTime").toNanos();
            long decide = event.getDuration("decideTime").toNanos();
            long audit = event.getDuration("auditTime").toNanos();
            assertThat(parse).as("parse of %s", event.getString("kind")).isPositive();
            assertThat(decide).as("decision of %s", event.getString("kind")).isPositive();
            assertThat(audit).as("audit of %s", event.getString("kind")).isPositive();
            assertThat(guard).as("guard time of %s", event.getString("kind")).isGreaterThanOrEqualTo(parse + decide + audit);
            assertThat(event.getDuration("handOffTime").toNanos()).isPositive();
        }
    }
}
