package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import ch.qos.logback.core.status.Status;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
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

    @BeforeEach
    void attachFailingAppender() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        appender.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        appender.start();
        audit.addAppender(appender);
    }

    @AfterEach
    void detach() {
        audit.detachAppender(appender);
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

    /** An appender that throws from {@code doAppend} while {@link #failing}; Logback propagates it. */
    private static final class FailingAppender implements Appender<ILoggingEvent> {
        volatile boolean failing;
        private Context context;
        private boolean started;

        @Override
        public void doAppend(ILoggingEvent event) {
            if (failing) {
                throw new IllegalStateException("disk full (test appender)");
            }
        }

        @Override
        public String getName() {
            return "failing";
        }

        @Override
        public void setName(String name) {}

        @Override
        public void setContext(Context context) {
            this.context = context;
        }

        @Override
        public Context getContext() {
            return context;
        }

        @Override
        public void addStatus(Status status) {}

        @Override
        public void addInfo(String msg) {}

        @Override
        public void addInfo(String msg, Throwable ex) {}

        @Override
        public void addWarn(String msg) {}

        @Override
        public void addWarn(String msg, Throwable ex) {}

        @Override
        public void addError(String msg) {}

        @Override
        public void addError(String msg, Throwable ex) {}

        @Override
        public void addFilter(Filter<ILoggingEvent> newFilter) {}

        @Override
        public void clearAllFilters() {}

        @Override
        public List<Filter<ILoggingEvent>> getCopyOfAttachedFiltersList() {
            return List.of();
        }

        @Override
        public FilterReply getFilterChainDecision(ILoggingEvent event) {
            return FilterReply.NEUTRAL;
        }

        @Override
        public void start() {
            started = true;
        }

        @Override
        public void stop() {
            started = false;
        }

        @Override
        public boolean isStarted() {
            return started;
        }
    }
}
