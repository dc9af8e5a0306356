package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.messages.EmptyResponseBody;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.session.ConfigureSessionHandler;
import org.apache.flink.table.gateway.rest.header.session.ConfigureSessionHeaders;
import org.apache.flink.table.gateway.rest.message.session.ConfigureSessionRequestBody;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Flink's {@code configureSession} route ({@link ConfigureSessionHandler}, unchanged in what it
 * reads and answers), in the session's order with its {@code executeStatement} calls ({@link
 * SessionCallOrder}).
 *
 * <p>Why: Flink's handler calls {@code SqlGatewayService#configureSession} on the I/O thread that
 * read the request, and Flink applies the statement at once. The guard decides every call of a
 * session in the order the calls arrived, so a {@code configureSession} that arrives while a query
 * of the same session is being planned waits until that query has been decided and handed on
 * (otherwise it could swap a view the query was judged on). Waiting on the I/O thread would stall
 * every other request it serves, so such a call waits and runs on {@code decisions}; one that
 * arrives while nothing of its session is being answered is answered on the I/O thread, as Flink
 * answers it.
 *
 * <p>Thread-safe.
 */
final class DecidingConfigureSessionHandler extends ConfigureSessionHandler {

    private final GuardedSqlGatewayService guarded;
    private final SessionCallOrder order;

    DecidingConfigureSessionHandler(
            GuardedSqlGatewayService guarded, Map<String, String> responseHeaders, SessionCallOrder order) {
        super(guarded, responseHeaders, ConfigureSessionHeaders.getInstance());
        this.guarded = guarded;
        this.order = order;
    }

    @Override
    protected CompletableFuture<EmptyResponseBody> handleRequest(
            SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<ConfigureSessionRequestBody> request) {
        SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
        String statement = request.getRequestBody().getStatement();
        Long timeout = request.getRequestBody().getTimeout();
        long timeoutMs = timeout == null ? 0L : timeout;
        // As DecidingExecuteStatementHandler: not on the I/O thread while the audit's write is held up (it would wait).
        boolean cheap =
                guarded.parsesOnIoThread(statement)
                        && guarded.decidesWithoutPlanning(guarded.parse(statement).statement())
                        && !guarded.auditHeldUp();
        return order.submit(session, cheap, () -> {
            guarded.configureSession(session, statement, timeoutMs);
            return EmptyResponseBody.getInstance();
        });
    }
}
