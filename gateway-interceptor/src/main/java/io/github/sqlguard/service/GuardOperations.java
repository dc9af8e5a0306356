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

import io.github.sqlguard.audit.MaskedException;
import io.github.sqlguard.audit.Redactor;

import org.apache.flink.table.data.RowData;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Operations the guard answers itself, submitted to the session like any other so that clients
 * read them as the statement's own ({@link SqlGatewayService#submitOperation}): Flink's {@code OK},
 * or a failure with the guard's message or Flink's own exception. Thread-safe.
 *
 * <p>This is where the guard's answers leave it, so their secrets are masked here, whatever wrote
 * them: a refusal's text ({@link Redactor#maskSecrets}; the rewrites in it are masked as SQL when
 * they are described, {@code Rewrite#describe}), Flink's own exception ({@link MaskedException}),
 * which also is what Flink's {@code OperationManager} logs of the failed operation, and each text
 * row of an answer such as an {@code EXPLAIN}'s, Flink's section included.
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
        String masked = Redactor.maskSecrets(message);
        return delegate.submitOperation(session, () -> {
            throw new StatementBlockedException(masked);
        });
    }

    /** An operation in the session that fails with Flink's own exception, as from a stock gateway. */
    OperationHandle flinkRejection(SessionHandle session, Throwable flinkError) {
        Throwable masked = MaskedException.of(flinkError);
        return delegate.submitOperation(session, () -> {
            throw rethrown(masked);
        });
    }

    /** {@code error} as the failure of an operation: itself when it can be thrown as it is. */
    private static Exception rethrown(Throwable error) {
        if (error instanceof Exception e) {
            return e;
        }
        if (error instanceof Error e) {
            throw e;
        }
        return new StatementBlockedException(String.valueOf(error), error);
    }

    /** An operation in the session that answers with what {@code answer} computes. */
    OperationHandle submit(SessionHandle session, Callable<ResultSet> answer) {
        return delegate.submitOperation(session, () -> {
            ResultSet result;
            try {
                result = answer.call();
            } catch (Exception | Error e) {
                throw rethrown(MaskedException.of(e));
            }
            return masked(result);
        });
    }

    /**
     * {@code result} with each string of its rows masked ({@link Redactor#maskSecrets}); itself when
     * none carries a secret, or when it is not a page the guard wrote ({@link ResultSetImpl} of
     * {@link GenericRowData}).
     */
    static ResultSet masked(ResultSet result) {
        if (!(result instanceof ResultSetImpl) || result.getData() == null) {
            return result;
        }
        List<RowData> rows = new ArrayList<>();
        boolean changed = false;
        for (RowData row : result.getData()) {
            if (!(row instanceof GenericRowData generic)) {
                return result;
            }
            GenericRowData copy = new GenericRowData(generic.getRowKind(), generic.getArity());
            for (int i = 0; i < generic.getArity(); i++) {
                Object field = generic.getField(i);
                if (field instanceof StringData text) {
                    String masked = Redactor.maskSecrets(text.toString());
                    changed |= !masked.equals(text.toString());
                    copy.setField(i, StringData.fromString(masked));
                } else {
                    copy.setField(i, field);
                }
            }
            rows.add(copy);
        }
        if (!changed) {
            return result;
        }
        ResultSetImpl page = (ResultSetImpl) result;
        return new ResultSetImpl(page.getResultType(), page.getNextToken(), page.getResultSchema(), rows,
                page.getConverter(), page.isQueryResult(), page.getJobID(), page.getResultKind());
    }
}
