package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.Pools;
import io.github.sqlguard.flink.SessionCatalog;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rewrite.RewriteRequest;
import io.github.sqlguard.rewrite.Rewriter;
import io.github.sqlguard.rewrite.Rewrites;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The rewrite stage: proves the rewrites of a decided statement ({@link Rewriter}) in its session,
 * and counts them in the metrics. Off the hot path: only a statement with a WARN or BLOCK finding
 * of a rule some family answers is rewritten, so an OK statement never waits here.
 *
 * <p>When they are proven: a statement the guard refuses waits for its rewrites (within {@code
 * sql-guard.rewrite.timeout}), so its error carries them; so does an {@code EXPLAIN}, whose answer
 * is the point. A statement that runs (WARN, or a refusal in report mode) does not wait: it is
 * handed on at once and its rewrites are proven afterwards, on this stage's threads, and attached
 * to its advisory, which the guard's SQL Client reads after the statement; the advisory routes wait
 * for them. The reason: a WARN is an advisory, and the statement a user runs must not pay a second
 * planning for advice that only the guard's own client shows. Proven later, a candidate may not
 * plan against a changed copy of a table ({@link io.github.sqlguard.rewrite.TableChange}): the
 * session's order is no longer held, so no scratch table is made. {@code lint} proves every
 * statement's rewrites at once, in order ({@link #proveEveryStatementAtOnce}).
 *
 * <p>Thread-safe; {@link #close()} stops its threads.
 */
final class RewriteStage implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RewriteStage.class);

    /** Statements whose rewrites are proven at once after their hand-off. */
    static final int MAX_REWRITERS = 8;

    private final Rewriter rewriter = Rewriter.builtIn();
    /** The guard of each policy, that judges the candidates. */
    private final PolicyGuards guards;
    private final SessionPlanner planner;
    private final Optional<SessionCatalog> catalogs;
    private final GuardMetrics metrics;
    private final SessionRegistry sessions;
    private final boolean proveEveryStatementAtOnce;
    /** What the rewrites proven for every statement at once are shown in ({@link Rewriter.Shown#FIRST_PER_FINDING} for lint). */
    private final Rewriter.Shown shownAtOnce;
    private final ExecutorService rewriters = Pools.bounded("sql-guard-rewriter", MAX_REWRITERS);

    /**
     * @param proveEveryStatementAtOnce true to prove the rewrites of every statement before its call
     *     goes on, in the session's order ({@code lint})
     * @param shownAtOnce what those are shown in: {@link Rewriter.Shown#FIRST_PER_FINDING} for lint, which shows a
     *     finding's first rewrite, {@link Rewriter.Shown#EVERY} where every rewrite is read
     */
    RewriteStage(
            RuleCatalog catalog, SessionPlanner planner, Optional<GatewaySessions> gatewaySessions, SessionRegistry sessions,
            GuardMetrics metrics, boolean proveEveryStatementAtOnce, Rewriter.Shown shownAtOnce) {
        this.guards = new PolicyGuards(catalog);
        this.planner = planner;
        this.catalogs = gatewaySessions.map(SessionCatalog::new);
        this.sessions = sessions;
        this.metrics = metrics;
        this.proveEveryStatementAtOnce = proveEveryStatementAtOnce;
        this.shownAtOnce = shownAtOnce;
    }

    /** True when {@code decision} has findings a rewrite may answer, under {@code policy}. */
    boolean wanted(Decision decision, Policy policy) {
        // A stored plan (EXECUTE PLAN, COMPILE AND EXECUTE PLAN of a file that exists) has no statement of its
        // own to rewrite: Flink ignores the one after FOR.
        return policy.rewrite().enabled() && catalogs.isPresent() && decision.unanalysedReason().isEmpty()
                && decision.plan().flatMap(ExplainedPlan::planFile).isEmpty()
                && decision.rewrites().isEmpty() && rewriter.wanted(decision.verdict().findings());
    }

    /**
     * True when the rewrites of a handed-on statement's decision are still to be proven: wanted, and
     * not already proven before the call went on ({@link #atOnce}), where proving may have found
     * none (a finding whose families wrote no candidate): proving those again after the hand-off
     * would run when lint has closed the session.
     */
    boolean wantedAfterHandOff(Decision decision, Policy policy, ParsedStatement statement) {
        return wanted(decision, policy) && !atOnce(decision, policy, statement);
    }

    /** True when the rewrites of {@code statement}'s decision are proven before its call goes on. */
    boolean atOnce(Decision decision, Policy policy, ParsedStatement statement) {
        return wanted(decision, policy)
                && (proveEveryStatementAtOnce || Decider.refuses(decision, policy) || statement instanceof ParsedStatement.Explain);
    }

    /**
     * The decision with its rewrites, proven now, in the session's order.
     *
     * @param sessionConfig the session's configuration the decision was taken with
     * @param restoring the restore check the statement got, for its candidates ({@link SessionRewrites.Restoring})
     */
    Decision proveNow(
            CallContext call, ParsedStatement statement, Map<String, String> sessionConfig, Configuration executionConfig,
            Decision decision, SessionRewrites.Restoring restoring) {
        long start = System.nanoTime();
        Rewrites rewrites = prove(call, statement, sessionConfig, executionConfig.toMap(), decision, true,
                shown(decision, call.policy(), statement), restoring);
        return decision.withRewrites(rewrites, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * What a statement's rewrites proven now are shown in: a refusal at the gateway shows the best rewrite of each
     * BLOCK finding ({@link Rewriter.Shown#BEST_PER_BLOCK}: issue 32, a refusal within 2x the plain gateway's
     * EXPLAIN); an {@code EXPLAIN} at the gateway shows every proven rewrite; every statement proven at once
     * ({@code lint}) is shown in {@link #shownAtOnce}.
     */
    private Rewriter.Shown shown(Decision decision, Policy policy, ParsedStatement statement) {
        if (proveEveryStatementAtOnce) {
            return shownAtOnce;
        }
        return !(statement instanceof ParsedStatement.Explain) && Decider.refuses(decision, policy)
                ? Rewriter.Shown.BEST_PER_BLOCK : Rewriter.Shown.EVERY;
    }

    /** The rewrites of a statement that was handed on, proven on this stage's threads. */
    CompletableFuture<Rewrites> proveLater(
            CallContext call, ParsedStatement statement, Map<String, String> sessionConfig, Configuration executionConfig,
            Decision decision, SessionRewrites.Restoring restoring) {
        Map<String, String> execution = executionConfig.toMap();
        return CompletableFuture.supplyAsync(
                () -> prove(call, statement, sessionConfig, execution, decision, false, Rewriter.Shown.EVERY, restoring),
                rewriters);
    }

    private Rewrites prove(
            CallContext call, ParsedStatement statement, Map<String, String> sessionConfig, Map<String, String> execution,
            Decision decision, boolean ordered, Rewriter.Shown shown, SessionRewrites.Restoring restoring) {
        long start = System.nanoTime();
        Policy policy = call.policy();
        Rewrites rewrites;
        try {
            Map<String, String> config = new HashMap<>(sessionConfig);
            config.putAll(execution);
            RewriteRequest request = new RewriteRequest(
                    statement, decision.verdict(), decision.plan(), config, policy.option(StateTtlOptions.MIN_STATE_TTL),
                    policy.option(StateTtlOptions.MAX_STATE_TTL), inStatementSet(call));
            StatementGuard guard = guards.of(policy);
            SessionRewrites session = new SessionRewrites(
                    guard, planner, catalogs.orElseThrow().reader(call.sessionHandle(), Configuration.fromMap(execution)),
                    call.sessionHandle(), sessionConfig, execution, policy.explainTimeout(), ordered, restoring,
                    call.session().flatMap(sessions::find).map(s -> s.writtenViews().newestFirst()).orElse(List.of()));
            rewrites = rewriter.rewrite(request, session, policy.rewrite(), shown);
        } catch (RuntimeException | StackOverflowError e) {
            // The statement's decision stands as it is; only its rewrites are lost, and the log says why.
            LOG.error("sql-guard could not prove the rewrites of a statement of session {}.", call.session().orElse(null), e);
            rewrites = new Rewrites(List.of(), List.of(), Optional.of("the guard could not write rewrites: " + e));
        }
        for (Rewrites.Tally tally : rewrites.tallies()) {
            metrics.rewrites(tally.ruleId(), tally.offered(), tally.verified(), tally.rejected());
        }
        metrics.rewriteMillis(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        return rewrites;
    }

    /** True when the call's session has a statement set open (the statement goes into it). */
    private boolean inStatementSet(CallContext call) {
        return call.session().flatMap(sessions::find).map(s -> s.statementSet().isOpen()).orElse(false);
    }

    @Override
    public void close() {
        rewriters.shutdownNow();
    }
}
