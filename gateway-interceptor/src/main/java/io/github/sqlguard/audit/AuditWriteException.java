package io.github.sqlguard.audit;

/**
 * An audit record could not be written: it could not be rendered, or the logging backend's
 * appender failed (Logback propagates an exception of an {@code Appender} that does not swallow
 * it; Log4j 2 one of an appender with {@code ignoreExceptions="false"}). The guard then applies
 * {@code sql-guard.audit.fail-mode}.
 */
public final class AuditWriteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AuditWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
