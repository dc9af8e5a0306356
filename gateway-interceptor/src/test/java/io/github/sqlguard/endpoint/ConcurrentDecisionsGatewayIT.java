package io.github.sqlguard.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The guard plans a statement before it answers {@code executeStatement}; that must not hold the
 * REST server's I/O threads ({@code rest.server.numThreads}, 4 by default), or one slow plan stalls
 * every other session's requests.
 */
class ConcurrentDecisionsGatewayIT {

    private static final int SLOW_SESSIONS = 12;

    @Test
    void aStatementSlowToPlanHoldsNeitherOtherSessionsNorTheRestServersThreads() throws Exception {
        // As many planner threads as slow statements: all of them plan at once.
        GuardedGateway gateway = GuardedGateway.start(Map.of("sql-guard.planner.threads", String.valueOf(SLOW_SESSIONS)));
        SlowToPlanFunction.release = new CountDownLatch(1);
        ExecutorService clients = Executors.newFixedThreadPool(SLOW_SESSIONS);
        List<RestSession> sessions = new ArrayList<>();
        try {
            List<Future<RestSession.StatementResult>> slow = new ArrayList<>();
            for (int i = 0; i < SLOW_SESSIONS; i++) {
                RestSession session = gateway.openSession(Map.of());
                sessions.add(session);
                assertThat(session.execute("CREATE TEMPORARY FUNCTION slow_to_plan AS '"
                        + SlowToPlanFunction.class.getName() + "'", 0, Duration.ofSeconds(60)).failed()).isFalse();
                slow.add(clients.submit(() -> session.execute("EXPLAIN SELECT slow_to_plan(1)", 1, Duration.ofMinutes(3))));
            }
            // More statements in planning at once than the REST server has I/O threads: each is
            // decided on a thread of its own, not on the thread that read its request.
            await().atMost(Duration.ofSeconds(60)).until(() -> SlowToPlanFunction.planning.get() >= SLOW_SESSIONS);

            try (RestSession other = gateway.openSession(Map.of())) {
                RestSession.StatementResult set = other.execute("SET 'pipeline.name' = 'not held up'", 0, Duration.ofSeconds(60));
                assertThat(set.failed()).isFalse();
                assertThat(SlowToPlanFunction.planning.get()).as("the slow plans were still waiting").isEqualTo(SLOW_SESSIONS);
            }

            SlowToPlanFunction.release.countDown();
            for (Future<RestSession.StatementResult> result : slow) {
                assertThat(result.get().failed()).isFalse();
                assertThat(result.get().rows().toString()).contains("slow_to_plan");
            }
        } finally {
            SlowToPlanFunction.release.countDown();
            clients.shutdownNow();
            for (RestSession session : sessions) {
                session.close();
            }
            gateway.close();
        }
    }

    /**
     * One planner (as on a 2-core gateway): session A plans something that takes long, session B's
     * small query still plans and runs at once (the planner beyond the pool for a session with none
     * running), instead of waiting in a queue behind A and being refused for A's time.
     */
    @Test
    void anotherSessionsSmallQueryPlansWhileOneSessionHoldsThePlanner() throws Exception {
        GuardedGateway gateway = GuardedGateway.start(Map.of("sql-guard.planner.threads", "1"));
        SlowToPlanFunction.release = new CountDownLatch(1);
        ExecutorService clients = Executors.newSingleThreadExecutor();
        try (RestSession huge = gateway.openSession(Map.of()); RestSession small = gateway.openSession(Map.of())) {
            assertThat(huge.execute("CREATE TEMPORARY FUNCTION slow_to_plan AS '"
                    + SlowToPlanFunction.class.getName() + "'", 0, Duration.ofSeconds(60)).failed()).isFalse();
            Future<RestSession.StatementResult> held =
                    clients.submit(() -> huge.execute("EXPLAIN SELECT slow_to_plan(1)", 1, Duration.ofMinutes(3)));
            await().atMost(Duration.ofSeconds(60)).until(() -> SlowToPlanFunction.planning.get() >= 1);

            RestSession.StatementResult result =
                    small.execute("SELECT a + 1 FROM (VALUES (1)) AS t(a)", 1, Duration.ofSeconds(60));

            assertThat(result.failed()).as("refused: %s", result.error()).isFalse();
            assertThat(result.rows().toString()).contains("2");
            assertThat(SlowToPlanFunction.planning.get()).as("A's planning was still holding the planner").isEqualTo(1);
            SlowToPlanFunction.release.countDown();
            assertThat(held.get().failed()).isFalse();
        } finally {
            SlowToPlanFunction.release.countDown();
            clients.shutdownNow();
            gateway.close();
        }
    }
}
