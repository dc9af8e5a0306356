package io.github.sqlguard.service;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.ResultSetImpl;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Operations the guard answers itself, submitted to the session like any other so that clients
 * read them as the statement's own ({@link SqlGatewayService#submitOperation}): Flink's {@code OK},
 * or a failure with the guard's message or Flink's own exception. Thread-safe.
 */
public final class GuardOperations {

    private static final ResolvedSchema OK_SCHEMA = ResolvedSchema.of(Column.physical("result", DataTypes.STRING()));

    private final SqlGatewayService delegate;

    public GuardOperations(SqlGatewayService delegate) {
        this.delegate = delegate;
    }

    /**
     * An operation in the session that succeeds at once with Flink's {@code OK} result, for a
     * statement the guard answers itself (statement-set bookkeeping, a dry run).
     */
    public OperationHandle ok(SessionHandle session) {
        Callable<ResultSet> ok =
                () ->
                        new ResultSetImpl(
                                ResultSet.ResultType.EOS,
                                null,
                                OK_SCHEMA,
                                List.of(GenericRowData.of(StringData.fromString("OK"))),
                                row -> new String[] {row.getString(0).toString()},
                                false,
                                null,
                                ResultKind.SUCCESS);
        return delegate.submitOperation(session, ok);
    }

    /** An operation in the session that fails with the guard's {@code message} ({@link StatementBlockedException}). */
    OperationHandle refusal(SessionHandle session, String message) {
        return delegate.submitOperation(session, () -> {
            throw new StatementBlockedException(message);
        });
    }

    /** An operation in the session that fails with Flink's own exception, as from a stock gateway. */
    OperationHandle flinkRejection(SessionHandle session, Throwable flinkError) {
        return delegate.submitOperation(session, () -> {
            if (flinkError instanceof Exception e) {
                throw e;
            }
            if (flinkError instanceof Error e) {
                throw e;
            }
            throw new StatementBlockedException(String.valueOf(flinkError), flinkError);
        });
    }

    /** An operation in the session that answers with what {@code answer} computes. */
    OperationHandle submit(SessionHandle session, Callable<ResultSet> answer) {
        return delegate.submitOperation(session, answer);
    }
}
