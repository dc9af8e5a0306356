package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.PlannerRuns;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.testing.AuditCapture;
import io.github.sqlguard.testing.InProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.CatalogBaseTable.TableKind;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A statement the guard decides without planning has its operation made held before its decision
 * ({@link EarlyHold}), and Flink makes the operation's table environment while it is held ({@code
 * GatedExecutor}): the guard's decision and audit records no longer wait in line before Flink's own
 * work. The statement itself still runs only once released (after its records: {@link
 * HeldHandOffTest}); a refused statement's held operation is withdrawn, so the session keeps no
 * operation its client never got and the session's next statement runs.
 */
class EarlyHoldTest {

    @Test
    void aHeldOperationMakesItsTableEnvironmentButRunsNothingBeforeItIsReleased() throws Exception {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            GatewaySessions sessions = GatewaySessions.of(gateway.flink()).orElseThrow();
            GatewaySessions.Held held = sessions.holdStatement(
                    session, "CREATE TABLE made_when_released (a INT) WITH ('connector' = 'datagen')", new Configuration());

            held.prepared().get(60, TimeUnit.SECONDS);
            assertThat(tables(gateway, session)).doesNotContain("made_when_released");
            assertThat(gateway.flink().getOperationInfo(session, held.handle()).getStatus().isTerminalStatus()).isFalse();

            held.release();
            InProcessGateway.awaitOperation().until(
                    () -> gateway.flink().getOperationInfo(session, held.handle()).getStatus().isTerminalStatus());
            assertThat(gateway.flink().getOperationInfo(session, held.handle()).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(tables(gateway, session)).contains("made_when_released");
        }
    }

    @Test
    void aWithdrawnOperationIsClosedAndTheSessionRunsItsNextStatement() throws Exception {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            GatewaySessions sessions = GatewaySessions.of(gateway.flink()).orElseThrow();
            GatewaySessions.Held held = sessions.holdStatement(
                    session, "CREATE TABLE never_made (a INT) WITH ('connector' = 'datagen')", new Configuration());
            held.prepared().get(60, TimeUnit.SECONDS);

            held.withdraw();

            assertThat(gateway.flink().getSession(session).getOperationManager().getOperationCount()).isZero();
            OperationHandle next = gateway.runToEnd(session, "SHOW TABLES");
            assertThat(gateway.service().getOperationInfo(session, next).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(tables(gateway, session)).doesNotContain("never_made");
        }
    }

    @Test
    void aRefusedCheapStatementLeavesOnlyItsRefusalInTheSession() {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());

            // A bare-number TTL: refused by the default policy (MemoryWorkload's refused SET).
            OperationHandle refused = gateway.runToEnd(session, "SET 'table.exec.state.ttl' = '24'");
            assertThat(gateway.service().getOperationInfo(session, refused).getStatus()).isEqualTo(OperationStatus.ERROR);
            OperationHandle next = gateway.runToEnd(session, "SET 'pipeline.name' = 'after-a-refusal'");

