package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * A {@code SET} the guard refuses is not applied, and the findings of the session's later statements
 * that name its key say so ({@link RefusedSets}). Before, the finding of a GROUP BY after a refused
 * {@code SET 'table.exec.state.ttl' = '24'} read "the state TTL is 0 (Flink's compiled plan)" alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RefusedSetsTest {

    private static final String TABLE =
            "CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen')";
    private static final String GROUP_BY = "SELECT user_id, COUNT(url) AS n FROM clicks GROUP BY user_id";
    private static final String SINK =
            "CREATE TABLE counts (user_id STRING, n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole')";
    private static final String INSERT = "INSERT INTO counts " + GROUP_BY;
    private static final String NOTE = "The SET 'table.exec.state.ttl' = '24' earlier in this session was refused"
            + " (ttl-too-short), so the session's state TTL is still 0 (state never expires).";

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    @Test
    void aLaterFindingOnTheStateTtlSaysTheSetOfItWasRefused() {
        SessionHandle session = gateway.openSession(Map.of());
        assertThat(decide(session, "SET 'table.exec.state.ttl' = '24'").stream().map(Finding::ruleId))
                .contains("ttl-too-short");
        gateway.runToEnd(session, TABLE);
        assertThat(reasons(session, GROUP_BY))
                .anyMatch(r -> r.contains("The SET 'table.exec.state.ttl' = '24' earlier in this session was refused"
                        + " (ttl-too-short), so the session's state TTL is still 0 (state never expires)."));
    }

    /** Every route decides in {@code Decider#analysed}: an EXPLAIN's findings say it too. */
    @Test
    void anExplainSaysTheSetWasRefused() {
        SessionHandle session = refusedThenTables();
        assertThat(reasons(session, "EXPLAIN " + GROUP_BY)).anyMatch(r -> r.contains(NOTE));
    }

    @Test
    void aStatementSetSaysTheSetWasRefusedAtItsEnd() {
        SessionHandle session = refusedThenTables();
        decide(session, "BEGIN STATEMENT SET");
        decide(session, INSERT);
        assertThat(reasons(session, "END")).anyMatch(r -> r.contains(NOTE));
    }

    @Test
    void anExecuteStatementSetSaysTheSetWasRefused() {
        SessionHandle session = refusedThenTables();
        assertThat(reasons(session, "EXECUTE STATEMENT SET BEGIN " + INSERT + "; END"))
                .anyMatch(r -> r.contains(NOTE));
    }

    /**
     * A {@code SET} given at {@code configureSession} that the guard refuses is not applied either; before,
     * only one given to {@code executeStatement} was remembered.
     */
    @Test
    void aSetRefusedAtConfigureSessionIsRemembered() {
        SessionHandle session = gateway.openSession(Map.of());
        assertThatThrownBy(() -> gateway.service().configureSession(session, "SET 'table.exec.state.ttl' = '24'", 0))
                .hasMessageContaining("ttl-too-short");
        gateway.runToEnd(session, TABLE);
        assertThat(reasons(session, GROUP_BY)).anyMatch(r -> r.contains(NOTE));
    }

    private SessionHandle refusedThenTables() {
        SessionHandle session = gateway.openSession(Map.of());
        assertThat(decide(session, "SET 'table.exec.state.ttl' = '24'").stream().map(Finding::ruleId))
                .contains("ttl-too-short");
        gateway.runToEnd(session, TABLE);
        gateway.runToEnd(session, SINK);
        return session;
    }

    @Test
    void aSetLetThroughOrAResetForgetsTheRefusal() {
        SessionHandle session = gateway.openSession(Map.of());
        decide(session, "SET 'table.exec.state.ttl' = '24'");
        gateway.runToEnd(session, TABLE);
        gateway.runToEnd(session, "RESET 'table.exec.state.ttl'");
        assertThat(reasons(session, GROUP_BY)).isNotEmpty().noneMatch(r -> r.contains("was refused"));
    }

    /**
     * In {@code report} mode a {@code SET} with a BLOCK finding is handed on (audited {@code would-block})
     * and applies: nothing was refused, so a later finding must not say it was.
     */
    @Test
    void aSetHandedOnInReportModeIsNotCalledRefused() {
        InProcessGateway reporting = InProcessGateway.start(Map.of("sql-guard.mode", "report"), new AuditLog());
        try {
            SessionHandle session = reporting.openSession(Map.of());
            assertThat(decide(reporting, session, "SET 'table.exec.state.ttl' = '24'").stream().map(Finding::ruleId))
                    .contains("ttl-too-short");
            reporting.runToEnd(session, TABLE);
            assertThat(decide(reporting, session, GROUP_BY).stream().map(Finding::reason))
                    .noneMatch(r -> r.contains("was refused"));
        } finally {
            reporting.close();
        }
    }

    @Test
    void aSessionWithoutARefusedSetReadsAsBefore() {
        SessionHandle session = gateway.openSession(Map.of());
        gateway.runToEnd(session, TABLE);
        assertThat(reasons(session, GROUP_BY)).isNotEmpty().noneMatch(r -> r.contains("was refused"));
    }

    private List<String> reasons(SessionHandle session, String statement) {
        return decide(session, statement).stream().map(Finding::reason).toList();
    }

    /** The guard's findings on {@code statement}, judged only: nothing is handed on to run. */
    private List<Finding> decide(SessionHandle session, String statement) {
        return decide(gateway, session, statement);
    }

    private static List<Finding> decide(InProcessGateway gateway, SessionHandle session, String statement) {
        GuardOperations operations = new GuardOperations(gateway.flink());
        HandOff judgedOnly = (s, parsed, text, timeoutMs, config) -> operations.ok(s);
        return gateway.pipeline().execute(session, statement, 0L, new Configuration(), judgedOnly)
                .decision().verdict().findings();
    }
}
