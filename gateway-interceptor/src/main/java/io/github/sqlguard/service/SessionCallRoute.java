package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.service.AuditedCall.Ending;

import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import java.util.Optional;
import java.util.function.Function;

/**
 * The route of a call that answers with a value or an exception, not with an operation: {@code
 * openSession}, {@code configureSession}, {@code deployScript}, a materialized table refresh. A
 * refusal is the call's {@link SqlGatewayException}, thrown after the record of it is written.
 */
final class SessionCallRoute<T> implements AuditedCall.Route<T> {

    private final Function<Decision, Ending<T>> handOn;

    /** @param handOn runs the call in Flink and says what happened */
    SessionCallRoute(Function<Decision, Ending<T>> handOn) {
        this.handOn = handOn;
    }

    @Override
    public boolean refuses(Decision decision, CallContext context) {
        return Decider.refuses(decision, context.policy());
    }

    @Override
    public Ending<T> refuse(Decision decision) {
        String message = decision.refusalMessage();
        return new Ending<>(Outcome.BLOCKED, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                () -> {
                    throw new SqlGatewayException(message);
                });
    }

    @Override
    public Ending<T> handOn(Decision decision) {
        return handOn.apply(decision);
    }

    @Override
    public Outcome failure() {
        return Outcome.FAILED;
    }

    @Override
    public T auditFailed(String message) {
        throw new SqlGatewayException(message);
    }
}
