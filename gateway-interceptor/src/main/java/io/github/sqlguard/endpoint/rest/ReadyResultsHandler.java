package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.flink.GatewaySessions;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.RestHandlerException;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.statement.FetchResultsHandler;
import org.apache.flink.table.gateway.rest.header.statement.FetchResultsHeaders;
import org.apache.flink.table.gateway.rest.message.operation.OperationHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.statement.FetchResultsResponseBody;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Flink's {@code fetchResults} route ({@link FetchResultsHandler}, unchanged in what it reads and answers), that
 * answers a result request of a statement the guard handed on held ({@link GatewaySessions#holdStatement}: {@code
 * SET}, {@code RESET}, DDL, {@code SHOW}, ...) once the statement has ended, at most {@code
 * sql-guard.fetch-results.max-wait} ({@code GuardOptions#FETCH_RESULTS_MAX_WAIT}) after the request, instead of
 * {@code NOT_READY} while it still runs.
 *
 * <p>Why: Flink answers a result request of a running operation with {@code NOT_READY} at once ({@code
 * OperationManager.Operation#fetchResults}); a client that polls then learns that the statement has run at its
 * next poll, up to a poll interval after its end. On the guarded gateway the call that hands a cheap statement on
 * answers after the guard's decision and audit records, while Flink already makes the statement's table environment
 * ({@code EarlyHold}); the client's polls then start that much later than on a stock gateway, and a statement that
 * ends just after one of them waits for the next (bench/results/2026-12-06-cheap-r62.md: the benchmark's client
 * polls every millisecond, on statements of about two). Answered at the end, the result reaches the client when it
 * is there, whatever its poll interval. A statement still running after that wait is answered as Flink
 * answers it, and no later request of it waits ({@link GatewaySessions#whenHeldEnds}). No thread waits meanwhile:
 * the answer is made on a {@code sql-guard-operation-waiter} thread once the statement has ended.
 *
 * <p>Thread-safe.
 */
final class ReadyResultsHandler extends FetchResultsHandler {

    private final Optional<GatewaySessions> sessions;
    private final Duration maxWait;

    /**
     * @param service the service Flink's handler reads the results from
     * @param sessions the guard's access to Flink's sessions, whose held operations a request waits for; empty when
     *     the service is not Flink's own (every request is then answered at once, as Flink answers it)
     * @param maxWait the longest a request waits for a held statement to end ({@code sql-guard.fetch-results.max-wait}:
     *     by default 100 ms, the pause Flink's SQL client and JDBC driver make before each result request, {@code
     *     ExecutorImpl#getFetchResultResponse}, flink-sql-client 2.3.0 and 1.20.0, so a request of theirs answered
     *     within it is never answered later than their next one would be); 0: every request at once
     */
    ReadyResultsHandler(
            SqlGatewayService service, Map<String, String> responseHeaders, FetchResultsHeaders route,
            Optional<GatewaySessions> sessions, Duration maxWait) {
        super(service, responseHeaders, route);
        this.sessions = sessions;
        this.maxWait = maxWait;
    }

    @Override
    protected CompletableFuture<FetchResultsResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<EmptyRequestBody> request)
            throws RestHandlerException {
        if (sessions.isPresent()) {
            SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
            OperationHandle operation = request.getPathParameter(OperationHandleIdPathParameter.class);
            Optional<CompletableFuture<Boolean>> ends = sessions.get().whenHeldEnds(session, operation, maxWait);
            if (ends.isPresent()) {
                return ends.get().thenCompose(ended -> fetch(version, request));
            }
        }
        return super.handleRequest(version, request);
    }

    /** Flink's answer to {@code request}, now. */
    private CompletableFuture<FetchResultsResponseBody> fetch(
            SqlGatewayRestAPIVersion version, HandlerRequest<EmptyRequestBody> request) {
        try {
            return super.handleRequest(version, request);
        } catch (RestHandlerException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
