package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.service.KeptParse;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
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
import java.util.function.BiFunction;

/**
 * Flink's {@code executeStatement} route ({@link ExecuteStatementHandler}, unchanged in what it
 * reads and answers), with the statements the guard plans run off the REST server's I/O threads.
 *
 * <p>Why: Flink's handler calls {@code SqlGatewayService#executeStatement} on the Netty thread that
 * read the request ({@code rest.server.numThreads}, 4 by default) and answers with the operation
 * handle. Flink's own service returns at once (the statement is planned in the operation), but the
 * guard decides before it hands a statement on, which for a query or an INSERT means planning it
 * (tens of ms to seconds): on the I/O thread that would stall every other request served by it,
 * other sessions' result polls included. Such a call runs on {@code decisions}, and the I/O thread
 * is free as soon as the request is read. A statement decided without planning ({@code SET}, DDL,
 * {@code SHOW}: {@link GuardedSqlGatewayService#decidesWithoutPlanning}) is still answered on the
 * I/O thread, as Flink answers it: handing it to another thread and back costs more than deciding
 * on it (two thread wake-ups cost more than the decision itself, in the benchmark's server-side
 * table), unless the audit's write of records is held up when it arrives ({@link
 * GuardedSqlGatewayService#auditHeldUp}): its own records would wait for that write, and an I/O thread waiting on the
 * audit serves none of its other connections (Netty's event loop: the other sessions' result requests and statements
 * it reads). At 16 sessions writes the kernel held up for milliseconds had two or three of the gateway's four I/O
 * threads waiting on the audit at once, the guard's slowest statements (bench/results/2026-12-06-cheap-r63.md); such a
 * call now waits on {@code decisions}. The statement is parsed once, here: that parse is the one the call decides on ({@link
 * GuardedSqlGatewayService#execute(SessionHandle, KeptParse, long, Configuration)}); a large
 * statement ({@link GuardedSqlGatewayService#parsesOnIoThread}) is parsed on {@code decisions} too.
 * A statement whose first words already show that the guard decides it without planning ({@code SET},
 * {@code RESET}, {@code SHOW}, a {@code CREATE TABLE} without {@code AS}: {@link
 * GuardedSqlGatewayService#decidedWithoutPlanningByItsText}) is parsed in the call instead, once its
 * operation is held, so that Flink makes the operation's table environment while the guard parses it
 * too ({@link GuardedSqlGatewayService#executeHeldBeforeParse}).
 *
 * <p>Calls of one session are decided in the order their requests arrived, one after the other,
 * with the session's {@code configureSession} calls ({@link SessionCallOrder}, shared with {@link
 * DecidingConfigureSessionHandler}). Sessions do not wait for each other. An error is answered as
 * Flink's handler answers it (the future completes exceptionally; Flink's {@code AbstractHandler}
 * unwraps it).
 *
 * <p>Thread-safe.
 */
final class DecidingExecuteStatementHandler extends ExecuteStatementHandler {

    private final GuardedSqlGatewayService guarded;
    private final SessionCallOrder order;

    DecidingExecuteStatementHandler(
            GuardedSqlGatewayService guarded, Map<String, String> responseHeaders, SessionCallOrder order) {
        super(guarded, responseHeaders, ExecuteStatementHeaders.getInstance());
        this.guarded = guarded;
        this.order = order;
    }

    @Override
    protected CompletableFuture<ExecuteStatementResponseBody> handleRequest(
            SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<ExecuteStatementRequestBody> request) {
        SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
        String statement = request.getRequestBody().getStatement();
        if (!guarded.parsesOnIoThread(statement)) {
            // Too large to parse here without holding the I/O thread: parsed on a decision thread.
            return order.submit(session, false,
                    () -> answer(request, (timeout, config) -> guarded.execute(session, guarded.parse(statement), timeout, config)));
        }
        if (guarded.decidedWithoutPlanningByItsText(statement)) {
            // Parsed in the call, once its operation is held: Flink makes the operation's table environment while
            // the guard parses and decides; on a decision thread while the audit's write is held up, as below.
            return order.submit(session, !guarded.auditHeldUp(), () -> answer(request,
                    (timeout, config) -> guarded.executeHeldBeforeParse(session, statement, timeout, config)));
        }
        KeptParse parsed = guarded.parse(statement);
        return order.submit(session, guarded.decidesWithoutPlanning(parsed.statement()) && !guarded.auditHeldUp(),
                () -> answer(request, (timeout, config) -> guarded.execute(session, parsed, timeout, config)));
    }

    /**
     * Answers as Flink's {@code ExecuteStatementHandler#handleRequest} does: {@code call} runs the statement with
     * the request's execution timeout and configuration, and the answer names its operation.
     */
    private static ExecuteStatementResponseBody answer(
            HandlerRequest<ExecuteStatementRequestBody> request, BiFunction<Long, Configuration, OperationHandle> call) {
        Long timeout = request.getRequestBody().getTimeout();
        Map<String, String> executionConfig = request.getRequestBody().getExecutionConfig();
        OperationHandle operation = call.apply(
                timeout == null ? 0L : timeout,
                executionConfig == null ? new Configuration() : Configuration.fromMap(executionConfig));
        return new ExecuteStatementResponseBody(operation.getIdentifier().toString());
    }
}
