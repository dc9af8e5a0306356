package io.github.sqlguard.service;

/**
 * Why the guard refused a statement. The message is what the SQL Client, the JDBC driver and REST
 * callers show: the verdict, then for each finding its rule id, reason, plan excerpt, fix and doc
 * page. It is the failure of the operation the guard returns in place of the statement's, so
 * clients read it as the statement's error.
 */
public final class StatementBlockedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StatementBlockedException(String message) {
        super(message);
    }
}
