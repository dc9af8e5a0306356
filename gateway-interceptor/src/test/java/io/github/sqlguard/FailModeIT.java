package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.Map;

/**
 * {@code sql-guard.fail-mode}: when the guard cannot decide (here: EXPLAIN cannot finish within a
 * 1 ms {@code sql-guard.explain-timeout}), closed refuses the statement and open lets it run,
 * audited as UNANALYSED. Also the audit's statement cap.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FailModeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private GuardedGateway closed;
    private GuardedGateway open;

    @BeforeAll
    void startGateways() throws Exception {
        closed = GuardedGateway.start(Map.of(
                "sql-guard.explain-timeout", "1 ms",
                "sql-guard.fail-mode", "closed",
                "sql-guard.audit.max-statement-length", "100"));
        open = GuardedGateway.start(Map.of("sql-guard.explain-timeout", "1 ms", "sql-guard.fail-mode", "open"));
    }

    @AfterAll
    void stopGateways() {
        closed.close();
        open.close();
    }

    @Test
    void closedRefusesWhatTheGuardCannotAnalyse() throws Exception {
        try (RestSession session = closed.openSession(Map.of())) {
            session.execute(HardeningIT.ORDERS, 0, TIMEOUT);
            RestSession.StatementResult result = session.execute(HardeningIT.TOP_N, 1, TIMEOUT);
            assertThat(result.error())
                    .contains("could not analyse")
                    .contains("sql-guard.explain-timeout")
                    .contains("'closed'");
            JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("UNANALYSED");
            assertThat(record.path("outcome").asText()).isEqualTo("blocked");
            assertThat(record.path("statementTruncated").asBoolean()).isTrue();
            assertThat(record.path("statement").asText()).hasSize(100);
        }
    }

    @Test
    void openRunsWhatTheGuardCannotAnalyseAndAuditsIt() throws Exception {
        try (RestSession session = open.openSession(Map.of())) {
            session.execute(HardeningIT.ORDERS, 0, TIMEOUT);
            String operation = session.submitAndClose(HardeningIT.TOP_N, TIMEOUT);
            JsonNode record = AuditFile.forOperation(operation).orElseThrow();
            assertThat(record.path("verdict").asText()).isEqualTo("UNANALYSED");
            assertThat(record.path("outcome").asText()).isEqualTo("unanalysed-submitted");
            assertThat(record.path("error").asText()).contains("sql-guard.explain-timeout");
        }
    }

    @Test
    void aRejectionFoundWithoutThePlannerIsStillABlockInOpenMode() throws Exception {
        try (RestSession session = open.openSession(Map.of())) {
            assertThat(session.execute("SET 'table.exec.state.ttl' = '24'", 0, TIMEOUT).error()).contains("ttl-too-short");
            // An ordinary Flink rejection is Flink's own error, as from a stock gateway; the audit names it.
            RestSession.StatementResult typo = session.execute("SELEC 1", 0, TIMEOUT);
            assertThat(typo.error()).contains("SqlParserException").doesNotContain("[sql-guard]");
            JsonNode record = AuditFile.forOperation(typo.operationHandle()).orElseThrow();
            assertThat(record.path("outcome").asText()).isEqualTo("rejected-by-flink");
            assertThat(record.path("findings").get(0).path("id").asText()).isEqualTo("planner-error");
        }
    }
}