            assertThat(gateway.service().getOperationInfo(session, next).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(gateway.flink().getSession(session).getOperationManager().getOperationCount())
                    .as("the refusal and the next SET, no withdrawn operation").isEqualTo(2);
            assertThat(gateway.flink().getSessionConfig(session)).containsEntry("pipeline.name", "after-a-refusal");
        }
    }

    @Test
    void aHoldThatCannotBeMadeIsAuditedWithTheDecision() {
        try (AuditCapture audit = AuditCapture.start();
                InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle session = gateway.openSession(Map.of());
            HandOff failingHold = new HandOff() {
                @Override
                public OperationHandle execute(
                        SessionHandle s, ParsedStatement parsed, String statement, long timeoutMs, Configuration config) {
                    throw new IllegalStateException("not handed on in this test");
                }

                @Override
                public Optional<GatewaySessions.Held> hold(
                        SessionHandle s, String statement, long timeoutMs, Configuration config) {
                    throw new IllegalStateException("the operation could not be made");
                }
            };
            audit.clear();

            assertThatThrownBy(() -> gateway.pipeline().execute(
                            session, "SET 'pipeline.name' = 'never-held'", 0, new Configuration(), failingHold))
                    .hasMessageContaining("the operation could not be made");

            // Before any decision, the early hold's failure had no record; the call's own hold audits it.
            assertThat(audit.records())
                    .filteredOn(r -> r.path("statement").asText().contains("never-held"))
                    .extracting(r -> r.path("outcome").asText())
                    .containsExactly("decided", "failed-to-submit");
        }
    }

    /** Flink's service that counts the session's operations when the guard reads the session's configuration. */
    private static final class CountingService extends SqlGatewayServiceImpl {
        final AtomicInteger operationsAtFirstConfigRead = new AtomicInteger(-1);
        volatile boolean watching;

        CountingService(SessionManager sessions) {
            super(sessions);
        }

        @Override
        public Map<String, String> getSessionConfig(SessionHandle session) {
            if (watching) {
                operationsAtFirstConfigRead.compareAndSet(-1, getSession(session).getOperationManager().getOperationCount());
            }
            return super.getSessionConfig(session);
        }
    }

    @Test
    void aCheapStatementsOperationIsMadeBeforeTheGuardDecidesOnIt() {
        Configuration config = new Configuration();
        config.setString("execution.target", "local");
        SessionManager manager = SessionManager.create(new DefaultContext(config, Collections.emptyList()));
        manager.start();
        try {
            CountingService flink = new CountingService(manager);
            RuleCatalog catalog = RuleCatalog.builtIn();
            Policy policy = Policy.defaults(catalog);
            StatementPipeline pipeline = new StatementPipeline(
                    flink, catalog, new Auditor(new AuditLog(), "test", policy.auditMaxStatementLength()), policy);
            GuardedSqlGatewayService guarded = new GuardedSqlGatewayService(flink, pipeline);
            SessionHandle session = guarded.openSession(SessionEnvironment.newBuilder()
                    .setSessionEndpointVersion(new EndpointVersion() {})
                    .build());

            flink.watching = true;
            OperationHandle handle = guarded.executeStatement(session, "SET 'pipeline.name' = 'early'", 0, new Configuration());
            flink.watching = false;

            assertThat(flink.operationsAtFirstConfigRead.get())
                    .as("the session's operations when the decision read its configuration").isEqualTo(1);
            InProcessGateway.awaitOperation().until(() -> guarded.getOperationInfo(session, handle).getStatus().isTerminalStatus());
            assertThat(guarded.getOperationInfo(session, handle).getStatus()).isEqualTo(OperationStatus.FINISHED);
            assertThat(flink.getSessionConfig(session)).containsEntry("pipeline.name", "early");
            pipeline.close();
        } finally {
            manager.stop();
        }
    }

    /** Cheap statements of every kind {@link UnplannedText} passes, one the guard refuses, and one Flink's parsers refuse. */
    private static final List<String> HELD_BEFORE_PARSE = List.of(
            "SET 'table.exec.state.ttl' = '1 d'",
            "SET pipeline.name = 'unquoted'",
            "RESET 'pipeline.name'",
            "CREATE TABLE t (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
            "SHOW TABLES",
            "SET 'table.exec.state.ttl' = '24'",
            "SET 'pipeline.name' =");

    @Test
    void aStatementHeldBeforeItsParseGetsTheRecordsAndOperationOfOneParsedBefore() {
        try (AuditCapture audit = AuditCapture.start();
                InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle parsedBefore = gateway.openSession(Map.of());
            SessionHandle heldBefore = gateway.openSession(Map.of());
            for (String statement : HELD_BEFORE_PARSE) {
                audit.clear();
                OperationHandle one = gateway.service().execute(
                        parsedBefore, gateway.service().parse(statement), 0, new Configuration());
                InProcessGateway.awaitOperation().until(() -> ended(gateway, parsedBefore, one));
                List<JsonNode> recordsOfOne = comparable(audit.records());
                audit.clear();
                OperationHandle other = gateway.service().executeHeldBeforeParse(heldBefore, statement, 0, new Configuration());
                InProcessGateway.awaitOperation().until(() -> ended(gateway, heldBefore, other));

                assertThat(gateway.flink().getOperationInfo(heldBefore, other).getStatus()).as(statement)
                        .isEqualTo(gateway.flink().getOperationInfo(parsedBefore, one).getStatus());
                assertThat(comparable(audit.records())).as(statement).hasSize(2).isEqualTo(recordsOfOne);
            }
            assertThat(gateway.flink().getSessionConfig(heldBefore)).containsEntry("table.exec.state.ttl", "1 d")
                    .doesNotContainKey("pipeline.name");
            assertThat(gateway.flink().getSession(heldBefore).getOperationManager().getOperationCount())
                    .as("no withdrawn operation left").isEqualTo(HELD_BEFORE_PARSE.size());
        }
    }

    @Test
    void aCheapStatementMakesNoTableEnvironmentOrPlannerParseOfTheGuardsOwnOnEitherRoute() {
        // Flink's operation makes the statement's one table environment and parses it; the guard reads it with Flink's
        // grammar alone (bench/results/2026-12-06-cheap-r65.md).
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle parsedBefore = gateway.openSession(Map.of());
            SessionHandle heldBefore = gateway.openSession(Map.of());
            PlannerRuns runs = gateway.pipeline().gatewaySessions().orElseThrow().plannerRuns();
            for (String statement : HELD_BEFORE_PARSE.subList(0, 5)) {
                PlannerRuns.Count before = runs.count();
                OperationHandle one = gateway.service().execute(
                        parsedBefore, gateway.service().parse(statement), 0, new Configuration());
                OperationHandle other = gateway.service().executeHeldBeforeParse(heldBefore, statement, 0, new Configuration());
                InProcessGateway.awaitOperation().until(
                        () -> ended(gateway, parsedBefore, one) && ended(gateway, heldBefore, other));

                assertThat(runs.count().since(before)).as(statement).isEqualTo(new PlannerRuns.Count(0, 0, 0, 0));
                assertThat(gateway.flink().getOperationInfo(heldBefore, other).getStatus()).as(statement)
                        .isEqualTo(OperationStatus.FINISHED);
            }
        }
    }

    @Test
    void aTextThatShowsAnUnplannedStatementIsHeldBeforeItIsParsed() {
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new AuditLog())) {
            SessionHandle parsedBefore = gateway.openSession(Map.of());
            SessionHandle heldBefore = gateway.openSession(Map.of());
            // Flink's parsers refuse it, so only a hold made before the parse can have been made (and withdrawn).
            String refusedByTheParser = "SET 'pipeline.name' =";
            CountingHolds holds = new CountingHolds(gateway);

            gateway.pipeline().execute(parsedBefore, refusedByTheParser, 0, new Configuration(), holds);
            int afterTheParse = holds.count.getAndSet(0);
            gateway.pipeline().executeHeldBeforeParse(heldBefore, refusedByTheParser, 0, new Configuration(), holds);

            assertThat(holds.count.get()).isEqualTo(afterTheParse + 1);
            assertThat(gateway.flink().getSession(heldBefore).getOperationManager().getOperationCount())
                    .isEqualTo(gateway.flink().getSession(parsedBefore).getOperationManager().getOperationCount());
        }
    }

    /** Flink's hand-off, counting the operations it holds. */
    private static final class CountingHolds implements HandOff {
        final AtomicInteger count = new AtomicInteger();
        private final HandOff flink;

        CountingHolds(InProcessGateway gateway) {
            this.flink = HandOff.toFlink(gateway.flink(), GatewaySessions.of(gateway.flink()));
        }

        @Override
        public OperationHandle execute(
                SessionHandle session, ParsedStatement parsed, String statement, long timeoutMs, Configuration config) {
            return flink.execute(session, parsed, statement, timeoutMs, config);
        }

        @Override
        public Optional<GatewaySessions.Held> hold(
                SessionHandle session, String statement, long timeoutMs, Configuration config) {
            count.incrementAndGet();
            return flink.hold(session, statement, timeoutMs, config);
        }
    }

    private static boolean ended(InProcessGateway gateway, SessionHandle session, OperationHandle operation) {
        return gateway.flink().getOperationInfo(session, operation).getStatus().isTerminalStatus();
    }

    /** Audit records without what differs between two sessions' calls: times, ids, session, operation. */
    private static List<JsonNode> comparable(List<JsonNode> records) {
        return records.stream()
                .map(r -> (JsonNode) ((ObjectNode) r.deepCopy())
                        .without(List.of("logged_at", "time", "decisionId", "sessionId", "operationHandle", "analysisMs")))
                .toList();
    }

    private static List<String> tables(InProcessGateway gateway, SessionHandle session) {
        return gateway.flink()
                .listTables(session, "default_catalog", "default_database", Set.of(TableKind.TABLE))
                .stream()
                .map(t -> t.getIdentifier().getObjectName())
                .toList();
    }
}
