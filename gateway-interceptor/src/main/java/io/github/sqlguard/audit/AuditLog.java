package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Writes {@link AuditRecord}s through the SLF4J API to the logger {@value #LOGGER_NAME}: the guard
 * renders each record as one JSON object (a {@code logged_at} timestamp, then the record's fields
 * under their component names, those of its nested records flat) and logs it as the plain message,
 * so whichever backend the installation binds writes it with a {@code %msg%n} pattern: Log4j 2 as
 * Flink ships it ({@code conf/log4j-sql-guard-audit.properties}) or Logback ({@code
 * conf/logback.xml}). No backend class is referenced here.
 *
 * <p>Failures reach the caller, which decides (fail closed): a record that cannot be rendered is an
 * {@link AuditWriteException}; an exception of the backend's appender is not caught here, so it
 * propagates when the backend lets it (Log4j 2 with {@code ignoreExceptions=false}; in Logback an
 * appender that implements {@code Appender} directly rather than extending {@code AppenderBase}).
 *
 * <p>Thread-safe.
 */
public final class AuditLog {

    /** The dedicated audit logger. */
    public static final String LOGGER_NAME = "sql-guard.audit";

    /** ISO-8601 in UTC with milliseconds, e.g. {@code 2026-11-30T03:18:51.208Z}. */
    private static final DateTimeFormatter LOGGED_AT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSX").withZone(ZoneOffset.UTC);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Logger audit;
    private final Clock clock;

    /** Writes to the logger {@value #LOGGER_NAME} with the system clock. */
    public AuditLog() {
        this(LoggerFactory.getLogger(LOGGER_NAME), Clock.systemUTC());
    }

    AuditLog(Logger audit, Clock clock) {
        this.audit = audit;
        this.clock = clock;
        if (!audit.isInfoEnabled()) {
            LoggerFactory.getLogger(AuditLog.class)
                    .warn("The audit logger '{}' does not log at INFO, so the logging configuration drops every audit"
                            + " record: set its level to INFO (conf/log4j-sql-guard-audit.properties, conf/logback.xml).",
                            audit.getName());
        }
    }

    /**
     * Writes one record as one line.
     *
     * @throws AuditWriteException when the record cannot be rendered as JSON, or when the logging
     *     backend's appender failed (the appender's exception is the cause)
     */
    public void write(AuditRecord record) {
        writeLine(render(record), "statement " + record.statement().statementSha256() + " (" + record.call() + ")");
    }

    /**
     * Writes the record of a job's observed state as one line.
     *
     * @throws AuditWriteException as {@link #write(AuditRecord)}
     */
    public void write(ObservedStateRecord record) {
        String what = "job " + record.jobId() + " (" + record.call() + ")";
        writeLine(render(record, what), what);
    }

    private void writeLine(String line, String what) {
        try {
            audit.info(line);
        } catch (RuntimeException e) {
            throw new AuditWriteException("The audit record of " + what + " could not be written: " + e.getMessage(), e);
        }
    }

    /** The JSON line of {@code record}, without a line break. */
    String render(AuditRecord record) {
        return render(record, "statement " + record.statement().statementSha256() + " (" + record.call() + ")");
    }

    private String render(Object record, String what) {
        try {
            // Serialised straight to text (no intermediate tree: it doubled the cost of a record),
            // with logged_at put first.
            String fields = MAPPER.writeValueAsString(record);
            return "{\"logged_at\":\"" + LOGGED_AT.format(clock.instant()) + "\"" + (fields.length() > 2 ? "," : "")
                    + fields.substring(1);
        } catch (IllegalArgumentException | JsonProcessingException e) {
            throw new AuditWriteException(
                    "The audit record of " + what + " could not be rendered as JSON: " + e.getMessage(), e);
        }
    }
}
