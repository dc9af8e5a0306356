package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.rewrite.CountedFunction;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue 29 item 3 through a real gateway with one planner (as on a 2-core machine), its planning held
 * deterministically by {@link UncancellablePlanFunction} (no assertion on time): a statement that
 * waited out {@code sql-guard.explain-timeout} for a planner is refused as not planned, while the
 * statement whose own planning ran past it is the one told its planning took too long; and the
 * proofs of one session's refusal wait while another session's statement plans and is answered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlannerSharingGatewayIT {

    /** What a statement waits for a planner, then plans, in the first test: waited out there. */
    private static final long EXPLAIN_TIMEOUT_MS = 15_000;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String STUCK =
            "CREATE TEMPORARY FUNCTION stuck AS '" + UncancellablePlanFunction.class.getName() + "'";
    private static final String SMALL = "SELECT a + 1 FROM (VALUES (1)) AS t(a)";

    private GuardedGateway gateway;
    private final ExecutorService clients = Executors.newFixedThreadPool(2);

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GuardedGateway.start(Map.of(
                "sql-guard.planner.threads", "1", "sql-guard.explain-timeout", EXPLAIN_TIMEOUT_MS + " ms"));
    }

    @AfterEach
    void releaseStuckPlannings() {
        UncancellablePlanFunction.release.countDown();
        await().atMost(TIMEOUT).until(() -> UncancellablePlanFunction.planning.get() == 0);
    }

    @AfterAll
    void stopGateway() {
        clients.shutdownNow();
        gateway.close();
    }

    @Test
    void aStatementThatWaitedForABusyPlannerIsToldItWasNotPlannedAndTheSlowOnesThatTheirPlanningTookTooLong()
            throws Exception {
        UncancellablePlanFunction.release = new CountDownLatch(1);
        try (RestSession first = gateway.openSession(Map.of());
                RestSession second = gateway.openSession(Map.of());
                RestSession waiting = gateway.openSession(Map.of())) {
            assertThat(first.execute(STUCK, 0, TIMEOUT).error()).isNull();
            assertThat(second.execute(STUCK, 0, TIMEOUT).error()).isNull();
            // The pool's one planner, and the one beyond it for a session with none running.
            Future<RestSession.StatementResult> slowFirst = clients.submit(() -> first.execute("SELECT stuck(1)", 0, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> UncancellablePlanFunction.planning.get() == 1);
            Future<RestSession.StatementResult> slowSecond = clients.submit(() -> second.execute("SELECT stuck(2)", 0, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> UncancellablePlanFunction.planning.get() == 2);

            RestSession.StatementResult waited = waiting.execute(SMALL, 0, TIMEOUT);

            assertThat(waited.error()).as("refused for waiting, not for planning")
                    .contains("the guard could not analyse it (waited ")
                    .contains("(sql-guard.explain-timeout) for one of the guard's 1 planners (sql-guard.planner.threads), all"
                            + " busy with other statements; this statement was not planned")
                    .doesNotContain("planning took longer");
            JsonNode record = AuditFile.forOperation(waited.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("UNANALYSED");
            assertThat(record.path("outcome").asText()).isEqualTo("blocked");
            for (Future<RestSession.StatementResult> slow : java.util.List.of(slowFirst, slowSecond)) {
                assertThat(slow.get().error()).as("the statement that exceeded its own budget")
                        .contains("planning took longer than sql-guard.explain-timeout (" + EXPLAIN_TIMEOUT_MS + " ms)")
                        .doesNotContain("this statement was not planned");
            }
        }
    }

    /**
     * Issue 29 item 3's "fairly between users": a verified user (a trusted proxy's header) with two
     * sessions, each planning something that holds its planner, takes the pool's one planner and no
     * more; another user's small query plans on the planner beyond the pool and is answered with its
     * own verdict. Before, each session counted as a user of its own: the second session took the
     * planner beyond the pool and the other user's query waited out its time-out, refused as not planned.
     */
    @Test
    void oneUsersSecondSessionWaitsWhileAnotherUsersSmallQueryPlansAndIsAnswered() throws Exception {
        UncancellablePlanFunction.release = new CountDownLatch(1);
        try (GuardedGateway proxied = GuardedGateway.start(Map.of(
                        "sql-guard.planner.threads", "1", "sql-guard.explain-timeout", EXPLAIN_TIMEOUT_MS + " ms",
                        "sql-guard.identity.header", "X-Forwarded-User",
                        "sql-guard.identity.trusted-proxies", "127.0.0.1/32"));
                RestSession mallory1 = new GatewayRestClient(proxied.port())
                        .openSession(Map.of(), Map.of("X-Forwarded-User", "mallory"));
                RestSession mallory2 = new GatewayRestClient(proxied.port())
                        .openSession(Map.of(), Map.of("X-Forwarded-User", "mallory"));
                RestSession alice = new GatewayRestClient(proxied.port())
                        .openSession(Map.of(), Map.of("X-Forwarded-User", "alice"))) {
            assertThat(mallory1.execute(STUCK, 0, TIMEOUT).error()).isNull();
            assertThat(mallory2.execute(STUCK, 0, TIMEOUT).error()).isNull();
            Future<RestSession.StatementResult> first = clients.submit(() -> mallory1.execute("SELECT stuck(1)", 0, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> UncancellablePlanFunction.planning.get() == 1);
            Future<RestSession.StatementResult> second = clients.submit(() -> mallory2.execute("SELECT stuck(2)", 0, TIMEOUT));
            // The second session of the same user waits for a planner, or (before) plans beside the first.
            await().atMost(TIMEOUT).until(() -> proxied.runtime().guarded().waitingPlannings() == 1
                    || UncancellablePlanFunction.planning.get() == 2);

            RestSession.StatementResult small = alice.execute(SMALL, 1, TIMEOUT);

            assertThat(small.error()).as("alice's query, while mallory's two sessions plan").isNull();
            assertThat(small.rows().toString()).contains("2");
            assertThat(UncancellablePlanFunction.planning.get()).as("mallory's second session never got a planner")
                    .isEqualTo(1);
            JsonNode record = AuditFile.forOperation(small.operationHandle()).orElseThrow();
            assertThat(record.path("user").asText()).isEqualTo("alice");
            assertThat(record.path("verdict").asText()).isEqualTo("OK");
            UncancellablePlanFunction.release.countDown();
            first.get();
            second.get();
        }
    }

    @Test
    void aRefusalsProofsWaitWhileAnotherSessionsStatementPlansAndIsAnswered() throws Exception {
        UncancellablePlanFunction.release = new CountDownLatch(1);
        // A time-out out of reach: the proofs wait for the planner as long as the holder keeps it, however slow the machine.
        try (GuardedGateway patient = GuardedGateway.start(Map.of(
                        "sql-guard.planner.threads", "1", "sql-guard.explain-timeout", "10 min"));
                RestSession holder = patient.openSession(Map.of());
                RestSession refused = patient.openSession(Map.of());
                RestSession other = patient.openSession(Map.of())) {
            assertThat(holder.execute(STUCK, 0, TIMEOUT).error()).isNull();
            assertThat(refused.execute("CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time"
                    + " TIMESTAMP(3), WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' ="
                    + " 'datagen')", 0, TIMEOUT).error()).isNull();
            assertThat(refused.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'", 0,
                    TIMEOUT).error()).isNull();
            // The holder takes the pool's one planner: a proof may not take the one beyond it.
            Future<RestSession.StatementResult> held = clients.submit(() -> holder.execute("SELECT stuck(1)", 0, TIMEOUT));
            await().atMost(TIMEOUT).until(() -> UncancellablePlanFunction.planning.get() == 1);
            CountedFunction.evals.set(0);
            Future<RestSession.StatementResult> topN = clients.submit(() -> refused.execute(
                    "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount"
                            + " DESC) AS rn FROM orders WHERE user_id <> counted('k')) t WHERE rn <= 3", 0, TIMEOUT));
            // The Top-N's own planning ran (beside the holder's); its proofs are next, and wait for a planner.
            await().atMost(TIMEOUT).until(() -> CountedFunction.evals.get() >= 1);

            // Planned as a statement and answered without a job.
            RestSession.StatementResult small = other.execute("EXPLAIN " + SMALL, 1, TIMEOUT);

            assertThat(small.error()).as("another session's statement goes before the proofs").isNull();
            assertThat(small.rows().toString()).contains("== Optimized Execution Plan ==");
            assertThat(topN.isDone()).as("the refusal still waits for its proofs").isFalse();
            assertThat(CountedFunction.evals.get()).as("no proof planned yet").isEqualTo(1);

            UncancellablePlanFunction.release.countDown();
            RestSession.StatementResult answer = topN.get();
            assertThat(answer.error()).contains("BLOCK unbounded-rank");
            JsonNode record = AuditFile.forOperation(answer.operationHandle()).orElseThrow();
            int planned = 0;
            for (JsonNode count : record.path("rewriteCounts")) {
                planned += count.path("planned").asInt();
            }
            assertThat(planned).as("proofs planned once the planner was free").isPositive();
            assertThat(CountedFunction.evals.get()).isEqualTo(1 + planned);
            held.get();
        }
    }
}
