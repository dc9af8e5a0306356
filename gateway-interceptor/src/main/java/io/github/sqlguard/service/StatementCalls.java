package io.github.sqlguard.service;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.flink.JudgedOperation;
import io.github.sqlguard.observe.PlannedOperator;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.AuditedCall.Ending;
import io.github.sqlguard.service.StatementTiming.Part;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.PlanFile;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.StatementKind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The audited calls of {@code executeStatement}: a decided statement is refused with an operation
 * that fails with the guard's message (or, for an ordinary Flink rejection, Flink's own error, as
 * from a stock gateway), or handed on; either way the client gets an operation of the session. The
 * operation's advisory is kept for the session, and a statement handed on waits for its job id
 * ({@link JobIdRecorder}). Thread-safe.
 */
final class StatementCalls {

    private static final Logger LOG = LoggerFactory.getLogger(StatementCalls.class);

    static final String CALL = "executeStatement";

    private final AuditedCall audited;
    private final GuardOperations operations;
    private final SessionRegistry sessions;

    StatementCalls(AuditedCall audited, GuardOperations operations, SessionRegistry sessions) {
        this.audited = audited;
        this.operations = operations;
        this.sessions = sessions;
    }

    /**
     * True when {@link #submit} refuses a statement decided {@code decision} under {@code policy}
     * (rather than handing it on): Flink rejected it, or the guard refuses it in that policy's mode.
     */
    static boolean refuses(Decision decision, Policy policy) {
        return decision.rejectedByFlink() || Decider.refuses(decision, policy);
    }

    /** Refuses {@code statement} for {@code decision}, or hands it on with {@code handOn}. */
    Submission submit(
            CallContext call, ParsedStatement statement, Decision decision,
            Function<Decision, Ending<OperationHandle>> handOn) {
        return run(call, statement, decision, true, d -> Optional.empty(), handOn);
    }

    /**
     * Refuses {@code statement} for {@code decision}, or hands it on held where {@code hold} can
     * ({@link #hold}: one logging event for both records, before it runs), else with {@code handOn}.
     */
    Submission submit(
            CallContext call, ParsedStatement statement, Decision decision,
            Function<Decision, Optional<AuditedCall.Held<OperationHandle>>> hold,
            Function<Decision, Ending<OperationHandle>> handOn) {
        return run(call, statement, decision, true, hold, handOn);
    }

    /** Answers {@code statement} with Flink's {@code OK} (statement-set bookkeeping), audited with {@code outcome}. */
    Submission acknowledge(CallContext call, ParsedStatement statement, Decision decision, Outcome outcome) {
        return run(call, statement, decision, true, d -> Optional.empty(),
                d -> Ending.operation(outcome, operations.ok(call.sessionHandle())));
    }

    /**
     * Refuses {@code statement}, whatever the decision, for a reason that is not a rule finding
     * (Flink's own session rules), audited {@code refused} with {@code message}.
     */
    Submission refuse(CallContext call, ParsedStatement statement, Decision decision, String message) {
        return run(call, statement, decision, false, d -> Optional.empty(), d -> refusedInSession(call, message));
    }

    /**
     * The audited call of {@code statement}: refused for the decision ({@code decisionRefuses}) or
     * handed on, its advisory kept, its job awaited when it was handed on.
     */
    private Submission run(
            CallContext call, ParsedStatement statement, Decision decision, boolean decisionRefuses,
            Function<Decision, Optional<AuditedCall.Held<OperationHandle>>> hold,
            Function<Decision, Ending<OperationHandle>> handOn) {
        SessionHandle session = call.sessionHandle();
        OperationRoute route = new OperationRoute(session, decisionRefuses, hold, handOn);
        AuditedCall.Result<OperationHandle> result = audited.run(CALL, call, What.statement(statement), decision, route);
        GuardedSession guarded = sessions.session(session);
        // A statement handed on to Flink (its record says how it ran) may start a job; one of a kind that starts none
        // is not awaited: its record would stay with the session until the client closed the operation (a SET's result
        // names no job), several times what Flink keeps of the operation.
        result.outcomeRecord()
                .filter(record -> record.outcome().execution() != null && !statement.kind().runsNoJob())
                .ifPresent(record -> guarded.awaitJob(
                        result.value(), new GuardedSession.AwaitedJob(record, statefulOperators(statement, decision))));
        if (statement instanceof ParsedStatement.StopJob stop) {
            result.outcomeRecord().filter(record -> record.outcome().execution() != null)
                    .ifPresent(record -> guarded.awaitStop(result.value(), new GuardedSession.AwaitedStop(record, stop.jobId())));
        }
        guarded.remember(advisory(result.value(), statement, decision, call.policy().docsBaseUrl()));
        return new Submission(result.value(), statement, decision, result.outcome());
    }

