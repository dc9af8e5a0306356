package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.InProcessGateway;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * A statement the guard refuses is logged once at WARN by the guard, naming its operation and the rules that refused
 * it (Flink's ERROR lines of the operation's failure name none: docs/operations/hardening.md), on either route: the
 * statement parsed first, and the one whose operation is held before its parse.
 */
class RefusalLogLineTest {

    @Test
    void aRefusalIsOneWarnLineNamingTheOperationAndTheRules() {
        Logger logger = (Logger) LoggerFactory.getLogger(StatementCalls.class);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        logger.addAppender(lines);
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            String statement = "SET 'table.exec.state.ttl' = '24'";
            OperationHandle own = gateway.service().execute(session, gateway.service().parse(statement), 0, new Configuration());
            OperationHandle held = gateway.service().executeHeldBeforeParse(session, statement, 0, new Configuration());

            List<String> warnings = lines.list.stream()
                    .filter(e -> e.getLevel() == Level.WARN)
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
            assertThat(warnings).containsExactly(
                    "sql-guard refused operation " + own + " of session " + session + ": rules ttl-too-short.",
                    "sql-guard refused operation " + held + " of session " + session + ": rules ttl-too-short.");
        } finally {
            logger.detachAppender(lines);
        }
    }
}
