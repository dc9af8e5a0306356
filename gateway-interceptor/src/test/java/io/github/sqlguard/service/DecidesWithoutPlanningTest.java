package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Which statements the REST endpoint may answer on its I/O thread: only those the guard decides
 * without planning anything. A statement that makes the guard plan (its own query, a query inside
 * it, or the END that decides a statement set) must not be, or it holds the I/O thread while it
 * plans.
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

    @Test
    void configurationDdlAndMetadataStatementsAreDecidedWithoutPlanning() {
        StatementPipeline pipeline = gateway.pipeline();
        assertThat(pipeline.decidesWithoutPlanning("SET 'table.exec.state.ttl' = '1 h'")).isTrue();
        assertThat(pipeline.decidesWithoutPlanning("RESET 'pipeline.name'")).isTrue();
        // Read by Flink's extended parser, which Flink asks before its SQL parser: no session needed.
        assertThat(pipeline.decidesWithoutPlanning("SET table.exec.state.ttl = 24")).isTrue();
        assertThat(pipeline.decidesWithoutPlanning("reset pipeline.name;")).isTrue();
        assertThat(pipeline.decidesWithoutPlanning(
                "CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen')")).isTrue();
        assertThat(pipeline.decidesWithoutPlanning("SHOW TABLES")).isTrue();
        assertThat(pipeline.decidesWithoutPlanning("BEGIN STATEMENT SET")).isTrue();
    }

    @Test
    void statementsThatMakeTheGuardPlanAreNot() {
        StatementPipeline pipeline = gateway.pipeline();
        assertThat(pipeline.decidesWithoutPlanning("SELECT 1")).isFalse();
        assertThat(pipeline.decidesWithoutPlanning("INSERT INTO s SELECT * FROM t")).isFalse();
        assertThat(pipeline.decidesWithoutPlanning("CREATE TABLE s AS SELECT * FROM t")).isFalse();
        assertThat(pipeline.decidesWithoutPlanning("EXPLAIN SELECT 1")).isFalse();
        assertThat(pipeline.decidesWithoutPlanning("COMPILE PLAN '/tmp/p.json' FOR INSERT INTO s SELECT * FROM t"))
                .isFalse();
        assertThat(pipeline.decidesWithoutPlanning("END")).isFalse();
        assertThat(pipeline.decidesWithoutPlanning("THIS IS NOT SQL")).isFalse();
    }

    @Test
    void theParseKeptForTheNextDecisionIsUsedOnlyForTheSameText() {
        StatementPipeline pipeline = gateway.pipeline();
        SessionHandle session = gateway.openSession(Map.of());
        try {
            // Kept for another text: the statement decided is parsed anew ('24' is 24 ms: refused).
            assertThat(pipeline.decidesWithoutPlanning("SET 'table.exec.state.ttl' = '1 h'")).isTrue();
            OperationHandle refused = gateway.runToEnd(session, "SET 'table.exec.state.ttl' = '24'");
            assertThat(gateway.service().getOperationInfo(session, refused).getStatus())
                    .isEqualTo(OperationStatus.ERROR);
            assertThat(gateway.service().getSessionConfig(session)).doesNotContainEntry("table.exec.state.ttl", "24");

            // Kept for the same text: decided on it, and it takes effect.
            assertThat(pipeline.decidesWithoutPlanning("SET 'table.exec.state.ttl' = '2 h'")).isTrue();
            OperationHandle set = gateway.runToEnd(session, "SET 'table.exec.state.ttl' = '2 h'");
            assertThat(gateway.service().getOperationInfo(session, set).getStatus())
                    .isEqualTo(OperationStatus.FINISHED);
            assertThat(gateway.service().getSessionConfig(session)).containsEntry("table.exec.state.ttl", "2 h");

            // Used once: the next statement of that text is parsed anew and decided the same way.
            OperationHandle again = gateway.runToEnd(session, "SET 'table.exec.state.ttl' = '2 h'");
            assertThat(gateway.service().getOperationInfo(session, again).getStatus())
                    .isEqualTo(OperationStatus.FINISHED);
        } finally {
            gateway.service().closeSession(session);
        }
    }
}