    /**
     * The route of an {@code executeStatement} call: every answer is an operation of the session,
     * a refusal one that fails with the guard's message or Flink's own error.
     */
    private final class OperationRoute implements AuditedCall.Route<OperationHandle> {

        private final SessionHandle session;
        private final boolean decisionRefuses;
        private final Function<Decision, Optional<AuditedCall.Held<OperationHandle>>> hold;
        private final Function<Decision, Ending<OperationHandle>> handOn;

        OperationRoute(
                SessionHandle session, boolean decisionRefuses,
                Function<Decision, Optional<AuditedCall.Held<OperationHandle>>> hold,
                Function<Decision, Ending<OperationHandle>> handOn) {
            this.session = session;
            this.decisionRefuses = decisionRefuses;
            this.hold = hold;
            this.handOn = handOn;
        }

        @Override
        public Optional<AuditedCall.Held<OperationHandle>> hold(Decision decision) {
            return hold.apply(decision);
        }

        @Override
        public boolean refuses(Decision decision, CallContext context) {
            return decisionRefuses && StatementCalls.refuses(decision, context.policy());
        }

        @Override
        public Ending<OperationHandle> refuse(Decision decision, CallContext context) {
            // An ordinary Flink rejection: the client gets Flink's own error, as from a stock gateway.
            if (decision.rejectedByFlink()) {
                return Ending.operation(
                        Outcome.REJECTED_BY_FLINK, operations.flinkRejection(session, decision.flinkError().orElseThrow()));
            }
            String message = decision.refusalMessage(context.policy().docsBaseUrl());
            List<String> rules = decision.verdict().findings(Level.BLOCK).stream().map(Finding::ruleId).distinct().toList();
            return Ending.operation(Outcome.BLOCKED, refusal(session, message,
                    rules.isEmpty() ? "not analysed, sql-guard.fail-mode: closed" : "rules " + String.join(", ", rules)));
        }

        @Override
        public Ending<OperationHandle> handOn(Decision decision) {
            return handOn.apply(decision);
        }

        @Override
        public Outcome failure() {
            return Outcome.FAILED_TO_SUBMIT;
        }

        @Override
        public OperationHandle auditFailed(String message) {
            return refusal(session, message, "its audit record could not be written, sql-guard.audit.fail-mode: closed");
        }
    }

