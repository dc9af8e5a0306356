package io.github.sqlguard.audit;

/**
 * An audit record could not be written: it could not be rendered as JSON. A failure of the logging
 * backend's appender (a full disk, a closed file) reaches the caller as the backend's own exception
 * when the backend is set to propagate it (Log4j 2: {@code ignoreExceptions=false}). Either way the
 * caller decides; a statement whose record was not written must not run unaudited.
 */
public final class AuditWriteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AuditWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
