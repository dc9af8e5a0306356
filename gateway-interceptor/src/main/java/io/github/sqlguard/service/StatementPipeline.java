package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.observe.StateWatcher;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.restore.PlanStore;
import io.github.sqlguard.rewrite.Rewrites;
import io.github.sqlguard.rewrite.Rewriter;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The guard's routes, used by the gateway ({@link GuardedSqlGatewayService}) and by {@code lint}.
 * Each route is a short sequence of stages: its call's context (who, the policy and scope that
 * decide, read once); for a statement, Flink's parse and, where Flink's own parsers refuse it, the
 * session's parser chain; the decision ({@link Decider}); and the audited call ({@link
 * AuditedCall}: decision record, then refuse or hand on, then outcome record). Statements of a
 * session are decided and handed on in the session's order ({@link GuardedSession#inOrder});
 * statement sets ({@link StatementSetRoute}) and {@code EXPLAIN} ({@link ExplainDryRun}) have
 * routes of their own. How an allowed statement reaches Flink is the caller's {@link HandOff}.
 * Thread-safe; {@link #close()} stops its threads.
 */
public final class StatementPipeline implements AutoCloseable {

    /**
     * Statements up to this many characters are parsed on the REST I/O thread that read them (to
     * answer a {@code SET} there, as Flink does); a longer one is parsed on a decision thread, since
     * parsing it would stall every other request that I/O thread serves.
     */
    public static final int IO_THREAD_PARSE_MAX_CHARS = 16 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(StatementPipeline.class);

    private final SqlGatewayService delegate;
    private final Auditor auditor;
    private final PolicyHolder policies;
    private final GuardMetrics metrics;
    private final RewriteStage rewrites;
    private final Optional<GatewaySessions> gatewaySessions;
    private final SessionRegistry sessions;
    private final SessionPlanner planner;
    private final CallContexts contexts;
    private final Classifier classifier;
    private final Decider decider;
    private final Optional<PlanStore> plans;
    private final StatementCalls calls;
    private final StatementSetRoute statementSets;
    private final ExplainDryRun explains;
    private final SessionCalls sessionCalls;
    private final JobIdRecorder jobs;
    private final StateWatcher watcher;

    /**
     * The pipeline of a gateway.
     *
     * @param delegate Flink's own service ({@code SqlGatewayServiceImpl}; another implementation
     *     cannot be planned in, and {@code sql-guard.fail-mode} decides its statements)
     * @param catalog the rules
     * @param auditor where records go
     * @param policies the policy in force, read once per call (reload swaps it between calls)
     * @param metrics the guard's metrics
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics) {
        this(delegate, catalog, auditor, policies, metrics, SessionPlanner.defaultThreads(), false);
    }

    /**
     * The pipeline of a gateway, with {@code plannerThreads} planner threads ({@code
     * sql-guard.planner.threads}); see {@link #StatementPipeline(SqlGatewayService, RuleCatalog,
     * Auditor, PolicyHolder, GuardMetrics)}.
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads) {
        this(delegate, catalog, auditor, policies, metrics, plannerThreads, false);
    }

    /**
     * A pipeline that proves the rewrites of every statement before its call goes on, in the
     * session's order ({@code proveEveryRewriteAtOnce}; {@code lint}), or, as the gateway does, only
     * those of refused statements and {@code EXPLAIN}s, and a running statement's after its hand-off.
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, boolean proveEveryRewriteAtOnce) {
        this(delegate, catalog, auditor, policies, metrics, SessionPlanner.defaultThreads(), proveEveryRewriteAtOnce);
    }

    /**
     * The pipeline of a gateway that watches the state of the jobs it submits with {@code watcher}
     * (closed with the pipeline); see {@link #StatementPipeline(SqlGatewayService, RuleCatalog,
     * Auditor, PolicyHolder, GuardMetrics, int)}.
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads, StateWatcher watcher) {
        this(delegate, catalog, auditor, policies, metrics, plannerThreads, false, watcher, Optional.empty());
    }

    /**
     * The pipeline of a gateway that also keeps the plans of the jobs it submits in {@code plans},
     * and compares a statement restoring a savepoint of one of them with its plan ({@code
     * restore-incompatible-state}, {@code restore-changed-meaning}).
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads, StateWatcher watcher, Optional<PlanStore> plans) {
        this(delegate, catalog, auditor, policies, metrics, plannerThreads, false, watcher, plans);
    }

    private StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads, boolean proveEveryRewriteAtOnce) {
        this(delegate, catalog, auditor, policies, metrics, plannerThreads, proveEveryRewriteAtOnce, StateWatcher.disabled(),
                Optional.empty());
    }

    private StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads, boolean proveEveryRewriteAtOnce, StateWatcher watcher,
            Optional<PlanStore> plans) {
        this(delegate, catalog, auditor, policies, metrics, plannerThreads, proveEveryRewriteAtOnce, watcher, plans,
                RestoreBaseline.NONE, Rewriter.Shown.EVERY);
    }

    private StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies,
            GuardMetrics metrics, int plannerThreads, boolean proveEveryRewriteAtOnce, StateWatcher watcher,
            Optional<PlanStore> plans, RestoreBaseline baseline, Rewriter.Shown shownAtOnce) {
        this.plans = plans;
        this.delegate = delegate;
        this.auditor = auditor;
        this.policies = policies;
        this.metrics = metrics;
        this.gatewaySessions = GatewaySessions.of(delegate);
        this.sessions = new SessionRegistry(delegate, gatewaySessions);
        SessionRegistry registry = this.sessions;
        this.planner = new SessionPlanner(gatewaySessions, plannerThreads,
                session -> registry.find(session).flatMap(GuardedSession::identity).flatMap(Identity::user));
        this.contexts = new CallContexts(sessions, gatewaySessions);
        this.classifier = new Classifier(gatewaySessions);
        this.rewrites = new RewriteStage(catalog, planner, gatewaySessions, sessions, metrics, proveEveryRewriteAtOnce, shownAtOnce);
        this.decider = new Decider(delegate, catalog, planner, classifier, metrics, rewrites, plans, sessions, baseline);
        AuditedCall audited = new AuditedCall(auditor, metrics);
        GuardOperations operations = new GuardOperations(delegate);
        this.calls = new StatementCalls(audited, operations, sessions);
        this.statementSets = new StatementSetRoute(decider, calls, new StatementParser());
        this.explains = new ExplainDryRun(delegate, gatewaySessions, decider, calls, operations);
        this.sessionCalls = new SessionCalls(delegate, policies, sessions, contexts, classifier, decider, audited);
        this.watcher = watcher;
        this.jobs = new JobIdRecorder(auditor, sessions, watcher, delegate::getSessionConfig);
    }

    /** A pipeline with a fixed policy and no metrics (tests). */
    public StatementPipeline(SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, Policy policy) {
        this(delegate, catalog, auditor, new PolicyHolder(policy), GuardMetrics.unregistered());
    }

    /**
     * A pipeline with a fixed policy and no metrics that proves every statement's rewrites at once, every family's
     * rewrite of every finding ({@link Rewriter.Shown#EVERY}: the rewrite tests, which read them all; lint's own is
     * {@link #forLint}).
     */
    public static StatementPipeline provingEveryRewriteAtOnce(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, Policy policy) {
        return provingEveryRewriteAtOnce(delegate, catalog, auditor, policy, RestoreBaseline.NONE);
    }

    /**
     * {@link #provingEveryRewriteAtOnce(SqlGatewayService, RuleCatalog, Auditor, Policy)}, a statement that names no
     * savepoint judged against {@code baseline} as lint's is: the tests of the rewrites of a statement that restores.
     */
    public static StatementPipeline provingEveryRewriteAtOnce(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, Policy policy, RestoreBaseline baseline) {
        return new StatementPipeline(
                delegate, catalog, auditor, new PolicyHolder(policy), GuardMetrics.unregistered(),
                SessionPlanner.defaultThreads(), true, StateWatcher.disabled(), Optional.empty(), baseline,
                Rewriter.Shown.EVERY);
    }

    /**
     * lint's pipeline: a fixed policy and no metrics; every statement's rewrites proven at once, of them what lint
     * shows, each finding's first rewrite ({@link Rewriter.Shown#FIRST_PER_FINDING}); a statement that names no
     * savepoint judged against {@code baseline} ({@code lint --since}); the plans' nodes numbered per statement
     * as the gateway's are ({@link io.github.sqlguard.flink.PlanNodeIds}).
     */
    public static StatementPipeline forLint(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, Policy policy, RestoreBaseline baseline) {
        return new StatementPipeline(
                delegate, catalog, auditor, new PolicyHolder(policy), GuardMetrics.unregistered(),
                SessionPlanner.defaultThreads(), true, StateWatcher.disabled(), Optional.empty(), baseline,
                Rewriter.Shown.FIRST_PER_FINDING);
    }

    /** What the guard keeps of each session. */
    public SessionRegistry sessions() {
        return sessions;
    }

    /** Where the plans of the jobs this gateway submits are kept; empty when they are not. */
    public Optional<PlanStore> planStore() {
        return plans;
    }

    /** Flink's sessions, for a hand-off that runs judged plans ({@link HandOff#toFlink}); empty for another service. */
    public Optional<GatewaySessions> gatewaySessions() {
        return gatewaySessions;
    }

    /**
     * Checks the properties a session is opened with, then opens it.
     *
     * @param identity who the gateway verified as opening it (over its REST endpoint), if anyone
     * @throws SqlGatewayException when the guard refuses the properties (the session is not opened)
     *     or Flink cannot open it
     */
    public SessionHandle openSession(SessionEnvironment environment, String claimedUser, Optional<Identity> identity) {
        return sessionCalls.openSession(environment, claimedUser, identity);
    }

    /**
     * {@code configureSession}: the same decision as for a statement, in the session's order like
     * every call of it ({@link GuardedSession#inOrder}): after the session's earlier calls have been
     * decided and handed on, so a view it changes cannot change what an earlier statement, already
     * judged, runs. A refusal is the call's error.
     *
     * @param apply runs the statement in Flink's session
     * @throws SqlGatewayException when the guard refuses the statement
     */
    public void configure(SessionHandle session, String statement, Runnable apply) {
        Policy policy = policies.current();
        sessions.session(session).inOrder(policy.explainTimeout(), () -> {
            sessionCalls.configure(session, policy, statement, apply);
            return null;
        });
    }

    /**
     * A call the guard cannot analyse statement by statement ({@code deployScript}, a materialized
     * table refresh): {@code sql-guard.fail-mode} decides.
     *
     * @param callName the gateway call, for the audit
     * @param what what the call runs, for the audit
     * @param reason why the guard cannot analyse it
     * @param run runs the call in Flink
     * @param handleOf the operation handle the call's result names, if any, for the audit
     * @throws SqlGatewayException when refused
     */
    public <T> T unanalysable(
            String callName, SessionHandle session, What what, String reason, Supplier<T> run,
            Function<T, Optional<OperationHandle>> handleOf) {
        return sessionCalls.unanalysable(callName, session, what, reason, run, handleOf);
    }

    /** True while the audit's write of records is held up ({@link Auditor#heldUp}): records handed in now wait for it. */
    public boolean auditHeldUp() {
        return auditor.heldUp();
    }

    /**
     * Flink's parse of {@code statement}, made before its call ({@link #execute}), and timed; a
     * statement over {@code sql-guard.max-statement-bytes} is not parsed ({@link ParsedStatement.Unread}).
     */
    public KeptParse parse(String statement) {
        return classifier.parse(statement, policies.current().maxStatementBytes());
    }

    /**
     * True when deciding on {@code statement} plans nothing: Flink's parsers read it as one
     * statement of a kind the guard decides from its text and the session's configuration alone
     * ({@code SET}, {@code RESET}, DDL, {@code SHOW}, {@code BEGIN STATEMENT SET}, ...). False for a
     * query or DML, for anything with a query the guard plans ({@code COMPILE PLAN ... FOR}, a
     * materialized table's defining query, {@code EXPLAIN}), for the {@code END} that decides a
     * statement set, and for a statement only the session's parser chain reads. The REST endpoint
     * answers a statement decided without planning on the thread that read it; a false answer only
     * moves the decision to another thread.
     */
    public static boolean decidesWithoutPlanning(ParsedStatement statement) {
        return statement.plannedBody().isEmpty()
                && StatementGuard.storedPlan(statement).isEmpty()
                && !(statement instanceof ParsedStatement.Unparsable)
                && !(statement instanceof ParsedStatement.Explain)
                && statement.kind() != StatementKind.END_STATEMENT_SET;
    }

    /**
     * Decides on {@code statement} of {@code session}, parsed before the call, and hands it on with
     * {@code handOff}, or refuses it with an operation that fails with the guard's message (or, for
     * an ordinary Flink rejection, with Flink's own error).
     */
    public Submission execute(
            SessionHandle session, KeptParse statement, long executionTimeoutMs, Configuration executionConfig,
            HandOff handOff) {
        return execute(session, statement.statement().text(), Optional.of(statement), executionTimeoutMs,
                executionConfig, handOff);
    }

    /**
     * As {@link #execute(SessionHandle, KeptParse, long, Configuration, HandOff)}, parsing {@code statement} in the
     * call, after its operation is held where its text shows that the guard decides it without planning ({@link
     * EarlyHold#beforeParse}): Flink makes the operation's table environment while the guard parses and decides.
     * The REST endpoint's route for such a text ({@link UnplannedText}); the same decision, records and operation.
     */
    public Submission executeHeldBeforeParse(
            SessionHandle session, String statement, long executionTimeoutMs, Configuration executionConfig,
            HandOff handOff) {
        return execute(session, statement, Optional.empty(), executionTimeoutMs, executionConfig, handOff);
    }

    private Submission execute(
            SessionHandle session, String text, Optional<KeptParse> parsedBefore, long executionTimeoutMs,
            Configuration executionConfig, HandOff handOff) {
        Configuration config = executionConfig == null ? new Configuration() : executionConfig;
        StatementTiming timing = parsedBefore.map(p -> StatementTiming.afterParse(p.nanos()))
                .orElseGet(StatementTiming::start);
        GuardedSession guarded = sessions.session(session);
        // The policy is read once; the scope only after the session's previous USE has taken
        // effect, so a Top-N right after 'USE sandbox' is decided by the scope of 'sandbox'.
        Policy policy = policies.current();
        Submission submission = guarded.inOrder(policy.explainTimeout(), () -> {
            CallContext call = contexts.of(session, policy, timing);
            EarlyHold heldBeforeParse = parsedBefore.isPresent()
                    ? EarlyHold.none(handOff)
                    : EarlyHold.beforeParse(call, text, executionTimeoutMs, config, handOff,
                            guarded.statementSet().isOpen());
            return decide(call, guarded, policy, text, parsedBefore, executionTimeoutMs, config, handOff, timing,
                    heldBeforeParse);
        });
        timing.finish(submission.statement().kind().name(), submission.outcome().label(), metrics);
        return submission;
    }

    /**
     * The decision of a call and its audited answer, in the session's order ({@link GuardedSession#inOrder}), with the
     * operation held before the parse, if any ({@code heldBeforeParse}).
     */
    private Submission decide(
            CallContext call, GuardedSession guarded, Policy policy, String text, Optional<KeptParse> parsedBefore,
            long executionTimeoutMs, Configuration config, HandOff handOff, StatementTiming timing,
            EarlyHold heldBeforeParse) {
        ParsedStatement parsed;
        try {
            ParsedStatement read = parsedBefore.isPresent() ? parsedBefore.get().statement()
                    : timing.time(StatementTiming.Part.PARSE,
                            () -> classifier.parse(text, policy.maxStatementBytes()).statement());
            parsed = classifier.classify(call, read, config);
        } catch (RuntimeException | Error e) {
            heldBeforeParse.withdraw();
            throw e;
        }
        Submission submitted;
        if (parsed instanceof ParsedStatement.Unread unread && unread.overLimit()) {
            heldBeforeParse.withdraw();
            ScopedDecision decided = decider.statement(call, parsed, config);
            submitted = calls.refuse(decided.call(), parsed, decided.decision(), overLimit(unread));
        } else if (StatementSetRoute.takes(parsed, guarded.statementSet().isOpen())) {
            heldBeforeParse.withdraw();
            submitted = statementSets.submit(call, guarded.statementSet(), parsed, executionTimeoutMs, config, handOff);
        } else if (parsed instanceof ParsedStatement.Explain) {
            heldBeforeParse.withdraw();
            submitted = explains.submit(call, parsed, executionTimeoutMs, config, handOff);
        } else {
            // Held before its decision: Flink makes its table environment while the guard decides (EarlyHold).
            EarlyHold early = parsedBefore.isPresent()
                    ? EarlyHold.of(call, parsed, executionTimeoutMs, config, handOff)
                    : heldBeforeParse.keptFor(parsed);
            ScopedDecision decided;
            try {
                decided = decider.statement(call, parsed, config);
            } catch (RuntimeException | Error e) {
                early.withdraw();
                throw e;
            }
            if (StatementCalls.refuses(decided.decision(), decided.call().policy())) {
                // Answered with an operation of its own, which needs the session's operation lock.
                early.withdraw();
            }
            HandOff handing = early.handOff();
            try {
                submitted = calls.submit(decided.call(), parsed, decided.decision(),
                        d -> calls.hold(decided.call(), parsed, executionTimeoutMs, config, d, handing),
                        d -> calls.handOn(decided.call(), parsed, executionTimeoutMs, config, d, handing));
            } finally {
                early.withdraw();
            }
            if (parsed instanceof ParsedStatement.Configure) {
                // By what happened to it: in report mode a SET with a BLOCK finding is applied all the same.
                guarded.refusedSets().decided(parsed, decided.decision(), !submitted.outcome().handedOn());
            }
            if (submitted.outcome().handedOn()) {
                guarded.writtenViews().handedOn(parsed);
            }
        }
        if (listsConfiguration(parsed)) {
            guarded.listsConfiguration(submitted.handle());
        }
        if (!parsed.kind().isPlanned() && !(parsed instanceof ParsedStatement.Unparsable)
                && !(parsed instanceof ParsedStatement.Unread)) {
            guarded.changedBy(submitted.handle());
        }
        if (submitted.outcome().handedOn() && rewrites.wantedAfterHandOff(submitted.decision(), policy, submitted.statement())) {
            proveAfterHandOff(call, guarded, submitted, config);
        }
        return submitted;
    }

    /** True for a bare {@code SET}, whose result lists the session's configuration (redacted when fetched). */
    private static boolean listsConfiguration(ParsedStatement parsed) {
        return parsed instanceof ParsedStatement.Configure set && set.kind() == StatementKind.SET && set.key().isEmpty();
    }

    /** As {@link #execute(SessionHandle, KeptParse, long, Configuration, HandOff)}, parsing {@code statement} first. */
    public Submission execute(
            SessionHandle session, String statement, long executionTimeoutMs, Configuration executionConfig,
            HandOff handOff) {
        return execute(session, parse(statement), executionTimeoutMs, executionConfig, handOff);
    }

    /** The error of a statement refused for a limit of the policy. */
    static String overLimit(ParsedStatement.Unread unread) {
        return "[sql-guard] Statement refused: " + unread.reason() + ". Send a smaller statement, or ask the"
                + " administrator to raise the limit.";
    }

    /**
     * Plannings the guard stopped waiting for ({@code sql-guard.explain-timeout}) that still hold a
     * planner thread while they are cancelled; for monitoring.
     */
    public int abandonedPlannings() {
        return planner.abandonedPlannings();
    }

    /** Plannings waiting for a planner now ({@code sql-guard.planner.threads}); for monitoring and tests. */
    public int waitingPlannings() {
        return planner.waitingPlannings();
    }

    /**
     * Proves the rewrites of a statement that was handed on, on the rewrite stage's threads, and
     * attaches them to its advisory; audited ({@code rewrites-proven}, linked by {@code decisionId})
     * and counted when proven.
     */
    private void proveAfterHandOff(CallContext call, GuardedSession guarded, Submission submitted, Configuration config) {
        Map<String, String> sessionConfig = delegate.getSessionConfig(call.sessionHandle());
        String handle = submitted.handle().toString();
        CompletableFuture<Rewrites> proving =
                rewrites.proveLater(call, submitted.statement(), sessionConfig, config, submitted.decision(),
                        decider.restoring(call));
        guarded.rewriting(handle, proving.thenAccept(proven -> {
            guarded.attachRewrites(handle, proven);
            try {
                auditor.write(auditor.rewrites(
                        StatementCalls.CALL, call.session().map(Object::toString).orElse(null), call.who(),
                        What.statement(submitted.statement()), submitted.decision(), proven, handle));
            } catch (AuditWriteException e) {
                metrics.auditWriteFailure();
                LOG.error(
                        "sql-guard could not write the audit record of the rewrites of operation {}.", handle, e);
            }
        }));
    }

    /**
     * The guard's advisory for an operation, once the rewrites of its statement are proven (at most
     * {@code sql-guard.rewrite.timeout} and one planning after the call): what the advisory routes
     * answer.
     */
    public CompletableFuture<Optional<Advisory>> advisoryWhenProven(SessionHandle session, OperationHandle operation) {
        Optional<GuardedSession> guarded = sessions.find(session);
        if (guarded.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return bounded(guarded.get().rewritesProven(operation.toString()))
                .thenApply(done -> guarded.get().advisory(operation.toString()));
    }

    /** The advisories of a session's most recent operations, once every pending rewrite of them is proven. */
    public CompletableFuture<Optional<List<Advisory>>> advisoriesWhenProven(SessionHandle session) {
        Optional<GuardedSession> guarded = sessions.find(session);
        if (guarded.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return bounded(guarded.get().allRewritesProven()).thenApply(done -> Optional.of(guarded.get().advisories()));
    }

    /** {@code pending}, given up on after the rewrite timeout and one planning (the advisory then says pending). */
    private CompletableFuture<Void> bounded(CompletableFuture<Void> pending) {
        Policy policy = policies.current();
        long ms = policy.rewrite().timeout().toMillis() + policy.explainTimeout().toMillis();
        return pending.exceptionally(e -> null).completeOnTimeout(null, ms, TimeUnit.MILLISECONDS);
    }

    /**
     * What the client gets of a fetched result: the listing of a bare {@code SET} with its secret
     * values masked ({@link ConfigurationListing}); the job it names is audited, once per statement
     * handed on ({@link JobIdRecorder}).
     */
    public ResultSet fetched(SessionHandle session, OperationHandle operation, ResultSet result) {
        boolean listing = sessions.find(session).map(s -> s.isConfigurationListing(operation)).orElse(false);
        return jobs.fetched(session, operation, listing ? ConfigurationListing.redacted(result) : result);
    }

    /** The client closed an operation: its job id will not be audited, and no decision waits for it. */
    public void operationClosed(SessionHandle session, OperationHandle operation) {
        sessions.find(session).ifPresent(guarded -> guarded.closed(operation));
    }

    /** Forgets what the guard keeps for a session. */
    public void closed(SessionHandle session) {
        sessions.forget(session);
    }

    /** The guard's advisory for an operation of a session, kept for its most recent operations. */
    public Optional<Advisory> advisory(SessionHandle session, OperationHandle operation) {
        return sessions.find(session).flatMap(s -> s.advisory(operation.toString()));
    }

    /** The advisories of a session's most recent operations, oldest first; empty for an unknown session. */
    public Optional<List<Advisory>> advisories(SessionHandle session) {
        return sessions.find(session).map(GuardedSession::advisories);
    }

    /** The watcher of the state of the jobs this pipeline submitted. */
    public StateWatcher watcher() {
        return watcher;
    }

    /** Stops the pipeline's threads: planning, waiting on Flink's operations, watching the jobs' state. */
    @Override
    public void close() {
        watcher.close();
        rewrites.close();
        planner.close();
        gatewaySessions.ifPresent(GatewaySessions::close);
        // The outcome records still queued (sql-guard.audit.outcome-records: after-response).
        auditor.flush();
    }
}
