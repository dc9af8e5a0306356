package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Which statements the REST endpoint may answer on its I/O thread: only those the guard decides
 * without planning anything. A statement that makes the guard plan (its own query, a query inside
 * it, or the END that decides a statement set) must not be, or it holds the I/O thread while it
 * plans. The REST endpoint parses a statement once, and the call decides on that parse.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DecidesWithoutPlanningTest {

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() throws Exception {
        gateway.close();
    }

    private boolean decidedWithoutPlanning(String statement) {
        return StatementPipeline.decidesWithoutPlanning(gateway.service().parse(statement).statement());
    }

    @Test
    void configurationDdlAndMetadataStatementsAreDecidedWithoutPlanning() {
        assertThat(decidedWithoutPlanning("SET 'table.exec.state.ttl' = '1 h'")).isTrue();
        assertThat(decidedWithoutPlanning("RESET 'pipeline.name'")).isTrue();
        // Read by Flink's extended parser, which Flink asks before its SQL parser: no session needed.
        assertThat(decidedWithoutPlanning("SET table.exec.state.ttl = 24")).isTrue();
        assertThat(decidedWithoutPlanning("reset pipeline.name;")).isTrue();
        assertThat(decidedWithoutPlanning("CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen')")).isTrue();
        assertThat(decidedWithoutPlanning("SHOW TABLES")).isTrue();
        assertThat(decidedWithoutPlanning("BEGIN STATEMENT SET")).isTrue();
    }

    @Test
    void statementsThatMakeTheGuardPlanAreNot() {
        assertThat(decidedWithoutPlanning("SELECT 1")).isFalse();
        assertThat(decidedWithoutPlanning("INSERT INTO s SELECT * FROM t")).isFalse();
        assertThat(decidedWithoutPlanning("CREATE TABLE s AS SELECT * FROM t")).isFalse();
        assertThat(decidedWithoutPlanning("EXPLAIN SELECT 1")).isFalse();
        assertThat(decidedWithoutPlanning("COMPILE PLAN '/tmp/p.json' FOR INSERT INTO s SELECT * FROM t")).isFalse();
        assertThat(decidedWithoutPlanning("END")).isFalse();
        assertThat(decidedWithoutPlanning("THIS IS NOT SQL")).isFalse();
    }

    @Test
    void aStatementParsedBeforeItsCallIsDecidedOnThatParse() {
        GuardedSqlGatewayService service = gateway.service();
        SessionHandle session = gateway.openSession(Map.of());
        try {
            // Decided on the parse handed in ('24' is 24 ms: refused).
            KeptParse bare = service.parse("SET 'table.exec.state.ttl' = '24'");
            OperationHandle refused = service.execute(session, bare, 0, new Configuration());
            awaitEnd(session, refused);
            assertThat(service.getOperationInfo(session, refused).getStatus()).isEqualTo(OperationStatus.ERROR);
            assertThat(service.getSessionConfig(session)).doesNotContainEntry("table.exec.state.ttl", "24");

            KeptParse withUnit = service.parse("SET 'table.exec.state.ttl' = '2 h'");
            OperationHandle set = service.execute(session, withUnit, 0, new Configuration());
            awaitEnd(session, set);
            assertThat(service.getOperationInfo(session, set).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(service.getSessionConfig(session)).containsEntry("table.exec.state.ttl", "2 h");
        } finally {
            service.closeSession(session);
        }
    }

    private void awaitEnd(SessionHandle session, OperationHandle operation) {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> gateway.service().getOperationInfo(session, operation).getStatus().isTerminalStatus());
    }
}
