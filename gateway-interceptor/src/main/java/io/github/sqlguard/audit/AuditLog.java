package io.github.sqlguard.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import net.logstash.logback.marker.Markers;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * Writes {@link AuditRecord}s through SLF4J to the logger {@value #LOGGER_NAME}. Its appender and
 * JSON encoder (logstash-logback-encoder) are configured in {@code conf/logback.xml}: one JSON
 * object per line, the record's fields at the top level.
 *
 * <p>Thread-safe. A failure to serialise a record is logged on this class's own logger with the
 * statement hash and rethrown, so the caller can decide (fail closed).
 */
public final class AuditLog {

    /** The dedicated audit logger. */
    public static final String LOGGER_NAME = "sql-guard.audit";

    private static final Logger AUDIT = LoggerFactory.getLogger(LOGGER_NAME);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Writes one record.
     *
     * @throws AuditWriteException when it cannot be rendered or the backend's appender failed
     */
    public void write(AuditRecord record) {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = MAPPER.convertValue(record, Map.class);
            AUDIT.info(Markers.appendEntries(fields), "sql-guard audit");
        } catch (RuntimeException e) {
            throw new AuditWriteException("The audit record of decision " + record.decisionId() + " could not be written: "
                    + e.getMessage(), e);
        }
    }
}