    /**
     * Hands a statement the guard allows to Flink with {@code handOff}, as what was judged where
     * Flink can run that ({@code sql-guard.execute-judged-plan}): an INSERT or a statement set as
     * the compiled plan the guard judged ({@code judged-plan}); a query or a {@code CREATE/REPLACE
     * TABLE AS} as the operation the guard planned, with the catalog reads and configuration of
     * that planning ({@code judged-operation}). Anything else, and a statement the guard could not
     * analyse, as its text ({@code statement}): {@code COMPILE PLAN ... FOR} among them, which Flink
     * must run itself to write its plan file. A stored plan ({@code EXECUTE PLAN}, {@code COMPILE AND
     * EXECUTE PLAN} of a file that exists) runs as the content judged, and a {@code COMPILE AND EXECUTE
     * PLAN} of a file that did not exist as the plan compiled and judged, written to the file as
     * Flink would ({@link HandOff#compileAndExecuteJudgedPlan}), whatever {@code
     * sql-guard.execute-judged-plan} says.
     */
    Ending<OperationHandle> handOn(
            CallContext call, ParsedStatement statement, long timeoutMs, Configuration config, Decision decision,
            HandOff handOff) {
        SessionHandle session = call.sessionHandle();
        boolean storedPlan = storedPlan(decision);
        Optional<String> plan = judgedPlan(call, statement, decision);
        Optional<JudgedOperation> operation = judgedOperation(call, statement, decision);
        // COMPILE AND EXECUTE PLAN of a file that did not exist when judged runs as the plan the guard
        // compiled, written to the file as Flink would: Flink would look for the file again and run
        // one created since, unjudged.
        Optional<String> newPlanFile = newPlanFile(statement, decision);
        String execution = "statement";
        Optional<OperationHandle> judgedRun = Optional.empty();
        if (newPlanFile.isPresent()) {
            String json = decision.plan().flatMap(ExplainedPlan::executablePlan).orElseThrow();
            judgedRun = call.timing().time(
                    Part.HAND_OFF, () -> handOff.compileAndExecuteJudgedPlan(session, newPlanFile.get(), json, config));
            execution = "judged-plan";
        } else if (plan.isPresent()) {
            judgedRun = call.timing().time(Part.HAND_OFF, () -> handOff.executeJudgedPlan(
                    session, plan.get(), config, !storedPlan, decision.planToRun()));
            execution = "judged-plan";
        } else if (operation.isPresent()) {
            judgedRun = call.timing().time(Part.HAND_OFF, () -> handOff.executeJudgedOperation(session, operation.get()));
            execution = "judged-operation";
        }
        OperationHandle handle =
                judgedRun.orElseGet(() -> call.timing().time(Part.HAND_OFF,
                        () -> handOff.execute(session, statement, statement.text(), timeoutMs, config)));
        return new Ending<>(handedOn(decision), Optional.of(handle),
                Optional.of(judgedRun.isPresent() ? execution : "statement"), Optional.empty(), Optional.empty(),
                () -> handle);
    }

    /**
     * {@link #handOn} of a statement that runs as its text ({@code statement}), held where {@code
     * handOff} can ({@link HandOff#hold}): its operation is made now and runs once its records are
     * written ({@link AuditedCall.Held}). Empty for a statement that runs as what was judged, and
     * where the hand-off cannot hold it: {@link #handOn} then runs it.
     */
    Optional<AuditedCall.Held<OperationHandle>> hold(
            CallContext call, ParsedStatement statement, long timeoutMs, Configuration config, Decision decision,
            HandOff handOff) {
        if (judgedPlan(call, statement, decision).isPresent() || judgedOperation(call, statement, decision).isPresent()
                || newPlanFile(statement, decision).isPresent()) {
            return Optional.empty();
        }
        return call.timing().time(Part.HAND_OFF,
                        () -> handOff.hold(call.sessionHandle(), statement.text(), timeoutMs, config))
                .map(held -> new AuditedCall.Held<>(
                        new Ending<>(handedOn(decision), Optional.of(held.handle()), Optional.of("statement"),
                                Optional.empty(), Optional.empty(), held::handle),
                        held::release, held::refuse));
    }

    /** The outcome of a statement handed on under {@code decision}. */
    private static Outcome handedOn(Decision decision) {
        return decision.refuse() ? Outcome.WOULD_BLOCK
                : decision.unanalysedReason().isEmpty() ? Outcome.SUBMITTED : Outcome.UNANALYSED_SUBMITTED;
    }

    /**
     * A stored plan (EXECUTE PLAN, COMPILE AND EXECUTE PLAN of a file that exists) always runs as the
     * content that was judged, whatever sql-guard.execute-judged-plan says: Flink would read the file
     * again, and it may have changed since.
     */
    private static boolean storedPlan(Decision decision) {
        return decision.unanalysedReason().isEmpty() && decision.plan().flatMap(ExplainedPlan::planFile).isPresent();
    }

    /** The compiled plan the statement runs as ({@code judged-plan}), if it does; see {@link #handOn}. */
    private static Optional<String> judgedPlan(CallContext call, ParsedStatement statement, Decision decision) {
        StatementKind kind = statement.kind();
        return storedPlan(decision)
                        || (asJudged(call, decision) && (kind == StatementKind.INSERT || kind == StatementKind.STATEMENT_SET))
                ? decision.plan().flatMap(ExplainedPlan::executablePlan)
                : Optional.empty();
    }

