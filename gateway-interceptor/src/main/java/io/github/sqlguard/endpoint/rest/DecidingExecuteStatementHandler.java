package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.statement.ExecuteStatementHandler;
import org.apache.flink.table.gateway.rest.header.statement.ExecuteStatementHeaders;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.statement.ExecuteStatementRequestBody;
import org.apache.flink.table.gateway.rest.message.statement.ExecuteStatementResponseBody;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Flink's {@code executeStatement} route ({@link ExecuteStatementHandler}, unchanged in what it
 * reads and answers), run off the REST server's I/O threads.
 *
 * <p>Why: Flink's handler calls {@code SqlGatewayService#executeStatement} on the Netty thread that
 * read the request ({@code rest.server.numThreads}, 4 by default) and answers with the operation
 * handle. Flink's own service returns at once (the statement is planned in the operation), but the
 * guard decides before it hands a statement on, which for a query or an INSERT means planning it
 * (tens of ms to seconds): on the I/O thread that would stall every other request served by it,
 * other sessions' result polls included. Here the call runs on {@code decisions} and the I/O thread
 * is free as soon as the request is read.
 *
 * <p>Statements of one session are decided in the order their requests arrived, one after the
 * other, as they were when the I/O thread ran them: each waits for the session's previous {@code
 * executeStatement} to be answered (its answer or error) before it starts. Sessions do not wait
 * for each other. An error is answered as Flink's handler answers it (the future completes
 * exceptionally; Flink's {@code AbstractHandler} unwraps it).
 *
 * <p>Thread-safe.
 */
final class DecidingExecuteStatementHandler extends ExecuteStatementHandler {

    private final Executor decisions;
    /** The last executeStatement of each session still being answered; removed once answered. */
    private final Map<SessionHandle, CompletableFuture<ExecuteStatementResponseBody>> lastOfSession =
            new ConcurrentHashMap<>();

    DecidingExecuteStatementHandler(
            SqlGatewayService service, Map<String, String> responseHeaders, Executor decisions) {
        super(service, responseHeaders, ExecuteStatementHeaders.getInstance());
        this.decisions = decisions;
    }

    @Override
    protected CompletableFuture<ExecuteStatementResponseBody> handleRequest(
            SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<ExecuteStatementRequestBody> request) {
        SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
        CompletableFuture<ExecuteStatementResponseBody> answer =
                lastOfSession.compute(
                        session,
                        (s, previous) ->
                                (previous == null ? CompletableFuture.<Void>completedFuture(null) : previous.handle((r, e) -> (Void) null))
                                        .thenComposeAsync(ignored -> super.handleRequest(version, request), decisions));
        answer.whenComplete((response, error) -> lastOfSession.remove(session, answer));
        return answer;
    }
}
