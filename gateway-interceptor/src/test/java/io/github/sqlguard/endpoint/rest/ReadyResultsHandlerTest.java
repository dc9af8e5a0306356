package io.github.sqlguard.endpoint.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.statement.FetchResultsHandler;
import org.apache.flink.table.gateway.rest.header.statement.FetchResultsHeaders;
import org.apache.flink.table.gateway.rest.message.statement.FetchResultsMessageParameters;
import org.apache.flink.table.gateway.rest.message.statement.FetchResultsResponseBody;
import org.apache.flink.table.gateway.rest.util.RowFormat;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The guard's {@code fetchResults} route ({@link ReadyResultsHandler}): a result request of a statement the guard
 * handed on held is answered once the statement has ended, with its result, where Flink's own handler answers {@code
 * NOT_READY} at once; a statement that outlasts the wait is answered as Flink answers it, and not waited for again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadyResultsHandlerTest {

    private InProcessGateway gateway;
    private GatewaySessions sessions;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
        sessions = gateway.service().gatewaySessions().orElseThrow();
    }

    @AfterAll
    void stop() throws Exception {
        gateway.close();
    }

    private static HandlerRequest<EmptyRequestBody> request(SessionHandle session, OperationHandle operation) {
        return HandlerRequest.create(
                EmptyRequestBody.getInstance(), new FetchResultsMessageParameters(session, operation, 0L, RowFormat.JSON));
    }

    private ReadyResultsHandler handler(Duration maxWait) {
        return new ReadyResultsHandler(gateway.service().forFetchResults(), Map.of(),
                FetchResultsHeaders.getDefaultInstance(), Optional.of(sessions), maxWait);
    }

    /** Flink's own handler, as the stock gateway serves the route. */
    private static final class FlinksHandler extends FetchResultsHandler {
        FlinksHandler(SqlGatewayService service) {
            super(service, Map.of(), FetchResultsHeaders.getDefaultInstance());
        }

        CompletableFuture<FetchResultsResponseBody> fetch(SessionHandle session, OperationHandle operation)
                throws Exception {
            return handleRequest(SqlGatewayRestAPIVersion.getDefaultVersion(), request(session, operation));
        }
    }

    private static CompletableFuture<FetchResultsResponseBody> fetch(
            ReadyResultsHandler handler, SessionHandle session, OperationHandle operation) throws Exception {
        return handler.handleRequest(SqlGatewayRestAPIVersion.getDefaultVersion(), request(session, operation));
    }

    @Test
    void aRequestOfAHeldStatementIsAnsweredWithItsResultOnceItHasRun() throws Exception {
        SessionHandle session = gateway.openSession(Map.of());
        try {
            GatewaySessions.Held held = sessions.holdStatement(session, "SET 'pipeline.name' = 'ready'", new Configuration());
            held.prepared().get(60, TimeUnit.SECONDS);

            // Flink's handler: NOT_READY at once, the statement not run yet.
            FetchResultsResponseBody flinks = new FlinksHandler(gateway.service().forFetchResults()).fetch(session, held.handle())
                    .get(60, TimeUnit.SECONDS);
            assertThat(flinks.getResultType()).isEqualTo(ResultSet.ResultType.NOT_READY);

            CompletableFuture<FetchResultsResponseBody> answer = fetch(handler(Duration.ofMinutes(5)), session, held.handle());
            assertThat(answer).as("answered before the statement ran").isNotDone();

            held.release();
            FetchResultsResponseBody body = answer.get(60, TimeUnit.SECONDS);
            assertThat(body.getResultType()).isNotEqualTo(ResultSet.ResultType.NOT_READY);
            assertThat(body.getResults().getData()).isNotEmpty();
            assertThat(gateway.flink().getSessionConfig(session)).containsEntry("pipeline.name", "ready");
            InProcessGateway.awaitOperation().alias("ended: no longer held")
                    .until(() -> sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5)).isEmpty());
        } finally {
            gateway.service().closeSession(session);
        }
    }

    @Test
    void theEndIsPassedOnByTheThreadThatSawItNotHandedToAnotherPerRequest() throws Exception {
        SessionHandle session = gateway.openSession(Map.of());
        try {
            GatewaySessions.Held held = sessions.holdStatement(session, "SET 'pipeline.name' = 'one-thread'", new Configuration());
            held.prepared().get(60, TimeUnit.SECONDS);
            // Two requests waiting on one end: each was completed by a task of its own on another waiting thread (a
            // thread to wake per request, after the one that saw the end); now both by the thread that saw it.
            CompletableFuture<String> first = sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5))
                    .orElseThrow().thenApply(ended -> Thread.currentThread().getName());
            CompletableFuture<String> second = sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5))
                    .orElseThrow().thenApply(ended -> Thread.currentThread().getName());
            assertThat(first).isNotDone();

            held.release();
            assertThat(first.get(60, TimeUnit.SECONDS)).startsWith("sql-guard-operation-waiter")
                    .isEqualTo(second.get(60, TimeUnit.SECONDS));
        } finally {
            gateway.service().closeSession(session);
        }
    }

    @Test
    void aStatementThatOutlastsTheWaitIsAnsweredAsFlinkAnswersItAndNotWaitedForAgain() throws Exception {
        SessionHandle session = gateway.openSession(Map.of());
        try {
            GatewaySessions.Held held = sessions.holdStatement(session, "SET 'pipeline.name' = 'late'", new Configuration());
            held.prepared().get(60, TimeUnit.SECONDS);
            ReadyResultsHandler handler = handler(Duration.ZERO);

            assertThat(fetch(handler, session, held.handle()).get(60, TimeUnit.SECONDS).getResultType())
                    .isEqualTo(ResultSet.ResultType.NOT_READY);
            assertThat(sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5))).as("waited for once").isEmpty();
            CompletableFuture<FetchResultsResponseBody> again = fetch(handler(Duration.ofMinutes(5)), session, held.handle());
            assertThat(again).as("answered at once").isDone();
            assertThat(again.get().getResultType()).isEqualTo(ResultSet.ResultType.NOT_READY);

            held.release();
            InProcessGateway.awaitOperation().until(
                    () -> gateway.flink().getOperationInfo(session, held.handle()).getStatus().isTerminalStatus());
            assertThat(fetch(handler, session, held.handle()).get(60, TimeUnit.SECONDS).getResults().getData()).isNotEmpty();
        } finally {
            gateway.service().closeSession(session);
        }
    }

    @Test
    void anOperationWithdrawnEndedOrOfAnotherSessionIsNotWaitedFor() throws Exception {
        SessionHandle session = gateway.openSession(Map.of());
        SessionHandle other = gateway.openSession(Map.of());
        try {
            GatewaySessions.Held held = sessions.holdStatement(session, "SHOW TABLES", new Configuration());
            held.prepared().get(60, TimeUnit.SECONDS);
            assertThat(sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5))).isPresent();
            assertThat(sessions.whenHeldEnds(other, held.handle(), Duration.ofMinutes(5))).as("another session's").isEmpty();
            held.withdraw();
            InProcessGateway.awaitOperation()
                    .until(() -> sessions.whenHeldEnds(session, held.handle(), Duration.ofMinutes(5)).isEmpty());

            OperationHandle ran = gateway.runToEnd(session, "SHOW TABLES");
            InProcessGateway.awaitOperation().until(() -> sessions.whenHeldEnds(session, ran, Duration.ofMinutes(5)).isEmpty());
        } finally {
            gateway.service().closeSession(session);
            gateway.service().closeSession(other);
        }
    }
}
