package io.github.sqlguard.service;

import io.github.sqlguard.audit.Redactor;
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
    /** The refusal's message whatever the decision, for a call refused for a limit; null to refuse by the decision. */
    private final String limit;

    /** @param handOn runs the call in Flink and says what happened */
    SessionCallRoute(Function<Decision, Ending<T>> handOn) {
        this(handOn, null);
    }

    private SessionCallRoute(Function<Decision, Ending<T>> handOn, String limit) {
        this.handOn = handOn;
        this.limit = limit;
    }

    /**
     * The route of a call refused for a limit of the policy, whatever the decision and the mode:
     * audited {@code refused} with {@code message}, which is the call's error.
     */
    static <T> SessionCallRoute<T> refusing(String message) {
        return new SessionCallRoute<>(d -> {
            throw new IllegalStateException("A call refused for a limit is never handed on");
        }, message);
    }

    @Override
    public boolean refuses(Decision decision, CallContext context) {
        return limit != null || Decider.refuses(decision, context.policy());
    }

    @Override
    public Ending<T> refuse(Decision decision, CallContext context) {
        // The refusal of a call that is not an operation (configure-session, open-session): the REST
        // error the client gets, masked of secrets as GuardOperations masks an operation's.
        String message = Redactor.maskSecrets(limit != null ? limit : decision.refusalMessage(context.policy().docsBaseUrl()));
        if (limit != null) {
            return new Ending<>(Outcome.REFUSED, Optional.empty(), Optional.empty(), Optional.of(message),
                    Optional.empty(), () -> {
                        throw new SqlGatewayException(message);
                    });
        }
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
