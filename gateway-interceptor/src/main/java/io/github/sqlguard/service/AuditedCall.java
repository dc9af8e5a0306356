package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.service.StatementTiming.Part;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The audit-first sequence of every guarded call: write the decision record, then refuse the call
 * or hand it on ({@link Route}), then write the record of what happened, linked by {@code
 * decisionId}. Nothing is handed on before its decision record is written: when it cannot be,
 * {@code sql-guard.audit.fail-mode: closed} refuses the call ({@link FailedClosed}) and {@code
 * open} hands it on anyway and logs the failure ({@link FailedOpen}). A record of what happened
 * that cannot be written is logged (the call has happened). The record of what happened is written
 * before the call answers, or, with {@code sql-guard.audit.outcome-records: after-response}, queued
 * for the audit's writer thread ({@link Auditor#writeOutcome}), in order after the decision record.
 * Thread-safe.
 */
final class AuditedCall {

    private static final Logger LOG = LoggerFactory.getLogger(AuditedCall.class);

    /** The error of a call refused because its decision record could not be written. */
    static final String AUDIT_FAILURE =
            "[sql-guard] Statement refused: its audit record could not be written, and sql-guard.audit.fail-mode"
                    + " is 'closed' (nothing runs without a record). The gateway's log says why; ask the administrator to"
                    + " check the 'sql-guard.audit' logger's appender.";

    private final Auditor auditor;
    private final GuardMetrics metrics;

    AuditedCall(Auditor auditor, GuardMetrics metrics) {
        this.auditor = auditor;
        this.metrics = metrics;
    }

    /**
     * What happened to a decided call: the fields of its outcome record and what the caller gets.
     *
     * @param handle the operation the call became
     * @param execution how a statement handed on ran ({@code judged-plan}, {@code judged-operation}, {@code statement})
     * @param error why the call was refused, or how it failed
     * @param session the session the outcome is in, when the call opened it ({@code openSession})
     * @param answer what the caller gets: the call's value, or (after the record) its exception
     */
    record Ending<T>(
            Outcome outcome,
            Optional<OperationHandle> handle,
            Optional<String> execution,
            Optional<String> error,
            Optional<SessionHandle> session,
            Supplier<T> answer) {

        /** An operation the call became, with {@code outcome}. */
        static Ending<OperationHandle> operation(Outcome outcome, OperationHandle handle) {
            return new Ending<>(outcome, Optional.of(handle), Optional.empty(), Optional.empty(), Optional.empty(),
                    () -> handle);
        }

        /** An operation the call became, refused with {@code outcome} for {@code error}. */
        static Ending<OperationHandle> refusedOperation(Outcome outcome, OperationHandle handle, String error) {
            return new Ending<>(outcome, Optional.of(handle), Optional.empty(), Optional.of(error), Optional.empty(),
                    () -> handle);
        }

        /** A value the call returns, with {@code outcome}. */
        static <T> Ending<T> value(Outcome outcome, T value) {
            return new Ending<>(outcome, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    () -> value);
        }
    }

    /**
     * A call handed on whose operation was made but does not run yet ({@link
     * io.github.sqlguard.flink.GatewaySessions#holdStatement}): its ending, what lets it run, and what
     * fails it without running it.
     */
    record Held<T>(Ending<T> ending, Runnable release, Consumer<RuntimeException> refuse) {}

    /** How one kind of call is refused and handed on. */
    interface Route<T> {

        /**
         * Hands the call on held, when the route can: its operation is made and runs only when
         * released, after both of its records are written together. Empty to hand it on with {@link
         * #handOn} after its decision record.
         */
        default Optional<Held<T>> hold(Decision decision) {
            return Optional.empty();
        }

        /** True when {@code decision} stops the call under the policy of {@code context}. */
        boolean refuses(Decision decision, CallContext context);

        /** Refuses the call for {@code decision}, under the policy of {@code context}. */
        Ending<T> refuse(Decision decision, CallContext context);

        /** Hands the call on. */
        Ending<T> handOn(Decision decision);

