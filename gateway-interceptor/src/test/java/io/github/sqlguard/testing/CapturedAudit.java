package io.github.sqlguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sqlguard.audit.AuditLog;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit records written in this JVM while it is open: a Logback list appender on the {@code
 * sql-guard.audit} logger, at INFO whatever the JVM's logging configuration says. For in-process
 * tests; close it to detach.
 */
public final class CapturedAudit implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ListAppender<ILoggingEvent> written = new ListAppender<>();
    private final Logger audit;
    private final Level level;

    public CapturedAudit() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        level = audit.getLevel();
        audit.setLevel(Level.INFO);
        written.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        written.start();
        audit.addAppender(written);
    }

    /** Every record written so far, oldest first. */
    public List<JsonNode> records() {
        List<JsonNode> records = new ArrayList<>();
        for (ILoggingEvent event : List.copyOf(written.list)) {
            try {
                records.add(JSON.readTree(event.getFormattedMessage()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new UncheckedIOException("An audit line that is not JSON: " + event.getFormattedMessage(), e);
            }
        }
        return records;
    }

    /** The records naming the operation {@code operationHandle} (a decision record names none), oldest first. */
    public List<JsonNode> recordsOf(Object operationHandle) {
        return records().stream().filter(r -> operationHandle.toString().equals(r.path("operationHandle").asText()))
                .toList();
    }

    @Override
    public void close() {
        audit.detachAppender(written);
        audit.setLevel(level);
    }
}
