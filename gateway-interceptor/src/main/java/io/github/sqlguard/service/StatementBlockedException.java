package io.github.sqlguard.service;

/**
 * Why the guard refused a statement (or, for an {@code EXPLAIN}, the guard's diagnosis of why
 * Flink's planner rejects the explained statement, with Flink's exception as the cause). The message is what the SQL Client, the JDBC driver and REST
 * callers show: the verdict, then for each finding its rule id, reason, plan excerpt, fix and doc
 * page. It is the failure of the operation the guard returns in place of the statement's, so
 * clients read it as the statement's error.
 */
public final class StatementBlockedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StatementBlockedException(String message) {
        super(message);
    }

    /** The guard's explanation of Flink's own rejection {@code flinkError}, which stays the cause. */
    public StatementBlockedException(String message, Throwable flinkError) {
        super(message, flinkError);
    }
}
