package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.FailingAppender;
import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * The audit record comes first: when the {@code sql-guard.audit} logger's appender fails, {@code
 * sql-guard.audit.fail-mode: closed} (the default) refuses the statement with a clear error and
 * nothing runs; {@code open} runs it. The appender is a real Logback appender attached to the
 * audit logger that throws from {@code doAppend}, as a full disk or a dead network appender would.
 */
class AuditFailModeTest {

    private final FailingAppender appender = new FailingAppender();
    private Logger audit;
    private Level level;

    @BeforeEach
    void attachFailingAppender() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        // The audit logs at INFO whatever this JVM's logging configuration says of other loggers.
        level = audit.getLevel();
        audit.setLevel(Level.INFO);
        appender.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        appender.failing = false; // the session opens with a working audit; each test then breaks it
        audit.addAppender(appender);
    }

    @AfterEach
    void detach() {
        audit.detachAppender(appender);
        audit.setLevel(level);
    }

    @Test
    void closedRefusesAStatementWhoseRecordCannotBeWritten() {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            appender.failing = true;
            OperationHandle handle = gateway.runToEnd(session, "SET 'pipeline.name' = 'audited-only'");

            assertThat(gateway.service().getOperationInfo(session, handle).getStatus()).isEqualTo(OperationStatus.ERROR);
            assertThat(gateway.service().getOperationInfo(session, handle).getException().orElseThrow())
                    .rootCause()
                    .hasMessageContaining("audit record could not be written")
                    .hasMessageContaining("sql-guard.audit.fail-mode");
            assertThat(gateway.service().getSessionConfig(session)).doesNotContainKey("pipeline.name");
        }
    }

    @Test
    void openRunsTheStatementAnyway() {
        try (InProcessGateway gateway =
                InProcessGateway.start(Map.of("sql-guard.audit.fail-mode", "open"), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            appender.failing = true;
            OperationHandle handle = gateway.runToEnd(session, "SET 'pipeline.name' = 'ran-unaudited'");

            assertThat(gateway.service().getOperationInfo(session, handle).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(gateway.service().getSessionConfig(session)).containsEntry("pipeline.name", "ran-unaudited");
        }
    }
}