        /** The outcome recorded when refusing or handing on throws. */
        Outcome failure();

        /**
         * What the caller gets when the decision record could not be written and the call is
         * refused: the call's value carrying {@code message}, or an exception.
         */
        T auditFailed(String message);
    }

    /**
     * What {@link #run} did. Never {@code null}: the decision record was {@link Written}, or it
     * could not be written and the call was refused ({@link FailedClosed}) or went on ({@link
     * FailedOpen}).
     */
    sealed interface Result<T> {
        /** What the caller gets. */
        T value();

        /** What happened to the call. */
        Outcome outcome();

        /** The record of what happened, when it was written. */
        Optional<AuditRecord> outcomeRecord();
    }

    /** The decision record was written, then the call refused or handed on. */
    record Written<T>(T value, Outcome outcome, Optional<AuditRecord> outcomeRecord) implements Result<T> {}

    /** The decision record could not be written; {@code sql-guard.audit.fail-mode: closed} refused the call. */
    record FailedClosed<T>(T value) implements Result<T> {
        @Override
        public Outcome outcome() {
            return Outcome.AUDIT_FAILED;
        }

        @Override
        public Optional<AuditRecord> outcomeRecord() {
            return Optional.empty();
        }
    }

    /** The decision record could not be written; {@code sql-guard.audit.fail-mode: open} let the call go on. */
    record FailedOpen<T>(T value, Outcome outcome, Optional<AuditRecord> outcomeRecord) implements Result<T> {}

    /**
     * Writes the decision record of {@code call}, refuses or hands it on by {@code route}, writes
     * the record of what happened, and answers.
     *
     * @param call the gateway call, e.g. {@code executeStatement}
     * @param what what the call carries, for its records
     * @throws RuntimeException what refusing or handing on threw (after its record), or the
     *     exception a route answers with
     */
    <T> Result<T> run(String call, CallContext context, What what, Decision decision, Route<T> route) {
        String sessionId = context.session().map(Object::toString).orElse(null);
        AuditRecord decided = context.timing().time(Part.AUDIT,
                () -> auditor.decided(call, sessionId, context.who(), what, decision));
        boolean closed = context.policy().auditFailMode() == FailMode.CLOSED;
        if (!route.refuses(decision, context)) {
            Optional<Held<T>> held = hold(decided, context, decision, route);
            if (held.isPresent()) {
                return runHeld(call, decided, context, closed, held.get());
            }
        }
        boolean written = write(decided, context, e -> LOG.error(
                "sql-guard could not write the audit record of a {} call of session {}; {}.", call, sessionId,
                closed ? "refusing it (sql-guard.audit.fail-mode: closed)" : "running it (sql-guard.audit.fail-mode: open)",
                e));
        if (!written && closed) {
            return new FailedClosed<>(route.auditFailed(AUDIT_FAILURE));
        }
        Ending<T> ending;
        try {
            ending = route.refuses(decision, context) ? route.refuse(decision, context) : route.handOn(decision);
        } catch (RuntimeException e) {
            outcome(decided, context, new Ending<>(route.failure(), Optional.empty(), Optional.empty(),
                    Optional.of(PlannerError.of(e).root()), Optional.empty(), () -> null));
            throw e;
        }
        Optional<AuditRecord> record = outcome(decided, context, ending);
        T value = ending.answer().get();
        return written ? new Written<>(value, ending.outcome(), record) : new FailedOpen<>(value, ending.outcome(), record);
    }

    /**
     * The call handed on held ({@link Route#hold}), or empty. When making its operation throws, nothing
     * ran: the decision record and the record of the failure are written together and the exception
     * rethrown.
     */
    private <T> Optional<Held<T>> hold(AuditRecord decided, CallContext context, Decision decision, Route<T> route) {
        try {
            return route.hold(decision);
        } catch (RuntimeException e) {
            AuditRecord failed = outcomeRecord(decided, new Ending<>(route.failure(), Optional.empty(), Optional.empty(),
                    Optional.of(PlannerError.of(e).root()), Optional.empty(), () -> null));
            writeTogether(decided, failed, context);
            throw e;
        }
    }

