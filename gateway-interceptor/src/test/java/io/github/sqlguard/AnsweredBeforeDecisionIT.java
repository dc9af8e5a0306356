package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.RestSession;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.listener.CatalogModificationEvent;
import org.apache.flink.table.catalog.listener.CatalogModificationListener;
import org.apache.flink.table.catalog.listener.CatalogModificationListenerFactory;
import org.apache.flink.table.catalog.listener.CreateTableEvent;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Over Flink's real SqlGateway with the guard endpoint, a statement whose text shows that the guard decides it without
 * planning ({@code SET}, {@code RESET}, {@code SHOW}, {@code CREATE TABLE} without {@code AS}) is answered with its
 * operation's handle before the guard writes its audit records ({@code DecidingExecuteStatementHandler
 * #respondToRequest}), and still: nothing of it runs before its records, the session's next call is decided after them,
 * and a refusal fails the answered operation with the error today's route answers with. Counted with a test audit
 * appender that holds a record, never timed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnsweredBeforeDecisionIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** Tables whose creation Flink ran ({@code CatalogManager#createTable} calls the listener after creating it). */
    private static final List<String> CREATED = new CopyOnWriteArrayList<>();

    /** Counts the tables Flink creates; registered for this module's tests (src/test/resources/META-INF/services). */
    public static final class CountingCreateListenerFactory implements CatalogModificationListenerFactory {
        @Override
        public CatalogModificationListener createListener(Context context) {
            return AnsweredBeforeDecisionIT::onEvent;
        }

        @Override
        public String factoryIdentifier() {
            return "sql-guard-test-counting-create";
        }
    }

    private static void onEvent(CatalogModificationEvent event) {
        if (event instanceof CreateTableEvent create) {
            CREATED.add(create.identifier().getObjectName());
        }
    }

    /** Holds the audit's logging event of a statement with {@code marker} in its text until released; keeps the order. */
    private static final class HeldRecord extends AppenderBase<ILoggingEvent> {
        private final String marker;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> written = new CopyOnWriteArrayList<>();
        final AtomicInteger held = new AtomicInteger();

        HeldRecord(String marker) {
            this.marker = marker;
        }

        @Override
        protected void append(ILoggingEvent event) {
            String message = event.getFormattedMessage();
            if (message.contains(marker) && held.getAndIncrement() == 0) {
                entered.countDown();
                try {
                    release.await(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            written.add(message);
        }
    }

    private GuardedGateway gateway;

    @BeforeAll
    void start() throws Exception {
        gateway = GuardedGateway.start(Map.of("table.catalog-modification.listeners", "sql-guard-test-counting-create"));
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    private static HeldRecord holdRecordsOf(String marker) {
        Logger audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        HeldRecord held = new HeldRecord(marker);
        held.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        held.start();
        audit.addAppender(held);
        return held;
    }

    private static void stopHolding(HeldRecord held) {
        held.release.countDown();
        ((Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME)).detachAppender(held);
    }

    private static <T> CompletableFuture<T> async(Callable<T> call) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return call.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @FunctionalInterface
    private interface Callable<T> {
        T call() throws Exception;
    }

    @Test
    void theHandleIsAnsweredBeforeTheRecordsAndTheStatementRunsOnlyAfterThem() throws Exception {
        String table = "answered_before_records";
        HeldRecord held = holdRecordsOf(table);
        try (RestSession session = gateway.openSession(Map.of())) {
            CompletableFuture<String> create = async(() -> session.submit(
                    "CREATE TABLE " + table + " (id BIGINT) WITH ('connector' = 'datagen')", Map.of()));
            assertThat(held.entered.await(60, TimeUnit.SECONDS)).as("the statement's records reached the audit").isTrue();
            // The handle arrives while its records are held: answered before them.
            String operation = create.get(60, TimeUnit.SECONDS);
            assertThat(operation).isNotEmpty();
            assertThat(held.written).as("its records are not written yet").noneMatch(m -> m.contains(table));

            // The session's next call, sent on a connection of its own (the first one's I/O thread is the one writing the
            // records), waits for this one's records: not decided (no record of it) while they are held.
            GatewayRestClient other = new GatewayRestClient(gateway.port());
            CompletableFuture<String> next = async(() -> {
                GatewayRestClient.Response response = other.post("/sessions/" + session.handle() + "/statements",
                        Map.of("statement", "SET 'pipeline.name' = 'after-answered'"));
                assertThat(response.ok()).as(response.errors()).isTrue();
                return response.body().get("operationHandle").asText();
            });
            assertThat(gatewayWaits(session)).as("the next call waits for this one").isTrue();
            assertThat(next).isNotDone();
            assertThat(held.written).noneMatch(m -> m.contains("after-answered"));
            assertThat(CREATED).as("nothing of the statement ran before its records").doesNotContain(table);

            held.release.countDown();
            RestSession.StatementResult result = session.fetch(operation, 0, TIMEOUT, Duration.ofMillis(10));
            assertThat(result.failed()).as(String.valueOf(result.error())).isFalse();
            assertThat(CREATED).containsOnlyOnce(table);
            String nextOperation = next.get(60, TimeUnit.SECONDS);
            assertThat(session.fetch(nextOperation, 0, TIMEOUT, Duration.ofMillis(10)).failed()).isFalse();
            int created = indexOf(held.written, table);
            int after = indexOf(held.written, "after-answered");
            assertThat(created).isNotNegative();
            assertThat(after).as("the next call's records follow this one's").isGreaterThan(created);
            session.closeOperation(operation);
            session.closeOperation(nextOperation);
        } finally {
            stopHolding(held);
        }
    }

    private boolean gatewayWaits(RestSession session) throws Exception {
        InProcessGateway.awaitOperation().alias("the session's next call waits").until(
                () -> gateway.waitingCalls(session.handle()) > 0);
        return gateway.waitingCalls(session.handle()) > 0;
    }

    private static int indexOf(List<String> messages, String marker) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).contains(marker)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aRefusalFailsTheAnsweredOperationWithTheErrorOfTodaysRoute() throws Exception {
        assertSameErrorAsTodaysRoute("SET 'table.exec.state.ttl' = '24'", "ttl-too-short");
    }

    @Test
    void aTextFlinksParserRefusesFailsTheAnsweredOperationWithFlinksErrorAsTodaysRouteDoes() throws Exception {
        // UnplannedText passes it (a SHOW); the parse has the last word: Flink's own error, on the answered operation.
        assertSameErrorAsTodaysRoute("SHOW TABLESS", "SqlParserException");
    }

    /**
     * {@code statement} refused over REST, its handle answered before its decision, and the same statement on today's
     * route ({@code GuardedSqlGatewayService#executeHeldBeforeParse} without an answer: the refusal answers with an
     * operation of its own): their fetched errors read the same, stack frames and operation ids aside.
     */
    private void assertSameErrorAsTodaysRoute(String statement, String expected) throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            String answered = session.submit(statement, Map.of());
            String answeredError = session.fetch(answered, 0, TIMEOUT, Duration.ofMillis(10)).error();
            // The refusal's outcome record is in the file by the time its client reads the refusal.
            assertThat(AuditFile.forOperation(answered)).as("the outcome record of " + answered).isPresent();
            session.closeOperation(answered);

            SessionHandle handle = new SessionHandle(UUID.fromString(session.handle()));
            String today = gateway.runtime().guarded()
                    .executeHeldBeforeParse(handle, statement, 0, new Configuration()).getIdentifier().toString();
            String todayError = session.fetch(today, 0, TIMEOUT, Duration.ofMillis(10)).error();
            session.closeOperation(today);

            assertThat(answeredError).contains(expected);
            assertThat(messages(answeredError, answered)).isEqualTo(messages(todayError, today));
        }
    }

    /** The lines of a REST error that are messages: no stack frames, {@code operation}'s id replaced. */
    private static List<String> messages(String errors, String operation) {
        String text = errors.replace("\\n", "\n").replace("\\t", "\t").replace(operation, "<operation>");
        return text.lines()
                .filter(line -> !line.strip().startsWith("at ") && !line.strip().matches("\\.\\.\\. \\d+ more"))
                .toList();
    }
}
