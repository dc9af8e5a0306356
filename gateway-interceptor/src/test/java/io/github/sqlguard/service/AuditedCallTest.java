package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.service.AuditedCall.Ending;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.testing.FailingAppender;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The audit-first sequence every route shares: decision record, then refuse or hand on, then the
 * record of what happened; and its three results when the decision record is written, or cannot
 * be and the fail mode refuses the call or lets it go on.
 */
class AuditedCallTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ListAppender<ILoggingEvent> written = new ListAppender<>();
    private final FailingAppender failing = new FailingAppender();
    private final List<String> steps = new ArrayList<>();
    private Logger audit;
    private Level level;

    @BeforeEach
    void attachAppenders() {
        audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
        level = audit.getLevel();
        audit.setLevel(Level.INFO);
        written.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        written.start();
        failing.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        failing.failing = false;
        audit.addAppender(written);
        audit.addAppender(failing);
    }

    @AfterEach
    void detachAppenders() {
        audit.detachAppender(written);
        audit.detachAppender(failing);
        audit.setLevel(level);
    }

    private static AuditedCall audited() {
        return new AuditedCall(new Auditor(new AuditLog(), "test", 1000), GuardMetrics.unregistered());
    }

    private static CallContext context(String failMode) {
        Policy policy =
                Policy.fromConfiguration(
                        Configuration.fromMap(Map.of("sql-guard.audit.fail-mode", failMode)), RuleCatalog.builtIn());
        return new CallContext(
                Optional.of(new SessionHandle(java.util.UUID.randomUUID())), Subject.unknown(policy.policyHash()),
                new ScopedPolicy(policy, Optional.empty()), StatementTiming.start());
    }

    private static Decision decision(boolean refuse) {
        return Decision.of(
                new Verdict(List.of(), List.of(), List.of()), Optional.empty(), Duration.ZERO, Optional.empty(), refuse,
                Optional.empty(), 0);
    }

    private static What statement() {
        return What.statement(new StatementParser().parse("SET 'pipeline.name' = 'audited'"));
    }

    /** A route that notes what it was asked to do. */
    private AuditedCall.Route<String> route() {
        return new SessionCallRoute<>(d -> {
            steps.add("handed on");
            return Ending.value(Outcome.APPLIED, "ran");
        });
    }

    /** A route that answers a refusal with a value, as an operation route answers with a failing operation. */
    private class AnsweringRoute implements AuditedCall.Route<String> {
        @Override
        public boolean refuses(Decision decision, CallContext context) {
            return decision.refuse();
        }

        @Override
        public Ending<String> refuse(Decision decision, CallContext context) {
            steps.add("refused");
            return Ending.value(Outcome.BLOCKED, "refused");
        }

        @Override
        public Ending<String> handOn(Decision decision) {
            steps.add("handed on");
            return Ending.value(Outcome.SUBMITTED, "ran");
        }

        @Override
        public Outcome failure() {
            return Outcome.FAILED_TO_SUBMIT;
        }

        @Override
        public String auditFailed(String message) {
            return "refused: " + message;
        }
    }

    private List<JsonNode> records() throws Exception {
        List<JsonNode> records = new ArrayList<>();
        for (ILoggingEvent event : written.list) {
            records.add(JSON.readTree(event.getFormattedMessage()));
        }
        return records;
    }

    @Test
    void writesTheDecisionRecordThenHandsOnThenWritesTheOutcomeLinkedToIt() throws Exception {
        AuditedCall.Result<String> result =
                audited().run("configureSession", context("closed"), statement(), decision(false), route());

        assertThat(result).isInstanceOf(AuditedCall.Written.class);
        assertThat(result.value()).isEqualTo("ran");
        assertThat(result.outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(steps).containsExactly("handed on");
        List<JsonNode> records = records();
        assertThat(records).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "applied");
        assertThat(records.get(1).path("decisionId").asText()).isEqualTo(records.get(0).path("decisionId").asText());
        assertThat(records.get(0).path("kind").asText()).isEqualTo("SET");
        assertThat(result.outcomeRecord()).hasValueSatisfying(r -> assertThat(r.outcome().outcome()).isEqualTo("applied"));
    }

    /**
     * Round 55's new user: a {@code STOP JOB}'s decision and submitted records had {@code "jobId": null}, though its
     * text names the job; only the {@code jobStopped} record written later carried it. Both name it now, as Flink
     * reads the id; a text Flink cannot read as a job id names none.
     */
    @Test
    void aStopJobsRecordsNameTheJobItStops() throws Exception {
        String job = "3ca06550aa6f4e0d8f0a3b5c1d2e4f60";
        What stop = What.statement(new StatementParser().parse("STOP JOB '" + job + "' WITH SAVEPOINT"));
        What notAJob = What.statement(new StatementParser().parse("STOP JOB 'not-a-job-id'"));

        audited().run("executeStatement", context("closed"), stop, decision(false), new AnsweringRoute());
        audited().run("executeStatement", context("closed"), notAJob, decision(false), new AnsweringRoute());

        List<JsonNode> records = records();
        assertThat(records).extracting(r -> r.path("outcome").asText())
                .containsExactly("decided", "submitted", "decided", "submitted");
        assertThat(records.subList(0, 2)).allSatisfy(r -> assertThat(r.path("jobId").asText()).isEqualTo(job));
        assertThat(records.subList(2, 4)).allSatisfy(r -> assertThat(r.path("jobId").isNull()).isTrue());
        assertThat(records).allSatisfy(r -> assertThat(r.path("kind").asText()).isEqualTo("STOP_JOB"));
    }

    @Test
    void failClosedRefusesTheCallWithoutHandingItOnWhenItsDecisionRecordCannotBeWritten() {
        failing.failing = true;

        assertThatThrownBy(() -> audited().run("configureSession", context("closed"), statement(), decision(false), route()))
                .isInstanceOf(SqlGatewayException.class)
                .hasMessageContaining("audit record could not be written");
        assertThat(steps).isEmpty();

        AuditedCall.Result<String> answered =
                audited().run("executeStatement", context("closed"), statement(), decision(false), new AnsweringRoute());
        assertThat(answered).isInstanceOf(AuditedCall.FailedClosed.class);
        assertThat(answered.outcome()).isEqualTo(Outcome.AUDIT_FAILED);
        assertThat(answered.value()).startsWith("refused: [sql-guard] Statement refused: its audit record could not");
        assertThat(answered.outcomeRecord()).isEmpty();
    }

    @Test
    void failOpenHandsTheCallOnWhenItsDecisionRecordCannotBeWritten() {
        failing.failing = true;

        AuditedCall.Result<String> result =
                audited().run("configureSession", context("open"), statement(), decision(false), route());

        assertThat(result).isInstanceOf(AuditedCall.FailedOpen.class);
        assertThat(result.value()).isEqualTo("ran");
        assertThat(result.outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(result.outcomeRecord()).isEmpty();
        assertThat(steps).containsExactly("handed on");
    }

    @Test
    void aRefusalIsRecordedBeforeTheCallerGetsItsError() throws Exception {
        assertThatThrownBy(() -> audited().run("configureSession", context("closed"), statement(), decision(true), route()))
                .isInstanceOf(SqlGatewayException.class);

        assertThat(steps).isEmpty();
        assertThat(records()).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "blocked");
    }

    @Test
    void aHandOnThatThrowsIsRecordedAsTheRoutesFailureAndRethrown() throws Exception {
        AuditedCall.Route<String> broken = new SessionCallRoute<>(d -> {
            throw new IllegalStateException("Flink is down");
        });

        assertThatThrownBy(() -> audited().run("configureSession", context("closed"), statement(), decision(false), broken))
                .isInstanceOf(IllegalStateException.class);

        List<JsonNode> records = records();
        assertThat(records).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "failed");
        assertThat(records.get(1).path("error").asText()).isEqualTo("Flink is down");
    }

    /** {@link AnsweringRoute} that hands the call on held, noting each release and each refusal of its operation. */
    private final class HoldingRoute extends AnsweringRoute {
        final List<RuntimeException> refusals = new ArrayList<>();

        @Override
        public Optional<AuditedCall.Held<String>> hold(Decision decision) {
            return Optional.of(new AuditedCall.Held<>(
                    Ending.value(Outcome.SUBMITTED, "held"), () -> steps.add("released"), refusals::add));
        }
    }

    private static String readOutcome(String line) {
        try {
            return JSON.readTree(line).path("outcome").asText();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aHeldCallReleasedAfterItsRecordsIsNeverAlsoRefused() throws Exception {
        HoldingRoute holding = new HoldingRoute();

        AuditedCall.Result<String> result =
                audited().run("executeStatement", context("closed"), statement(), decision(false), holding);

        assertThat(result.value()).isEqualTo("held");
        assertThat(steps).containsExactly("released");
        // Each statement handed on held was also refused after its release (a no-op then), with an exception
        // made, and its stack trace walked, for nothing.
        assertThat(holding.refusals).isEmpty();
        // Both records in one logging event, the decision first.
        assertThat(written.list).singleElement().satisfies(event -> assertThat(
                        event.getFormattedMessage().lines().map(line -> readOutcome(line)).toList())
                .containsExactly("decided", "submitted"));
    }

    @Test
    void aHeldCallWhoseRecordsCannotBeWrittenIsRefusedOnceWhenFailingClosed() {
        failing.failing = true;
        HoldingRoute holding = new HoldingRoute();

        AuditedCall.Result<String> result =
                audited().run("executeStatement", context("closed"), statement(), decision(false), holding);

        assertThat(result).isInstanceOf(AuditedCall.FailedClosed.class);
        assertThat(steps).isEmpty();
        assertThat(holding.refusals).singleElement()
                .satisfies(e -> assertThat(e).hasMessageContaining("audit record could not be written"));
    }
}
