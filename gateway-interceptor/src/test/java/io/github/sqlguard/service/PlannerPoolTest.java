package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.AuditCapture;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterEach;
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
 * The planner pool is bounded ({@code sql-guard.planner.threads}, and one more for a session with
 * no planning running): ten statements whose planning runs past {@code sql-guard.explain-timeout}
 * and cannot be cancelled hold at most that many planner threads, never more; while every planner is held so, a statement is refused at once with
 * a clear error and a record; and once those plannings end, the pool plans again.
 */
class PlannerPoolTest {

    private static final int THREADS = 2;
    private static final int STUCK = 10;

    private final AuditCapture audit = AuditCapture.start();
    private final ExecutorService clients = Executors.newFixedThreadPool(STUCK);

    @AfterEach
    void release() {
        UncancellablePlanFunction.release.countDown();
        clients.shutdownNow();
        audit.close();
    }

    @Test
    void tenStuckPlanningsHoldNoMoreThanThePoolAndThePoolRecovers() throws Exception {
        UncancellablePlanFunction.release = new CountDownLatch(1);
        UncancellablePlanFunction.mostAtOnce.set(0);
        try (InProcessGateway gateway = InProcessGateway.start(
                Map.of("sql-guard.planner.threads", String.valueOf(THREADS), "sql-guard.explain-timeout", "2 s"),
                new AuditLog())) {
            GuardedSqlGatewayService service = gateway.service();
            List<Future<OperationHandle>> stuck = new ArrayList<>();
            List<SessionHandle> sessions = new ArrayList<>();
            for (int i = 0; i < STUCK; i++) {
                SessionHandle session = gateway.openSession(Map.of());
                sessions.add(session);
                gateway.runToEnd(session, "CREATE TEMPORARY FUNCTION stuck AS '" + UncancellablePlanFunction.class.getName() + "'");
                stuck.add(clients.submit(() -> service.executeStatement(session, "SELECT stuck(1)", 0, new Configuration())));
            }
            for (int i = 0; i < STUCK; i++) {
                OperationHandle handle = stuck.get(i).get();
                assertRefused(gateway, sessions.get(i), handle, "could not analyse");
            }
            // The pool, and one more for a session with none running.
            assertThat(UncancellablePlanFunction.mostAtOnce.get()).as("plannings at once").isLessThanOrEqualTo(THREADS + 1);
            assertThat(gateway.pipeline().abandonedPlannings()).isEqualTo(THREADS + 1);

            // Every planner is held: refused at once, with a record, without planning.
            SessionHandle other = gateway.openSession(Map.of());
            OperationHandle busy = gateway.runToEnd(other, "SELECT 1");
            assertRefused(gateway, other, busy, "sql-guard.planner.threads");
            assertThat(audit.recordsOf(busy)).singleElement().satisfies(r -> {
                assertThat(r.path("verdict").asText()).isEqualTo("UNANALYSED");
                assertThat(r.path("outcome").asText()).isEqualTo("blocked");
            });

            // The stuck plannings end: the pool plans again.
            UncancellablePlanFunction.release.countDown();
            await().atMost(Duration.ofMinutes(2)).until(() -> gateway.pipeline().abandonedPlannings() == 0);
            // (Polled: the first planning after the stuck ones may itself run past the short time-out on a busy machine.)
            OperationHandle[] planned = new OperationHandle[1];
            await().atMost(Duration.ofMinutes(2)).until(() -> {
                planned[0] = gateway.runToEnd(other, "SELECT 1");
                return service.getOperationInfo(other, planned[0]).getStatus() == OperationStatus.FINISHED;
            });
            JsonNode record = audit.recordsOf(planned[0]).get(0);
            assertThat(record.path("verdict").asText()).isEqualTo("OK");
        }
    }

    private static void assertRefused(InProcessGateway gateway, SessionHandle session, OperationHandle handle, String why) {
        await().atMost(Duration.ofMinutes(1))
                .until(() -> gateway.service().getOperationInfo(session, handle).getStatus().isTerminalStatus());
        assertThat(gateway.service().getOperationInfo(session, handle).getStatus()).isEqualTo(OperationStatus.ERROR);
        assertThat(gateway.service().getOperationInfo(session, handle).getException().orElseThrow())
                .rootCause().hasMessageContaining(why);
    }
}