    /**
     * The audit-first sequence of a call handed on held: its decision record and the record of its
     * outcome (which names its operation) are written together, in one logging event, and only then
     * does the operation run. When they cannot be written, {@code sql-guard.audit.fail-mode: closed}
     * fails the operation with {@link #AUDIT_FAILURE} without running it; {@code open} runs it.
     */
    private <T> Result<T> runHeld(String call, AuditRecord decided, CallContext context, boolean closed, Held<T> held) {
        boolean settled = false;
        try {
            Ending<T> ending = held.ending();
            AuditRecord record = outcomeRecord(decided, ending);
            boolean written = writeTogether(decided, record, context);
            if (!written && closed) {
                LOG.error("sql-guard did not run a {} call of session {}: its audit record could not be written"
                        + " (sql-guard.audit.fail-mode: closed).", call, decided.sessionId());
                settled = true;
                held.refuse().accept(new StatementBlockedException(AUDIT_FAILURE));
                return new FailedClosed<>(ending.answer().get());
            }
            settled = true;
            held.release().run();
            T value = ending.answer().get();
            return written ? new Written<>(value, ending.outcome(), Optional.of(record))
                    : new FailedOpen<>(value, ending.outcome(), Optional.empty());
        } finally {
            // Never left waiting: an operation neither released nor refused above (the guard failed) is failed. Only
            // then is the exception made: each statement handed on held made one (its stack trace walked, ~90
            // frames deep on a REST I/O thread) for a refusal that, once released, does nothing.
            if (!settled) {
                held.refuse().accept(new IllegalStateException(
                        "sql-guard failed before this statement's audit records were written; it did not run."));
            }
        }
    }

    /** Writes a decision record and the record of what followed it, together; false (counted, logged) when they could not be. */
    private boolean writeTogether(AuditRecord decided, AuditRecord outcome, CallContext context) {
        return context.timing().time(Part.AUDIT, () -> {
            try {
                auditor.writeWithOutcome(decided, outcome);
                return true;
            } catch (AuditWriteException e) {
                metrics.auditWriteFailure();
                LOG.error("sql-guard could not write the audit records of decision {} (outcome {}).", decided.decisionId(),
                        outcome.outcome().outcome(), e);
                return false;
            }
        });
    }

    /** The record of what followed {@code decided}, not yet written. */
    private AuditRecord outcomeRecord(AuditRecord decided, Ending<?> ending) {
        return auditor.outcome(
                decided,
                ending.session().map(Object::toString).orElse(decided.sessionId()),
                ending.handle().map(Object::toString).orElse(null),
                ending.outcome(),
                ending.execution().orElse(null),
                ending.error().orElse(null));
    }

    /** Writes the record of what followed {@code decided}; the record, when it was written. */
    private Optional<AuditRecord> outcome(AuditRecord decided, CallContext context, Ending<?> ending) {
        AuditRecord record = outcomeRecord(decided, ending);
        Consumer<AuditWriteException> onFailure = e -> {
            metrics.auditWriteFailure();
            LOG.error("sql-guard could not write the audit record of outcome {} of decision {}.", ending.outcome().label(),
                    decided.decisionId(), e);
        };
        boolean written = context.timing().time(Part.AUDIT, () -> {
            try {
                auditor.writeOutcome(record, onFailure);
                return true;
            } catch (AuditWriteException e) {
                onFailure.accept(e);
                return false;
            }
        });
        return written ? Optional.of(record) : Optional.empty();
    }

    /** Writes {@code record}; false (counted, and told to {@code onFailure}) when it could not be written. */
    private boolean write(AuditRecord record, CallContext context, Consumer<AuditWriteException> onFailure) {
        return context.timing().time(Part.AUDIT, () -> {
            try {
                auditor.write(record);
                return true;
            } catch (AuditWriteException e) {
                metrics.auditWriteFailure();
                onFailure.accept(e);
                return false;
            }
        });
    }
}
