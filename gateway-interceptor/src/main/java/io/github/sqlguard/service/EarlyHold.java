package io.github.sqlguard.service;

import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.JudgedOperation;
import io.github.sqlguard.flink.StatementUids;
import io.github.sqlguard.service.StatementTiming.Part;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Optional;

/**
 * The held operation of a statement the guard decides without planning ({@code SET}, {@code RESET},
 * DDL, {@code SHOW}: {@link StatementPipeline#decidesWithoutPlanning}), made before its decision
 * rather than after it ({@link GatewaySessions#holdStatement}): Flink makes the operation's table
 * environment, most of what such a statement costs it, on its operation thread while the guard
 * decides and writes the audit records, and runs the statement once released, as before. Nothing of
 * the statement runs before its verdict and its records: the gate is the same.
 *
 * <p>The held operation holds the session's operation lock, so nothing else may be submitted to the
 * session until it is released or withdrawn: a call that will not answer with it (the decision refuses
 * the statement, which is then answered with an operation failing with the guard's message) withdraws
 * it first ({@link #withdraw}); {@link #handOff} gives it to the call's hold ({@link HandOff#hold})
 * and withdraws it before any other hand-off. Not thread-safe: one per call.
 *
 * <p>The held operation's handle is the call's answer only after its records are written: the call
 * returns it once {@link AuditedCall} has released it, as it returns any other operation (the audit's
 * contract, docs/operations/audit.md).
 */
final class EarlyHold {

    private final HandOff handOff;
    private Optional<GatewaySessions.Held> held;

    private EarlyHold(HandOff handOff, Optional<GatewaySessions.Held> held) {
        this.handOff = handOff;
        this.held = held;
    }

    /**
     * {@code parsed}'s operation, held by {@code handOff} when it can hold it (the same rule as the
     * call's own hold: {@link HandOff#hold}); none for a statement the guard plans, and none when making
     * it fails: the call's own hold then makes it after the decision, and a failure there is audited
     * with the decision ({@link AuditedCall}), which a failure here, before any decision, could not be.
     */
    static EarlyHold of(
            CallContext call, ParsedStatement parsed, long timeoutMs, Configuration config, HandOff handOff) {
        if (!StatementPipeline.decidesWithoutPlanning(parsed)) {
            return new EarlyHold(handOff, Optional.empty());
        }
        return new EarlyHold(handOff, held(call, parsed.text(), timeoutMs, config, handOff));
    }

    /** No held operation: the call's own hold makes it, after the decision. */
    static EarlyHold none(HandOff handOff) {
        return new EarlyHold(handOff, Optional.empty());
    }

    /**
     * The operation of {@code statement}, not yet parsed, held before the guard parses it when its text shows
     * that the guard decides it without planning ({@link UnplannedText#certain}): Flink then makes the
     * operation's table environment while the guard parses the statement too, not only while it decides. None
     * in an open statement set (its statements are kept for its {@code END}, not handed on one by one), for any
     * other text, and when making it fails (as {@link #of}). The parse has the last word: {@link #keptFor}.
     */
    static EarlyHold beforeParse(
            CallContext call, String statement, long timeoutMs, Configuration config, HandOff handOff,
            boolean inStatementSet) {
        if (inStatementSet || !UnplannedText.certain(statement)) {
            return new EarlyHold(handOff, Optional.empty());
        }
        return new EarlyHold(handOff, held(call, statement, timeoutMs, config, handOff));
    }

    /**
     * This hold, made before the parse, for {@code parsed}: kept for a statement the guard decides without
     * planning ({@link StatementPipeline#decidesWithoutPlanning}), withdrawn for any other (Flink's parsers
     * refused the text: the hold would not have been made after the parse).
     */
    EarlyHold keptFor(ParsedStatement parsed) {
        if (!StatementPipeline.decidesWithoutPlanning(parsed)) {
            withdraw();
        }
        return this;
    }

    private static Optional<GatewaySessions.Held> held(
            CallContext call, String statement, long timeoutMs, Configuration config, HandOff handOff) {
        try {
            return call.timing().time(
                    Part.HAND_OFF, () -> handOff.hold(call.sessionHandle(), statement, timeoutMs, config));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** True while an operation is held and neither given to the call nor withdrawn. */
    boolean holds() {
        return held.isPresent();
    }

    /** Withdraws the held operation, if one is still held ({@link GatewaySessions.Held#withdraw}). */
    void withdraw() {
        held.ifPresent(GatewaySessions.Held::withdraw);
        held = Optional.empty();
    }

    /**
     * The call's hand-off: its hold takes the operation held here (once); any other hand-off withdraws
     * it first, so that Flink can take the session's operation lock.
     */
    HandOff handOff() {
        if (held.isEmpty()) {
            return handOff;
        }
        return new HandOff() {
            @Override
            public OperationHandle execute(
                    SessionHandle session, ParsedStatement parsed, String statement, long timeoutMs,
                    Configuration config) {
                withdraw();
                return handOff.execute(session, parsed, statement, timeoutMs, config);
            }

            @Override
            public Optional<GatewaySessions.Held> hold(
                    SessionHandle session, String statement, long timeoutMs, Configuration config) {
                Optional<GatewaySessions.Held> taken = held;
                held = Optional.empty();
                return taken.isPresent() ? taken : handOff.hold(session, statement, timeoutMs, config);
            }

            @Override
            public Optional<OperationHandle> executeJudgedPlan(
                    SessionHandle session, String compiledPlanJson, Configuration config, boolean inPlaceOfText,
                    StatementUids.PlanToRun judgedPlan) {
                withdraw();
                return handOff.executeJudgedPlan(session, compiledPlanJson, config, inPlaceOfText, judgedPlan);
            }

            @Override
            public Optional<OperationHandle> compileAndExecuteJudgedPlan(
                    SessionHandle session, String planFile, String compiledPlanJson, Configuration config) {
                withdraw();
                return handOff.compileAndExecuteJudgedPlan(session, planFile, compiledPlanJson, config);
            }

            @Override
            public Optional<OperationHandle> executeJudgedOperation(
                    SessionHandle session, JudgedOperation judged) {
                withdraw();
                return handOff.executeJudgedOperation(session, judged);
            }
        };
    }
}
