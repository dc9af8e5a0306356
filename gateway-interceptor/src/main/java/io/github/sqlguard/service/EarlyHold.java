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
import java.util.function.Consumer;

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
 * <p>A hold made before the parse can be <em>answered</em> at once ({@link #beforeParse} with an answer): the
 * client gets the held operation's handle before the guard parses, decides and writes the records, and the held
 * operation is then the call's answer whatever the decision. It is never withdrawn: a refusal fails it with the
 * guard's message once the records are written ({@link #refuseAfterRecords}), a statement handed on releases
 * it after its records ({@link AuditedCall}), and a call that fails before either fails it with its error ({@link
 * #fail}). Nothing of the statement runs before its verdict and its records: the gate is the same.
 */
final class EarlyHold {

    private final HandOff handOff;
    private Optional<GatewaySessions.Held> held;
    /** True when the held operation's handle was answered before the decision: it is the call's answer. */
    private final boolean answered;
    /** The answered operation (when {@link #answered}), kept after the call's hold takes it. */
    private final GatewaySessions.Held answeredHeld;
    private final OperationHandle answeredHandle;
    /** The refusal the call chose for an answered operation, made once the records are written ({@link #settle}). */
    private Optional<RuntimeException> refusal = Optional.empty();

    private EarlyHold(HandOff handOff, Optional<GatewaySessions.Held> held, boolean answered) {
        this.handOff = handOff;
        this.held = held;
        this.answered = answered && held.isPresent();
        this.answeredHeld = this.answered ? held.get() : null;
        this.answeredHandle = this.answered ? held.get().handle() : null;
    }

    private EarlyHold(HandOff handOff, Optional<GatewaySessions.Held> held) {
        this(handOff, held, false);
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
        return beforeParse(call, statement, timeoutMs, config, handOff, inStatementSet, Optional.empty());
    }

    /**
     * As {@link #beforeParse(CallContext, String, long, Configuration, HandOff, boolean)}, and when the operation
     * is held, its handle is given to {@code answer} at once, before the parse, the decision and the records: the
     * held operation is then the call's answer ({@link #answered}).
     */
    static EarlyHold beforeParse(
            CallContext call, String statement, long timeoutMs, Configuration config, HandOff handOff,
            boolean inStatementSet, Optional<Consumer<OperationHandle>> answer) {
        if (inStatementSet || !UnplannedText.certain(statement)) {
            return new EarlyHold(handOff, Optional.empty());
        }
        Optional<GatewaySessions.Held> made = held(call, statement, timeoutMs, config, handOff);
        EarlyHold early = new EarlyHold(handOff, made, answer.isPresent());
        if (early.answered) {
            answer.get().accept(made.get().handle());
        }
        return early;
    }

    /** The held operation when its handle was answered before the decision ({@link #beforeParse} with an answer). */
    Optional<GatewaySessions.Held> answered() {
        return Optional.ofNullable(answeredHeld);
    }

    /**
     * The answered operation's handle, failed with {@code refusal} once the call's records are written ({@link
     * #settle}): the client, which fetches the refusal from that operation, then finds its outcome record in the file
     * as for a refusal answered with an operation of its own.
     */
    OperationHandle refuseAfterRecords(RuntimeException refusal) {
        this.refusal = Optional.of(refusal);
        return answeredHandle;
    }

    /**
     * Settles an answered operation at the end of its call: fails it with the refusal the call chose ({@link
     * #refuseAfterRecords}), or, when none was chosen and it was neither released nor refused, with {@code
     * otherwise}; a settled one is left as it is (a later settling does nothing).
     */
    void settle(RuntimeException otherwise) {
        if (answered) {
            answeredHeld.refuse(refusal.orElse(otherwise));
        }
    }

    /**
     * This hold, made before the parse, for {@code parsed}: kept for a statement the guard decides without
     * planning ({@link StatementPipeline#decidesWithoutPlanning}), withdrawn for any other (Flink's parsers
     * refused the text: the hold would not have been made after the parse).
     */
    EarlyHold keptFor(ParsedStatement parsed) {
        // An answered hold is the call's answer whatever the parse found: the routes settle it (a refusal, Flink's
        // own error for a text its parsers refuse, or the release after the records).
        if (!answered && !StatementPipeline.decidesWithoutPlanning(parsed)) {
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

    /**
     * Withdraws the held operation, if one is still held ({@link GatewaySessions.Held#withdraw}). Does nothing to an
     * answered one: the client has its handle, and the call's route settles it.
     */
    void withdraw() {
        if (answered) {
            return;
        }
        held.ifPresent(GatewaySessions.Held::withdraw);
        held = Optional.empty();
    }

    /**
     * Fails an answered operation with {@code error} without running its statement, when the call failed before
     * its route settled it (its client fetches the error, as it would have had it in answer to the call), or with the
     * refusal the call chose before it failed ({@link #refuseAfterRecords}); does nothing to one already released or
     * refused, and withdraws one not answered.
     */
    void fail(Throwable error) {
        if (!answered) {
            withdraw();
            return;
        }
        settle(error instanceof RuntimeException runtime ? runtime
                : new StatementBlockedException(String.valueOf(error.getMessage()), error));
    }

    /**
     * The call's hand-off: its hold takes the operation held here (once); any other hand-off withdraws
     * it first, so that Flink can take the session's operation lock. An answered operation is not withdrawn: a
     * hand-off of the text releases it, and the judged plan or operation is not run in place of its text.
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
                if (answered && held.isPresent()) {
                    // The answered operation runs the statement's text, as this hand-off would: released now, after
                    // the decision record (AuditedCall hands on only after it).
                    GatewaySessions.Held taken = held.get();
                    held = Optional.empty();
                    taken.release();
                    return taken.handle();
                }
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
                if (answered) {
                    return Optional.empty(); // runs as its text, in the answered operation: execute
                }
                withdraw();
                return handOff.executeJudgedPlan(session, compiledPlanJson, config, inPlaceOfText, judgedPlan);
            }

            @Override
            public Optional<OperationHandle> compileAndExecuteJudgedPlan(
                    SessionHandle session, String planFile, String compiledPlanJson, Configuration config) {
                if (answered) {
                    return Optional.empty(); // runs as its text, in the answered operation: execute
                }
                withdraw();
                return handOff.compileAndExecuteJudgedPlan(session, planFile, compiledPlanJson, config);
            }

            @Override
            public Optional<OperationHandle> executeJudgedOperation(
                    SessionHandle session, JudgedOperation judged) {
                if (answered) {
                    return Optional.empty(); // runs as its text, in the answered operation: execute
                }
                withdraw();
                return handOff.executeJudgedOperation(session, judged);
            }
        };
    }
}
