package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.AuditCapture;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

/**
 * {@code sql-guard.max-statement-bytes}: a statement larger than the limit (its UTF-8 size) is
 * refused with a clear error and a record before anything parses it, through executeStatement and
 * configureSession, whatever the fail mode; one within the limit is decided as ever.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatementSizeLimitTest {

    private AuditCapture audit;
    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        audit = AuditCapture.start();
        gateway = InProcessGateway.start(
                Map.of("sql-guard.max-statement-bytes", "1 kb", "sql-guard.fail-mode", "open"), new AuditLog());
    }

    @AfterAll
    void stop() {
        gateway.close();
        audit.close();
    }

    @Test
    void aStatementOverTheLimitIsRefusedWithARecordBeforeItIsParsed() {
        SessionHandle session = gateway.openSession(Map.of());
        // 1,026 bytes in 520 characters: 'é' is two bytes in UTF-8.
        String large = "SELECT '" + "é".repeat(506) + "' AS a";
        assertThat(large.length()).isLessThan(1024);
        OperationHandle refused = gateway.runToEnd(session, large);
        assertThat(gateway.service().getOperationInfo(session, refused).getStatus()).isEqualTo(OperationStatus.ERROR);
        assertThat(gateway.service().getOperationInfo(session, refused).getException().orElseThrow())
                .rootCause()
                .hasMessageContaining("sql-guard.max-statement-bytes")
                .hasMessageContaining("1026 bytes");
        assertThat(audit.recordsOf(refused)).singleElement().satisfies(r -> {
            assertThat(r.path("kind").asText()).isEqualTo("UNREAD");
            assertThat(r.path("verdict").asText()).isEqualTo("UNANALYSED");
            assertThat(r.path("outcome").asText()).isEqualTo("refused");
            assertThat(r.path("statementSha256").asText()).hasSize(64);
        });

        assertThatThrownBy(() -> gateway.service().configureSession(session, "SET 'pipeline.name' = '" + "x".repeat(1024)
                + "'", 0))
                .isInstanceOf(SqlGatewayException.class)
                .hasMessageContaining("sql-guard.max-statement-bytes");
        assertThat(gateway.service().getSessionConfig(session)).doesNotContainKey("pipeline.name");

        OperationHandle small = gateway.runToEnd(session, "SELECT 'within the limit' AS a");
        assertThat(gateway.service().getOperationInfo(session, small).getStatus()).isEqualTo(OperationStatus.FINISHED);
    }
}