    /** The operation the statement runs as ({@code judged-operation}), if it does; see {@link #handOn}. */
    private static Optional<JudgedOperation> judgedOperation(CallContext call, ParsedStatement statement, Decision decision) {
        StatementKind kind = statement.kind();
        return asJudged(call, decision) && (kind == StatementKind.QUERY || kind == StatementKind.CREATE_TABLE_AS)
                ? decision.judged()
                : Optional.empty();
    }

    private static boolean asJudged(CallContext call, Decision decision) {
        return call.policy().executeJudgedPlan() && decision.unanalysedReason().isEmpty();
    }

    /**
     * The file of a {@code COMPILE AND EXECUTE PLAN} that did not exist when the guard judged it, when
     * the decision holds the plan the guard compiled from the statement after {@code FOR}.
     */
    static Optional<String> newPlanFile(ParsedStatement statement, Decision decision) {
        boolean compiled =
                decision.unanalysedReason().isEmpty()
                        && decision.plan().filter(p -> p.planFile().isEmpty() && p.executablePlan().isPresent()).isPresent();
        return compiled
                ? statement.planFiles().stream()
                        .filter(file -> PlanFile.COMPILE_AND_EXECUTE.source().equals(file.source()))
                        .map(SqlOption::value)
                        .findFirst()
                : Optional.empty();
    }

    /** Flink's {@code OK}, as the operation of the call. */
    OperationHandle ok(CallContext call) {
        return operations.ok(call.sessionHandle());
    }

    /** The call refused for Flink's session rules, with {@code message}. */
    Ending<OperationHandle> refusedInSession(CallContext call, String message) {
        return Ending.refusedOperation(Outcome.REFUSED, refusal(call.sessionHandle(), message, message), message);
    }

    /** An operation of its own failing with the guard's {@code message}; logged at WARN with {@code why} (the rule ids). */
    private OperationHandle refusal(SessionHandle session, String message, String why) {
        OperationHandle handle = operations.refusal(session, message);
        // The one line of the gateway's log for a refusal: Flink's three ERROR lines about the operation's failure name
        // no rule, and the shipped configuration drops them from the console (GuardRefusalFilter).
        LOG.warn("sql-guard refused operation {} of session {}: {}.", handle, session, Redactor.maskSecrets(why));
        return handle;
    }

    /** The stateful operators of the decision's plan, by node id and name; empty without a plan. */
    private static List<PlannedOperator> statefulOperators(ParsedStatement statement, Decision decision) {
        List<PlannedOperator> stateful = new ArrayList<>();
        decision.plan().ifPresent(plan -> {
            List<PlanNode> nodes = plan.nodes().stream().filter(StatefulOperators::isStateful).toList();
            if (nodes.isEmpty()) {
                return;
            }
            // The ids the job's operators carry when it runs as the judged plan in place of its text
            // (StatementUids): the renumbering the hand-off ran, or the restore check's translation read;
            // a stored plan, and the plan a COMPILE AND EXECUTE PLAN writes, run with their own.
            Map<Integer, Integer> jobIds =
                    plan.planFile().isPresent() || newPlanFile(statement, decision).isPresent()
                            ? Map.of()
                            : decision.planToRun().jobNodeIds();
            nodes.forEach(node -> stateful.add(
                    new PlannedOperator(node.id(), node.name(), jobIds.getOrDefault(node.id(), node.id()),
                            PlannedOperator.stateTtlMs(node.state().stream().map(OperatorState::ttl).toList()))));
        });
        return stateful;
    }

    /**
     * The advisory of an operation: its verdict and findings, BLOCK first, linked under {@code docsBaseUrl}
     * (the call's policy's, as its refusal would be).
     */
    private static Advisory advisory(OperationHandle handle, ParsedStatement statement, Decision decision, String docsBaseUrl) {
        List<Finding> ordered = new ArrayList<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            ordered.addAll(decision.verdict().findings(level));
        }
        return new Advisory(handle.toString(), decision.verdictLabel(), statement.kind().name(), ordered,
                decision.rewrites().verified(), false, docsBaseUrl);
    }
}
