package io.github.sqlguard.testing;

import io.github.sqlguard.audit.AuditLog;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The audit lines an in-process gateway writes, kept in memory: a Logback {@link ListAppender}
 * attached to the audit logger {@value AuditLog#LOGGER_NAME} (at INFO, not passed on to the root
 * logger's console) while it is open. The lines are read as the audit file is ({@link AuditFile}):
 * one JSON object each. Closing detaches it and restores the logger.
 */
public final class AuditCapture implements AutoCloseable {

    private final Logger audit;
    private final Level level;
    private final boolean additive;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    private AuditCapture() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        level = audit.getLevel();
        additive = audit.isAdditive();
        appender.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        appender.start();
        audit.setLevel(Level.INFO);
        audit.setAdditive(false);
        audit.addAppender(appender);
    }

    /** Starts capturing the audit logger's lines. */
    public static AuditCapture start() {
        return new AuditCapture();
    }

    /**
     * The record of what happened to one operation: the first record naming it that is not a
     * decision record ({@code "outcome": "decided"}), as {@link AuditFile#forOperation} reads it.
     */
    public Optional<JsonNode> forOperation(String operationHandle) {
        return records().stream()
                .filter(r -> !r.path("outcome").asText().equals("decided"))
                .filter(r -> operationHandle.equals(r.path("operationHandle").asText()))
                .findFirst();
    }

    /**
     * Every record naming the operation {@code operationHandle} (its decision record names none),
     * in order.
     */
    public List<JsonNode> recordsOf(Object operationHandle) {
        return records().stream()
                .filter(r -> operationHandle.toString().equals(r.path("operationHandle").asText()))
                .toList();
    }

    /** Every record captured so far, in order; fails on a line that is not a JSON object. */
    public List<JsonNode> records() {
        // Outcome records queued for the audit's writer thread (sql-guard.audit.outcome-records: after-response).
        AuditLog.flushAll();
        List<ILoggingEvent> events;
        synchronized (appender) {
            events = List.copyOf(appender.list);
        }
        return events.stream().flatMap(e -> e.getFormattedMessage().lines()).map(AuditCapture::parse).toList();
    }

    /** Forgets the records captured so far. */
    public void clear() {
        synchronized (appender) {
            appender.list.clear();
        }
    }

    private static JsonNode parse(String line) {
        try {
            JsonNode node = GatewayRestClient.JSON.readTree(line);
            if (!node.isObject()) {
                throw new IllegalStateException("Audit line is not a JSON object: " + line);
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("Audit line is not JSON: " + line, e);
        }
    }

    @Override
    public void close() {
        audit.detachAppender(appender);
        appender.stop();
        audit.setAdditive(additive);
        audit.setLevel(level);
    }
}
