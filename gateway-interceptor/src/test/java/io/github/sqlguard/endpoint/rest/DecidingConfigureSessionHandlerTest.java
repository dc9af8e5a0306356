package io.github.sqlguard.endpoint.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.messages.EmptyResponseBody;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.message.session.ConfigureSessionRequestBody;
import org.apache.flink.table.gateway.rest.message.session.SessionMessageParameters;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The guard's {@code configureSession} route ({@link DecidingConfigureSessionHandler}) and the REST server's I/O
 * threads, as {@code DecidingExecuteStatementHandlerTest} for {@code executeStatement}: a statement decided without
 * planning is answered on the thread that read it, except while the audit's write of records is held up, which its
 * own records would wait for; the thread is then free for its other connections.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DecidingConfigureSessionHandlerTest {

    private InProcessGateway gateway;
    private final ExecutorService decisions = Executors.newFixedThreadPool(2);

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() throws Exception {
        decisions.shutdownNow();
        gateway.close();
    }

    /** Holds the audit's logging event of a statement with {@code marker} in its text until released. */
    private static final class SlowWrite extends AppenderBase<ILoggingEvent> {
        private final String marker;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        SlowWrite(String marker) {
            this.marker = marker;
        }

        @Override
        protected void append(ILoggingEvent event) {
            if (event.getFormattedMessage().contains(marker)) {
                entered.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static CompletableFuture<EmptyResponseBody> configure(
            DecidingConfigureSessionHandler handler, SessionHandle session, String statement) {
        return handler.handleRequest(SqlGatewayRestAPIVersion.getDefaultVersion(),
                HandlerRequest.create(new ConfigureSessionRequestBody(statement, null),
                        new SessionMessageParameters(session)));
    }

    @Test
    void aCheapStatementArrivingWhileTheAuditsWriteIsHeldUpDoesNotHoldTheIoThreadThatReadIt() throws Exception {
        Logger audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        Level level = audit.getLevel();
        boolean additive = audit.isAdditive();
        SlowWrite slow = new SlowWrite("slow-write");
        slow.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        slow.start();
        audit.setLevel(Level.INFO);
        audit.setAdditive(false);
        audit.addAppender(slow);
        SessionHandle first = gateway.openSession(Map.of());
        SessionHandle second = gateway.openSession(Map.of());
        try {
            DecidingConfigureSessionHandler handler =
                    new DecidingConfigureSessionHandler(gateway.service(), Map.of(), new SessionCallOrder(decisions));
            // One I/O thread's call, whose records' write the kernel holds up.
            CompletableFuture<CompletableFuture<EmptyResponseBody>> slowCall = new CompletableFuture<>();
            Thread firstIoThread = new Thread(
                    () -> slowCall.complete(configure(handler, first, "SET 'pipeline.name' = 'slow-write'")));
            firstIoThread.start();
            assertThat(slow.entered.await(60, TimeUnit.SECONDS)).isTrue();
            InProcessGateway.awaitOperation().alias("the audit's write held up").until(() -> gateway.service().auditHeldUp());

            // Another I/O thread reads a cheap statement of another session meanwhile: it waits for that write
            // elsewhere, and the thread is free for its other connections at once.
            CompletableFuture<CompletableFuture<EmptyResponseBody>> behind = new CompletableFuture<>();
            Thread secondIoThread = new Thread(
                    () -> behind.complete(configure(handler, second, "SET 'pipeline.name' = 'behind'")));
            secondIoThread.start();
            InProcessGateway.awaitOperation().alias("the second I/O thread is free while the audit writes")
                    .until(behind::isDone);
            assertThat(behind.get()).as("its own records wait for the write").isNotDone();

            slow.release.countDown();
            assertThat(slowCall.get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS)).isNotNull();
            assertThat(behind.get().get(60, TimeUnit.SECONDS)).isNotNull();
            firstIoThread.join();
            secondIoThread.join();
            assertThat(gateway.service().auditHeldUp()).isFalse();
            assertThat(gateway.service().getSessionConfig(second)).containsEntry("pipeline.name", "behind");
        } finally {
            slow.release.countDown();
            audit.detachAppender(slow);
            audit.setLevel(level);
            audit.setAdditive(additive);
            gateway.service().closeSession(first);
            gateway.service().closeSession(second);
        }
    }
}
