package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.service.AuditedCall.Ending;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The routes of the calls that answer with a value or an error rather than an operation ({@link
 * SessionCallRoute}): {@code openSession} with its properties, {@code configureSession}, and the
 * calls the guard cannot analyse statement by statement. Thread-safe.
 */
final class SessionCalls {

    private final SqlGatewayService delegate;
    private final PolicyHolder policies;
    private final SessionRegistry sessions;
    private final CallContexts contexts;
    private final Classifier classifier;
    private final Decider decider;
    private final AuditedCall audited;

    SessionCalls(
            SqlGatewayService delegate, PolicyHolder policies, SessionRegistry sessions, CallContexts contexts,
            Classifier classifier, Decider decider, AuditedCall audited) {
        this.delegate = delegate;
        this.policies = policies;
        this.sessions = sessions;
        this.contexts = contexts;
        this.classifier = classifier;
        this.decider = decider;
        this.audited = audited;
    }

    /** See {@link StatementPipeline#openSession}. */
    SessionHandle openSession(SessionEnvironment environment, String claimedUser, Optional<Identity> identity) {
        Subject opener =
                new Subject(
                        identity.flatMap(Identity::user).orElse(null), claimedUser,
                        identity.map(i -> i.source().name()).orElse("NONE"), identity.flatMap(Identity::rejected).orElse(null),
                        null, null);
        CallContext call = contexts.opening(opener, identity, policies.current());
        Map<String, String> properties = environment.getSessionConfig();
        Decision decision = decider.properties(call.scoped(), What.SESSION_PROPERTIES, properties);
        return audited.run("openSession", call, What.sessionProperties(properties), decision,
                new SessionCallRoute<>(d -> {
                    SessionHandle session = delegate.openSession(environment);
                    sessions.opened(session, opener, identity);
                    return new Ending<>(d.refuse() ? Outcome.WOULD_BLOCK : Outcome.APPLIED, Optional.empty(),
                            Optional.empty(), Optional.empty(), Optional.of(session), () -> session);
                })).value();
    }

    /** See {@link StatementPipeline#configure}. */
    void configure(SessionHandle session, Policy policy, String statement, Runnable apply) {
        CallContext call = contexts.of(session, policy, StatementTiming.start());
        ParsedStatement parsed =
                classifier.classify(call, classifier.parse(statement, policy.maxStatementBytes()).statement(),
                        new Configuration());
        ScopedDecision decided = decider.statement(call, parsed, new Configuration());
        if (parsed instanceof ParsedStatement.Unread unread && unread.overLimit()) {
            audited.run("configureSession", decided.call(), What.statement(parsed), decided.decision(),
                    SessionCallRoute.refusing(StatementPipeline.overLimit(unread)));
            return;
        }
        // A SET the guard refuses here is not applied, as one refused by executeStatement: the session's later
        // findings that name its key say so (RefusedSets). Remembered before the refusal is thrown.
        sessions.session(session).refusedSets()
                .decided(parsed, decided.decision(), Decider.refuses(decided.decision(), decided.call().policy()));
        audited.run("configureSession", decided.call(), What.statement(parsed), decided.decision(), new SessionCallRoute<>(d -> {
            apply.run();
            // A CREATE VIEW given to configureSession (an init script's) is the session's own as much as one executed.
            sessions.session(session).writtenViews().handedOn(parsed);
            return Ending.value(d.refuse() ? Outcome.WOULD_BLOCK
                    : d.unanalysedReason().isEmpty() ? Outcome.APPLIED : Outcome.UNANALYSED_APPLIED, null);
        }));
    }

    /** See {@link StatementPipeline#unanalysable}. */
    <T> T unanalysable(
            String callName, SessionHandle session, What what, String reason, Supplier<T> run,
            Function<T, Optional<OperationHandle>> handleOf) {
        // What it touches is not known: the strictest policy any table could get decides.
        CallContext call = contexts.of(session, policies.current(), StatementTiming.start()).underAnyTable();
        Decision decision = decider.unanalysable(call.scoped(), what.kind(), reason);
        return audited.run(callName, call, what, decision, new SessionCallRoute<T>(d -> {
            T result = run.get();
            return new Ending<>(d.refuse() ? Outcome.WOULD_BLOCK : Outcome.UNANALYSED_SUBMITTED, handleOf.apply(result),
                    Optional.empty(), Optional.empty(), Optional.empty(), () -> result);
        })).value();
    }
}
