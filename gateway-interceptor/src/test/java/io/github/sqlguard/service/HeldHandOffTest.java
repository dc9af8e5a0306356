package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.catalog.CatalogBaseTable.TableKind;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A statement the guard hands on as its text to Flink's own service ({@code SET}, {@code RESET},
 * {@code CREATE TABLE}, {@code SHOW}: the cheap statements) costs one audit write: the guard makes its
 * operation held ({@code GatewaySessions#holdStatement}), writes the decision record and the record
 * naming the operation as one logging event, and only then lets Flink run the statement. The audit
 * file is unchanged (both lines, in that order); the statement still runs after its decision record
 * is written, never before.
 */
class HeldHandOffTest {

    /** The audit logger's events as they are appended, with a hook run inside the append. */
    private static final class Events extends AppenderBase<ILoggingEvent> {
        final List<String> messages = new ArrayList<>();
        volatile Consumer<String> onAppend = message -> {};

        @Override
        protected synchronized void append(ILoggingEvent event) {
            onAppend.accept(event.getFormattedMessage());
            messages.add(event.getFormattedMessage());
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Events events = new Events();
    private Logger audit;
    private Level level;

    @BeforeEach
    void attach() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        level = audit.getLevel();
        audit.setLevel(Level.INFO);
        events.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        events.start();
        audit.addAppender(events);
    }

    @AfterEach
    void detach() {
        audit.detachAppender(events);
        audit.setLevel(level);
    }

    private static List<JsonNode> lines(String message) {
        List<JsonNode> records = new ArrayList<>();
        message.lines().forEach(line -> {
            try {
                records.add(JSON.readTree(line));
            } catch (IOException e) {
                throw new IllegalStateException("Audit line is not JSON: " + line, e);
            }
        });
        return records;
    }

    @Test
    void aCheapStatementsTwoRecordsAreOneLoggingEventThatNamesItsOperation() {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            for (String statement : List.of(
                    "SET 'pipeline.name' = 'held'", "RESET 'pipeline.name'",
                    "CREATE TABLE held_t (a INT) WITH ('connector' = 'datagen')", "SHOW TABLES")) {
                synchronized (events) {
                    events.messages.clear();
                }
                OperationHandle handle = gateway.runToEnd(session, statement);

                assertThat(gateway.service().getOperationInfo(session, handle).getStatus())
                        .as(statement).isEqualTo(OperationStatus.FINISHED);
                List<String> written;
                synchronized (events) {
                    written = List.copyOf(events.messages);
                }
                assertThat(written).as("logging events of %s", statement).hasSize(1);
                List<JsonNode> records = lines(written.get(0));
                assertThat(records).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "submitted");
                assertThat(records.get(0).path("operationHandle").isNull()).isTrue();
                assertThat(records.get(1).path("operationHandle").asText()).isEqualTo(handle.toString());
                assertThat(records.get(1).path("execution").asText()).isEqualTo("statement");
                assertThat(records.get(1).path("decisionId").asText()).isEqualTo(records.get(0).path("decisionId").asText());
                assertThat(records.get(1).path("statement").asText()).isEqualTo(statement);
            }
        }
    }

    @Test
    void flinkRunsTheStatementOnlyOnceItsRecordsAreWritten() {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            List<String> seenWhileWriting = new ArrayList<>();
            events.onAppend = message -> {
                if (!message.contains("held_later")) {
                    return;
                }
                // Long enough for a statement already handed on to have created its table.
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seenWhileWriting.addAll(tables(gateway, session));
            };
            OperationHandle handle = gateway.runToEnd(session, "CREATE TABLE held_later (a INT) WITH ('connector' = 'datagen')");

            assertThat(gateway.service().getOperationInfo(session, handle).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(seenWhileWriting).as("tables while the statement's records were written").doesNotContain("held_later");
            assertThat(tables(gateway, session)).contains("held_later");
        }
    }

    private static List<String> tables(InProcessGateway gateway, SessionHandle session) {
        return gateway.flink()
                .listTables(session, "default_catalog", "default_database", Set.of(TableKind.TABLE))
                .stream()
                .map(t -> t.getIdentifier().getObjectName())
                .toList();
    }
}
