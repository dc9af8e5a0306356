package io.github.sqlguard.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The check-then-run race of issue 21: while a statement of a session is being planned, another
 * call of the same session ({@code configureSession}) changes what the statement reads. What runs
 * must be what was judged: the call waits for the statement to be decided and handed on (the
 * session's order), and the statement runs as the operation the guard planned, not as its text
 * planned again by Flink. Planning is held deterministically by {@link SlowToPlanFunction}, whose
 * type inference waits for the test.
 */
class CheckThenRunIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String ORDERS =
            "CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '20', 'fields.user_id.length' = '1')";
    private static final String SLOW_TO_PLAN =
            "CREATE TEMPORARY FUNCTION slow_to_plan AS '" + SlowToPlanFunction.class.getName() + "'";
    private static final String TOP_N_VIEW =
            "CREATE TEMPORARY VIEW v AS SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY"
                    + " user_id ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3";

    private final ExecutorService clients = Executors.newFixedThreadPool(2);
    private GuardedGateway gateway;
    private GatewayRestClient rest;

    @BeforeEach
    void holdPlanning() throws Exception {
        gateway = GuardedGateway.shared();
        rest = new GatewayRestClient(gateway.port());
        SlowToPlanFunction.release = new CountDownLatch(1);
    }

    @AfterEach
    void releasePlanning() {
        SlowToPlanFunction.release.countDown();
        clients.shutdownNow();
    }

    @Test
    void aViewSwappedThroughConfigureSessionWhileAQueryPlansDoesNotChangeWhatRuns() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            for (String setup : List.of(ORDERS, SLOW_TO_PLAN,
                    "CREATE TEMPORARY VIEW v AS SELECT order_id, user_id, amount, CAST(0 AS BIGINT) AS rn FROM orders")) {
                assertThat(session.execute(setup, 0, TIMEOUT).error()).as(setup).isNull();
            }
            Future<RestSession.StatementResult> query = clients.submit(() -> session.execute(
                    "SELECT order_id, user_id, amount, rn FROM v WHERE slow_to_plan(1) = 1", 40, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> SlowToPlanFunction.planning.get() >= 1);

            Future<GatewayRestClient.Response> drop = configure(session, "DROP TEMPORARY VIEW v");
            await().atMost(TIMEOUT).until(() -> drop.isDone() || gateway.waitingCalls(session.handle()) >= 1);
            SlowToPlanFunction.release.countDown();
            assertThat(drop.get().ok()).as(drop.get().errors()).isTrue();
            assertThat(configure(session, TOP_N_VIEW).get().ok()).isTrue();

            RestSession.StatementResult result = query.get();
            assertThat(result.error()).isNull();
            assertThat(result.rows()).isNotEmpty();
            // The view as judged: every row an insertion with rn 0; the Top-N view would give rn 1-3
            // and UPDATE_BEFORE/UPDATE_AFTER rows.
            assertThat(result.rows()).allSatisfy(row -> {
                assertThat(row.path("kind").asText()).isEqualTo("INSERT");
                assertThat(row.path("fields").get(3).asLong()).isZero();
            });
            JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("OK");
            assertThat(record.path("execution").asText()).isEqualTo("judged-operation");
        }
    }

    @Test
    void aSwitchToStreamingThroughConfigureSessionWhileABatchQueryPlansDoesNotChangeHowItRuns() throws Exception {
        try (RestSession session = gateway.openSession(Map.of("execution.runtime-mode", "batch"))) {
            for (String setup : List.of(
                    "CREATE TEMPORARY TABLE bounded_orders (order_id STRING, user_id STRING, amount DOUBLE) WITH"
                            + " ('connector' = 'datagen', 'number-of-rows' = '300', 'fields.user_id.length' = '1')",
                    SLOW_TO_PLAN)) {
                assertThat(session.execute(setup, 0, TIMEOUT).error()).as(setup).isNull();
            }
            // A Top-N is no state trap in batch: allowed. In streaming this one has no TTL (unbounded-rank).
            Future<RestSession.StatementResult> query = clients.submit(() -> session.execute(
                    "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY"
                            + " amount DESC) AS rn FROM bounded_orders WHERE slow_to_plan(1) = 1) WHERE rn <= 3",
                    0, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> SlowToPlanFunction.planning.get() >= 1);

            Future<GatewayRestClient.Response> streaming =
                    configure(session, "SET 'execution.runtime-mode' = 'streaming'");
            await().atMost(TIMEOUT).until(() -> streaming.isDone() || gateway.waitingCalls(session.handle()) >= 1);
            SlowToPlanFunction.release.countDown();
            assertThat(streaming.get().ok()).as(streaming.get().errors()).isTrue();

            RestSession.StatementResult result = query.get();
            assertThat(result.error()).isNull();
            assertThat(result.rows()).isNotEmpty();
            // Run as judged, in batch: the final Top-3 rows only, no retractions of a streaming Rank.
            assertThat(result.rows()).extracting(row -> row.path("kind").asText()).containsOnly("INSERT");
            JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("OK");
            assertThat(record.path("execution").asText()).isEqualTo("judged-operation");
        }
    }

    private Future<GatewayRestClient.Response> configure(RestSession session, String statement) {
        return clients.submit(() -> rest.post(
                "/sessions/" + session.handle() + "/configure-session", Map.of("statement", statement)));
    }
}
