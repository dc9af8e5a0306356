package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.identity.Identities;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.policy.Mode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.policy.PolicyReloader;
import io.github.sqlguard.policy.ScopedPolicy;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.ResultSetImpl;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The one statement pipeline of the guard, used by the gateway ({@link GuardedSqlGatewayService})
 * and by {@code lint}: classify (Flink's parser chain) → configuration checks → plan in the
 * session → rules → decision → audit → hand on or refuse. Statement-set buffering, the fail modes
 * and the audit-first rule are decided here, once.
 *
 * <p>Audit first: every call's decision record is written before anything is handed on. When it
 * cannot be written, {@code sql-guard.audit.fail-mode: closed} refuses the call with a clear error
 * (nothing runs without a record), {@code open} runs it and logs the failure. The record of what
 * happened follows, linked by {@code decisionId} and carrying the operation handle; a statement
 * that starts a job gets a {@code jobSubmitted} record with the job id when a fetched result names
 * it.
 *
 * <p>An {@code EXPLAIN} is a dry run of the statement it explains: decided on as that statement,
 * never refused for a finding, answered with Flink's EXPLAIN output and the guard's findings.
 *
 * <p>How an allowed statement reaches Flink is the caller's {@link HandOff}: the gateway hands it
 * to Flink's service; {@code lint} applies what changes the session and runs no job. Thread-safe:
 * one decision at a time per session.
 */
public final class StatementPipeline {

    private static final Logger LOG = LoggerFactory.getLogger(StatementPipeline.class);
    private static final ResolvedSchema OK_SCHEMA = ResolvedSchema.of(Column.physical("result", DataTypes.STRING()));

    /** How a statement the guard allows reaches Flink. */
    @FunctionalInterface
    public interface HandOff {
        /**
         * Runs {@code statement} (of kind {@code parsed.kind()}) in the session.
         *
         * @return the operation it became
         */
        OperationHandle execute(
                SessionHandle session, ParsedStatement parsed, String statement, long executionTimeoutMs,
                Configuration executionConfig);

        /**
         * Runs the compiled plan the guard judged in place of the statement (an INSERT or a
         * statement set), so the job is exactly that plan; empty when this hand-off runs no jobs.
         */
        default Optional<OperationHandle> executeJudgedPlan(
                SessionHandle session, String compiledPlanJson, Configuration executionConfig) {
            return Optional.empty();
        }
    }

    /**
     * What the pipeline did with one statement.
     *
     * @param handle the operation the client gets (Flink's, or the guard's refusal or {@code OK})
     * @param decision the guard's decision
     * @param outcome what happened
     */
    public record Submission(OperationHandle handle, Decision decision, Outcome outcome) {}

    private final SqlGatewayService delegate;
    private final RuleCatalog catalog;
    private final SessionPlanner planner;
    private final Auditor auditor;
    private final PolicyHolder policies;
    private final GuardMetrics metrics;
    private final Identities identities;
    private final Optional<GatewaySessions> gatewaySessions;
    private final SessionRegistry sessions;
    private final StatementParser parser = new StatementParser();
    /**
     * The parse {@link #decidesWithoutPlanning} made on this thread for the statement the thread is
     * about to decide; at most one per thread (a REST I/O thread), cleared when used.
     */
    private final ThreadLocal<KeptParse> parsedOnThisThread = new ThreadLocal<>();
    /** Where this thread's current {@code executeStatement} call spends the guard's time. */
    private final ThreadLocal<CallTimes> callTimes = ThreadLocal.withInitial(CallTimes::new);
    /** Records of submitted statements, until their job id is audited or their operation closes. */
    private final Map<OperationHandle, AuditRecord> awaitingJob = new ConcurrentHashMap<>();

    /**
     * The pipeline of a gateway.
     *
     * @param delegate Flink's own service ({@code SqlGatewayServiceImpl}; another implementation
     *     cannot be planned in, and {@code sql-guard.fail-mode} decides its statements)
     * @param catalog the rules
     * @param auditor where records go
     * @param policies the policy in force, read once per call (reload swaps it between calls)
     * @param metrics the guard's metrics
     * @param identities the verified identity of each session opened over the guard's REST endpoint
     */
    public StatementPipeline(
            SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, PolicyHolder policies, GuardMetrics metrics,
            Identities identities) {
        this.delegate = delegate;
        this.catalog = catalog;
        this.gatewaySessions = GatewaySessions.of(delegate);
        this.planner = new SessionPlanner(gatewaySessions, policies.current().explainTimeout());
        this.auditor = auditor;
        this.policies = policies;
        this.metrics = metrics;
        this.identities = identities;
        this.sessions = new SessionRegistry(delegate, gatewaySessions, identities);
    }

    /** A pipeline with a fixed policy, no metrics and no verified identities ({@code lint}, tests). */
    public StatementPipeline(SqlGatewayService delegate, RuleCatalog catalog, Auditor auditor, Policy policy) {
        this(delegate, catalog, auditor, new PolicyHolder(policy), GuardMetrics.unregistered(), new Identities());
    }

    /**
     * The policy that decides a call of {@code session}: the one in force now, narrowed to the most
     * specific scope matching the session's verified user and groups and its current catalog and
     * database.
     */
    private ScopedPolicy policyFor(SessionHandle session, Subject subject, Policy policy) {
        if (policy.scopes().isEmpty() || session == null) {
            return new ScopedPolicy(policy, Optional.empty());
        }
        List<String> groups = identities.of(session).map(Identity::groups).orElse(List.of());
        String[] location = gatewaySessions.map(g -> g.currentCatalogAndDatabase(session)).orElse(new String[2]);
        return policy.forScope(subject.user(), groups, location[0], location[1]);
    }

    private static StatementGuard guardOf(RuleCatalog catalog, ScopedPolicy scoped) {
        return new StatementGuard(new RuleEngine(catalog, scoped.policy()), scoped.policy());
    }

    // ---------------------------------------------------------------------------------------
    // Sessions
    // ---------------------------------------------------------------------------------------

    /**
     * Checks the properties a session is opened with, then opens it.
     *
     * @throws SqlGatewayException when the guard refuses the properties (the session is not opened)
     *     or Flink cannot open it
     */
    public SessionHandle openSession(SessionEnvironment environment, String claimedUser) {
        Map<String, String> properties = environment.getSessionConfig();
        Optional<Identity> identity = identities.opening();
        Policy policy = policies.current();
        Subject subject =
                new Subject(
                        identity.flatMap(Identity::user).orElse(null),
                        claimedUser,
                        identity.map(i -> i.source().name()).orElse("NONE"),
                        identity.flatMap(Identity::rejected).orElse(null),
                        null,
                        policy.policyHash());
        ScopedPolicy scoped =
                policy.forScope(subject.user(), identity.map(Identity::groups).orElse(List.of()), null, null);
        subject = subject.under(scoped.scope().orElse(null), policy.policyHash());
        ParsedStatement description =
                ParsedStatement.describing(describeProperties(properties), StatementKind.SESSION_PROPERTIES);
        Decision decision = guardOf(catalog, scoped).decideConfiguration(description, properties, "session property");
        observe(decision, scoped.policy());
        AuditRecord decided = decided("openSession", null, subject, decision, scoped.policy());
        if (decided == null || refuses(decision, scoped.policy())) {
            outcome(decided, null, Outcome.BLOCKED, null);
            throw new SqlGatewayException(decided == null ? auditFailure() : decision.refusalMessage());
        }
        SessionHandle session;
        try {
            session = delegate.openSession(environment);
        } catch (RuntimeException e) {
            outcome(decided, null, Outcome.FAILED, Errors.rootMessage(e));
            throw e;
        }
        sessions.opened(session, subject.under(null, null));
        outcome(decided == null ? null : decided.inSession(session.toString()), null,
                decision.refuse() ? Outcome.WOULD_BLOCK : Outcome.APPLIED, null);
        return session;
    }

    /** Forgets what the guard keeps for a session and its awaited jobs. */
    public void closed(SessionHandle session) {
        sessions.forget(session);
        String id = session.toString();
        awaitingJob.values().removeIf(r -> id.equals(r.sessionId()));
    }

    /** Number of sessions the guard keeps state for. */
    public int trackedSessions() {
        return sessions.size();
    }

    // ---------------------------------------------------------------------------------------
    // Statements
    // ---------------------------------------------------------------------------------------

    /**
     * Decides on {@code statement} of {@code session} and hands it on with {@code handOff}, or
     * refuses it with an operation that fails with the guard's message (or, for an ordinary Flink
     * rejection, with Flink's own error).
     */
    public Submission execute(
            SessionHandle session, String statement, long executionTimeoutMs, Configuration executionConfig,
            HandOff handOff) {
        long start = System.nanoTime();
        CallTimes times = callTimes.get();
        times.reset();
        TimedHandOff timed = new TimedHandOff(handOff);
        Submission submission = execute(session, statement, executionTimeoutMs, executionConfig, timed);
        // The parse kept from before the call (the REST endpoint's) is the guard's time as well.
        long guardNanos = System.nanoTime() - start - timed.nanos + times.keptParse;
        metrics.guardMicros(TimeUnit.NANOSECONDS.toMicros(guardNanos));
        StatementTimingEvent event = new StatementTimingEvent();
        if (event.shouldCommit()) {
            event.kind = submission.decision().statement().kind().name();
            event.outcome = submission.outcome().label();
            event.guardTime = guardNanos;
            event.parseTime = times.parse;
            event.decideTime = times.decide;
            event.auditTime = times.audit;
            event.handOffTime = timed.nanos;
            event.commit();
        }
        return submission;
    }

    /** A hand-off that adds up the time Flink's own execution of the statement takes. */
    private static final class TimedHandOff implements HandOff {
        private final HandOff handOff;
        private long nanos;

        TimedHandOff(HandOff handOff) {
            this.handOff = handOff;
        }

        @Override
        public OperationHandle execute(
                SessionHandle session, ParsedStatement parsed, String statement, long executionTimeoutMs,
                Configuration executionConfig) {
            long start = System.nanoTime();
            try {
                return handOff.execute(session, parsed, statement, executionTimeoutMs, executionConfig);
            } finally {
                nanos += System.nanoTime() - start;
            }
        }

        @Override
        public Optional<OperationHandle> executeJudgedPlan(
                SessionHandle session, String compiledPlanJson, Configuration executionConfig) {
            long start = System.nanoTime();
            try {
                return handOff.executeJudgedPlan(session, compiledPlanJson, executionConfig);
            } finally {
                nanos += System.nanoTime() - start;
            }
        }
    }

    private Submission execute(
            SessionHandle session, String statement, long executionTimeoutMs, Configuration executionConfig,
            TimedHandOff handOff) {
        Configuration config = executionConfig == null ? new Configuration() : executionConfig;
        SessionState state = sessions.state(session);
        // One decision at a time per session, each after the session's previous SET/RESET/DDL has
        // taken effect: Flink runs a session's operations one by one, and a decision on a stale
        // configuration (a RESET still queued) would let a statement through that Flink then runs
        // without the TTL the guard saw.
        synchronized (state.decisionLock) {
            // The policy is read once; the scope only after the session's previous USE has taken
            // effect, so a Top-N right after 'USE sandbox' is decided by the scope of 'sandbox'.
            Policy policy = policies.current();
            sessions.awaitPreviousChange(session, state, policy.explainTimeout());
            Call call = call(session, policy);
            ParsedStatement parsed = classify(session, statement, config);
            Submission submission;
            if (parsed.kind() == StatementKind.BEGIN_STATEMENT_SET
                    || (state.inStatementSet() && parsed.kind() != StatementKind.UNPARSABLE)) {
                submission = statementSet(call, state, parsed, executionTimeoutMs, config, handOff);
            } else if (parsed.kind() == StatementKind.EXPLAIN) {
                submission = explain(call, parsed, statement, executionTimeoutMs, config, handOff);
            } else {
                submission =
                        handOn(call, parsed, statement, executionTimeoutMs, config, decide(call, parsed, config),
                                handOff);
            }
            if (!parsed.kind().isPlanned() && parsed.kind() != StatementKind.UNPARSABLE) {
                state.changedBy(submission.handle());
            }
            return submission;
        }
    }

    /**
     * {@code configureSession}: the same decision as for a statement; a refusal is the call's
     * error.
     *
     * @throws SqlGatewayException when the guard refuses the statement
     */
    public void configure(SessionHandle session, String statement, Runnable apply) {
        Call call = call(session);
        ParsedStatement parsed = classify(session, statement, new Configuration());
        Decision decision = decide(call, parsed, new Configuration());
        AuditRecord decided = decided("configureSession", session, call.subject(), decision, call.policy());
        if (decided == null || refuses(decision, call.policy())) {
            outcome(decided, null, Outcome.BLOCKED, null);
            throw new SqlGatewayException(decided == null ? auditFailure() : decision.refusalMessage());
        }
        try {
            apply.run();
        } catch (RuntimeException e) {
            outcome(decided, null, Outcome.FAILED, Errors.rootMessage(e));
            throw e;
        }
        outcome(decided, null,
                decision.refuse() ? Outcome.WOULD_BLOCK
                        : decision.unanalysedReason() == null ? Outcome.APPLIED : Outcome.UNANALYSED_APPLIED,
                null);
    }

    /**
     * A call the guard cannot analyse statement by statement ({@code deployScript}, a materialized
     * table refresh): {@code sql-guard.fail-mode} decides.
     *
     * @param call the gateway call, for the audit
     * @param description what the call runs, for the audit
     * @param reason why the guard cannot analyse it
     * @param run runs the call in Flink
     * @param handleOf the operation handle the call's result names, if any, for the audit
     * @throws SqlGatewayException when refused
     */
    public <T> T unanalysable(
            String call, SessionHandle session, ParsedStatement description, String reason, Supplier<T> run,
            java.util.function.Function<T, OperationHandle> handleOf) {
        Call context = call(session);
        Decision decision = guardOf(catalog, context.scoped()).unanalysable(description, reason);
        observe(decision, context.policy());
        AuditRecord decided = decided(call, session, context.subject(), decision, context.policy());
        if (decided == null || refuses(decision, context.policy())) {
            outcome(decided, null, Outcome.BLOCKED, null);
            throw new SqlGatewayException(decided == null ? auditFailure() : decision.refusalMessage());
        }
        T result = run.get();
        outcome(decided, handleOf.apply(result), decision.refuse() ? Outcome.WOULD_BLOCK : Outcome.UNANALYSED_SUBMITTED,
                null);
        return result;
    }

    /**
     * True when deciding on {@code statement} plans nothing: Flink's parsers (extended, then SQL)
     * read it as one statement of a kind the guard decides from its text and the session's
     * configuration alone ({@code SET}, {@code RESET}, DDL, {@code SHOW}, {@code BEGIN STATEMENT
     * SET}, ...). False for a query or DML, for anything with a query the guard plans ({@code
     * COMPILE PLAN ... FOR}, a materialized table's defining query, {@code EXPLAIN}), for the {@code
     * END} that decides a statement set, and for a statement only the session's parser chain reads. The REST endpoint
     * answers a statement decided without planning on the thread that read it; a false answer only
     * moves the decision to another thread.
     *
     * <p>When the answer is true, the parse is kept for this thread's next {@link #execute}, which
     * the endpoint calls right after on the same thread: the statement is parsed once, not twice
     * (Flink's parse is about a third of the guard's time on a {@code SET}).
     */
    public boolean decidesWithoutPlanning(String statement) {
        long start = System.nanoTime();
        ParsedStatement parsed = parser.parse(statement);
        long parseNanos = System.nanoTime() - start;
        StatementKind kind = parsed.kind();
        boolean withoutPlanning =
                parsed.explainBody() == null
                        && !kind.isPlanned()
                        && kind != StatementKind.END_STATEMENT_SET
                        && kind != StatementKind.EXPLAIN
                        && kind != StatementKind.UNPARSABLE;
        if (withoutPlanning) {
            parsedOnThisThread.set(new KeptParse(parsed, parseNanos));
        } else {
            parsedOnThisThread.remove();
        }
        return withoutPlanning;
    }

    /**
     * Flink's parse of {@code statement}: the one {@link #decidesWithoutPlanning} made on this thread
     * when it was of the same text (the parse depends on the text alone), otherwise a new one. The
     * kept parse is used at most once.
     */
    private ParsedStatement parsed(String statement) {
        KeptParse kept = parsedOnThisThread.get();
        CallTimes times = callTimes.get();
        if (kept != null) {
            parsedOnThisThread.remove();
            if (statement != null && statement.equals(kept.parsed().text())) {
                // Parsed before this call began, on this thread and for it: the guard's time too.
                times.parse += kept.nanos();
                times.keptParse += kept.nanos();
                return kept.parsed();
            }
        }
        long start = System.nanoTime();
        ParsedStatement parsed = parser.parse(statement);
        times.parse += System.nanoTime() - start;
        return parsed;
    }

    /** A parse kept by {@link #decidesWithoutPlanning}, and the nanoseconds it took. */
    private record KeptParse(ParsedStatement parsed, long nanos) {}

    /**
     * Nanoseconds of one {@code executeStatement} call in the guard's own steps (parse; decision:
     * configuration checks, planning, rules; audit records), for {@link StatementTimingEvent}.
     */
    private static final class CallTimes {
        long parse;
        long keptParse;
        long decide;
        long audit;

        void reset() {
            parse = 0;
            keptParse = 0;
            decide = 0;
            audit = 0;
        }
    }

    /**
     * The statement's kind, from Flink's extended and SQL parsers ({@link StatementParser#parse}) and,
     * where both refuse it, the session's whole parser chain.
     */
    private ParsedStatement classify(SessionHandle session, String statement, Configuration config) {
        ParsedStatement parsed = parsed(statement);
        if (parsed.kind() != StatementKind.UNPARSABLE || statement == null || statement.isBlank()) {
            return parsed;
        }
        try {
            return planner.tableEnvironment(session, config)
                    .map(tEnv -> parser.reparse(parsed, text -> tEnv.getParser().parse(text)))
                    .orElse(parsed);
        } catch (RuntimeException e) {
            LOG.debug("Could not ask the session's parser about a statement of session {}.", session, e);
            return parsed;
        }
    }

    /**
     * The guard's decision, counted in the metrics; when the guard itself fails (a bug, an
     * unexpected gateway error), an unanalysed decision that {@code sql-guard.fail-mode} turns into
     * a refusal or a pass.
     */
    private Decision decide(Call call, ParsedStatement parsed, Configuration executionConfig) {
        Decision decision = analyse(call, parsed, executionConfig);
        observe(decision, call.policy());
        return decision;
    }

    /** Counts the time of one planning in the session (planned, rejected, or given up on). */
    private ExplainOutcome explained(ExplainOutcome outcome) {
        metrics.explainMillis(outcome.explainMs());
        return outcome;
    }

    /** The guard's decision as {@link #decide} takes it, not yet counted. */
    private Decision analyse(Call call, ParsedStatement parsed, Configuration executionConfig) {
        long start = System.nanoTime();
        try {
            return analyseUntimed(call, parsed, executionConfig);
        } finally {
            callTimes.get().decide += System.nanoTime() - start;
        }
    }

    private Decision analyseUntimed(Call call, ParsedStatement parsed, Configuration executionConfig) {
        StatementGuard guard = guardOf(catalog, call.scoped());
        try {
            Map<String, String> sessionConfig = delegate.getSessionConfig(call.session());
            return guard.decide(
                    parsed,
                    sessionConfig,
                    executionConfig.toMap(),
                    (body, streaming) -> explained(planner.plan(
                            call.session(), body, executionConfig, streaming, call.policy().explainTimeout())));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.error("sql-guard could not analyse a statement of session {}.", call.session(), e);
            return guard.unanalysable(parsed, "internal error in the guard: " + Errors.rootMessage(e));
        }
    }

    /**
     * One call's context: the session, who opened it, and the policy (and scope) that decides,
     * read once so a reload takes effect between calls, never within one.
     */
    private record Call(SessionHandle session, Subject subject, ScopedPolicy scoped) {
        Policy policy() {
            return scoped.policy();
        }
    }

    private Call call(SessionHandle session) {
        return call(session, policies.current());
    }

    /** The call's context under {@code policy}, read once by the caller (its hash is audited with it). */
    private Call call(SessionHandle session, Policy policy) {
        Subject opened = sessions.subject(session);
        ScopedPolicy scoped = policyFor(session, opened, policy);
        return new Call(session, opened.under(scoped.scope().orElse(null), policy.policyHash()), scoped);
    }

    /**
     * True when the decision stops the call: a refusal under {@code sql-guard.mode: enforce}. In
     * {@code report} mode nothing is refused for policy; what would have been is audited {@code
     * would-block} and counted.
     */
    private static boolean refuses(Decision decision, Policy policy) {
        return decision.refuse() && policy.mode() != Mode.REPORT;
    }

    /** Counts a decision in the metrics. */
    private void observe(Decision decision, Policy policy) {
        metrics.statement(decision.statement().kind().name(), decision.verdictLabel());
        for (Finding finding : decision.verdict().findings()) {
            metrics.finding(finding.ruleId(), finding.level().name());
        }
        metrics.analysisMillis(decision.analysisMs());
        if (decision.unanalysedReason() != null) {
            metrics.failMode(policy.failMode().name().toLowerCase(java.util.Locale.ROOT));
            if (decision.unanalysedReason().contains("explain-timeout")) {
                metrics.explainTimeout();
            }
        }
        // Flink's own rejection of a statement (audited rejected-by-flink) is no policy refusal, in
        // either mode; it is counted by its verdict and planner-error finding.
        if (decision.rejectedByFlink()) {
            return;
        }
        if (refuses(decision, policy)) {
            metrics.refused();
        } else if (decision.refuse()) {
            metrics.wouldBlock();
        }
    }

    /** Audits the decision, then refuses a refused statement or hands any other on. */
    private Submission handOn(
            Call call, ParsedStatement parsed, String statement, long executionTimeoutMs, Configuration config,
            Decision decision, HandOff handOff) {
        SessionHandle session = call.session();
        AuditRecord decided = decided("executeStatement", session, call.subject(), decision, call.policy());
        if (decided == null) {
            return refuse(session, null, decision, Outcome.AUDIT_FAILED, auditFailure(), null);
        }
        if (decision.rejectedByFlink()) {
            // An ordinary Flink rejection: the client gets Flink's own error, as from a stock gateway.
            return refuse(session, decided, decision, Outcome.REJECTED_BY_FLINK, null, decision.flinkError());
        }
        if (refuses(decision, call.policy())) {
            return refuse(session, decided, decision, Outcome.BLOCKED, decision.refusalMessage(), null);
        }
        OperationHandle handle;
        String execution = "statement";
        try {
            Optional<String> judged =
                    call.policy().executeJudgedPlan() && decision.unanalysedReason() == null
                            ? decision.plan().flatMap(ExplainedPlan::executablePlan)
                            : Optional.empty();
            Optional<OperationHandle> judgedRun =
                    judged.flatMap(plan -> handOff.executeJudgedPlan(session, plan, config));
            if (judgedRun.isPresent()) {
                handle = judgedRun.get();
                execution = "judged-plan";
            } else {
                handle = handOff.execute(session, parsed, statement, executionTimeoutMs, config);
            }
        } catch (RuntimeException e) {
            outcome(decided, null, Outcome.FAILED_TO_SUBMIT, Errors.rootMessage(e));
            throw e;
        }
        Outcome outcome =
                decision.refuse() ? Outcome.WOULD_BLOCK
                        : decision.unanalysedReason() == null ? Outcome.SUBMITTED : Outcome.UNANALYSED_SUBMITTED;
        outcome(decided, handle, outcome, execution, null).ifPresent(record -> awaitingJob.put(handle, record));
        remember(session, handle, decision);
        return new Submission(handle, decision, outcome);
    }

    /**
     * {@code EXPLAIN <statement>}, any of Flink's forms: a dry run of the explained statement.
     *
     * <p>The guard decides on the explained statement as it would if the statement itself were
     * sent; the EXPLAIN's records carry that verdict and its findings (outcome {@code explained}).
     * No finding refuses an EXPLAIN, as nothing runs; only an audit record that cannot be written
     * does ({@code sql-guard.audit.fail-mode: closed}). Flink runs the EXPLAIN itself ({@code
     * handOff}), and the client gets an operation whose result is Flink's EXPLAIN output followed
     * by the guard's {@link ExplainSection}, in the single-column schema of Flink's result. When
     * Flink's EXPLAIN fails (a planner rejection of the explained statement), that operation fails
     * with Flink's own exception, headed by the guard's diagnosis when a diagnosis rule explains it.
     */
    private Submission explain(
            Call call, ParsedStatement parsed, String statement, long executionTimeoutMs, Configuration config,
            HandOff handOff) {
        SessionHandle session = call.session();
        Decision asRun = analyse(call, parsed, config);
        Decision decision = asRun.withRefuse(false);
        observe(decision, call.policy());
        AuditRecord decided = decided("executeStatement", session, call.subject(), decision, call.policy());
        if (decided == null) {
            return refuse(session, null, decision, Outcome.AUDIT_FAILED, auditFailure(), null);
        }
        OperationHandle flinkExplain;
        try {
            flinkExplain = handOff.execute(session, parsed, statement, executionTimeoutMs, config);
        } catch (RuntimeException e) {
            outcome(decided, null, Outcome.FAILED_TO_SUBMIT, Errors.rootMessage(e));
            throw e;
        }
        if (gatewaySessions.isEmpty()) {
            // Not Flink's own service: its operation cannot be awaited, so it goes back as it is.
            outcome(decided, flinkExplain, Outcome.SUBMITTED, null);
            remember(session, flinkExplain, decision);
            return new Submission(flinkExplain, decision, Outcome.SUBMITTED);
        }
        String section = ExplainSection.of(asRun, call.policy());
        String diagnosis =
                asRun.flinkError() != null && !asRun.rejectedByFlink() ? diagnosisOf(asRun) : null;
        OperationHandle handle =
                delegate.submitOperation(session, () -> explained(session, flinkExplain, section, diagnosis));
        outcome(decided, handle, Outcome.EXPLAINED, null);
        remember(session, handle, decision);
        return new Submission(handle, decision, Outcome.EXPLAINED);
    }

    /**
     * Waits for Flink's EXPLAIN operation (as long as Flink runs it: its execution timeout, or until
     * the client closes the guard's operation), then returns its rows' text followed by {@code
     * section}, in Flink's result schema; closes Flink's operation.
     *
     * @param diagnosis the guard's explanation of a planner rejection, or {@code null}
     */
    private ResultSet explained(
            SessionHandle session, OperationHandle flinkExplain, String section, String diagnosis) throws Exception {
        try {
            if (!gatewaySessions.orElseThrow().awaitTermination(session, flinkExplain, Duration.ofMillis(Long.MAX_VALUE))) {
                throw new SqlGatewayException("[sql-guard] Stopped waiting for Flink's EXPLAIN: the operation was closed.");
            }
            OperationInfo info = delegate.getOperationInfo(session, flinkExplain);
            if (info.getStatus() == OperationStatus.ERROR) {
                Throwable flinkError =
                        info.getException().orElseGet(() -> new SqlGatewayException("Flink's EXPLAIN failed."));
                if (diagnosis != null) {
                    throw new StatementBlockedException(diagnosis, flinkError);
                }
                if (flinkError instanceof Exception e) {
                    throw e;
                }
                throw (Error) flinkError;
            }
            if (info.getStatus() != OperationStatus.FINISHED) {
                throw new SqlGatewayException("[sql-guard] Flink's EXPLAIN ended as " + info.getStatus() + ".");
            }
            StringBuilder text = new StringBuilder();
            ResolvedSchema schema = null;
            while (true) {
                ResultSet page = delegate.fetchResults(session, flinkExplain, FetchOrientation.FETCH_NEXT, Integer.MAX_VALUE);
                if (page.getResultType() == ResultSet.ResultType.NOT_READY) {
                    throw new SqlGatewayException("[sql-guard] Flink's EXPLAIN finished without a result.");
                }
                schema = page.getResultSchema();
                for (RowData row : page.getData()) {
                    text.append(row.isNullAt(0) ? "" : row.getString(0).toString());
                }
                if (page.getResultType() == ResultSet.ResultType.EOS) {
                    break;
                }
            }
            String answer = text.toString().stripTrailing() + "\n\n" + section;
            return new ResultSetImpl(
                    ResultSet.ResultType.EOS,
                    null,
                    schema,
                    List.of(GenericRowData.of(StringData.fromString(answer))),
                    row -> new String[] {row.getString(0).toString()},
                    false,
                    null,
                    ResultKind.SUCCESS_WITH_CONTENT);
        } finally {
            try {
                delegate.closeOperation(session, flinkExplain);
            } catch (RuntimeException e) {
                LOG.warn("sql-guard could not close Flink's EXPLAIN operation {} of session {}.", flinkExplain, session, e);
            }
        }
    }

    /** The guard's explanation of a planner rejection that a diagnosis rule explains: its findings, BLOCK first. */
    private static String diagnosisOf(Decision decision) {
        StringBuilder out = new StringBuilder("[sql-guard] Flink cannot plan the explained statement: ");
        out.append(String.join(", ", decision.verdict().findings(Level.BLOCK).stream().map(Finding::ruleId).toList()));
        out.append('\n');
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (Finding finding : decision.verdict().findings(level)) {
                out.append('\n').append(finding.describe());
            }
        }
        return out.toString().stripTrailing();
    }

    /**
     * An operation in the session that fails, with the guard's message or with Flink's own
     * exception; audited with {@code outcome}.
     */
    private Submission refuse(
            SessionHandle session, AuditRecord decided, Decision decision, Outcome outcome, String message,
            Throwable flinkError) {
        Callable<ResultSet> failure =
                () -> {
                    if (flinkError instanceof Exception e) {
                        throw e;
                    }
                    if (flinkError instanceof Error e) {
                        throw e;
                    }
                    throw new StatementBlockedException(message);
                };
        OperationHandle handle = delegate.submitOperation(session, failure);
        outcome(decided, handle, outcome, outcome == Outcome.BLOCKED ? null : message);
        remember(session, handle, decision);
        return new Submission(handle, decision, outcome);
    }

    /**
     * {@code BEGIN STATEMENT SET;}, the statements that follow it, and {@code END;}. The guard keeps
     * the set instead of Flink's session (which would refuse planning while a set is open): each
     * INSERT is decided when it arrives and, if allowed, remembered; {@code END} decides on the whole
     * {@code EXECUTE STATEMENT SET BEGIN ... END} and hands that single statement on. Other
     * statements inside a set are refused with Flink's own message.
     */
    private Submission statementSet(
            Call call, SessionState state, ParsedStatement parsed, long timeoutMs, Configuration config,
            HandOff handOff) {
        switch (parsed.kind()) {
            case BEGIN_STATEMENT_SET -> {
                Decision decision = decide(call, parsed, config);
                if (refuses(decision, call.policy())) {
                    return handOn(call, parsed, parsed.text(), timeoutMs, config, decision, handOff);
                }
                if (!state.beginStatementSet()) {
                    return refuseWith(call, decision,
                            "A statement set is already open in this session; send 'END;' to submit it first.");
                }
                return accept(call, decision, Outcome.STATEMENT_SET_OPENED);
            }
            case INSERT -> {
                Decision decision = decide(call, parsed, config);
                if (refuses(decision, call.policy()) || decision.rejectedByFlink()) {
                    return handOn(call, parsed, parsed.text(), timeoutMs, config, decision, handOff);
                }
                state.addToStatementSet(parsed.explainBody());
                return accept(call, decision, decision.refuse() ? Outcome.WOULD_BLOCK : Outcome.ADDED_TO_STATEMENT_SET);
            }
            case END_STATEMENT_SET -> {
                List<String> inserts = state.endStatementSet();
                if (inserts.isEmpty()) {
                    return accept(call, decide(call, parsed, config), Outcome.EMPTY_STATEMENT_SET);
                }
                String set = "EXECUTE STATEMENT SET\nBEGIN\n" + String.join(";\n", inserts) + ";\nEND";
                ParsedStatement whole = parser.parse(set);
                return handOn(call, whole, set, timeoutMs, config, decide(call, whole, config), handOff);
            }
            default -> {
                return refuseWith(call, decide(call, parsed, config),
                        "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to"
                                + " submit Statement Set.");
            }
        }
    }

    /** A statement the guard answers itself with Flink's {@code OK} (statement-set bookkeeping). */
    private Submission accept(Call call, Decision decision, Outcome outcome) {
        SessionHandle session = call.session();
        AuditRecord decided = decided("executeStatement", session, call.subject(), decision, call.policy());
        if (decided == null) {
            return refuse(session, null, decision, Outcome.AUDIT_FAILED, auditFailure(), null);
        }
        OperationHandle handle = acknowledge(session);
        outcome(decided, handle, outcome, null);
        remember(session, handle, decision);
        return new Submission(handle, decision, outcome);
    }

    /**
     * Runs a compiled plan the guard judged as the session's next operation ({@link
     * GatewaySessions#executePlan}); empty when the gateway's service is not Flink's own.
     */
    public Optional<OperationHandle> executeJudgedPlan(
            SessionHandle session, String compiledPlanJson, Configuration executionConfig) {
        return gatewaySessions.map(g -> g.executePlan(session, compiledPlanJson, executionConfig));
    }

    /**
     * An operation in the session that succeeds at once with Flink's {@code OK} result, for a
     * statement the guard answers itself (statement-set bookkeeping, a dry run).
     */
    public OperationHandle acknowledge(SessionHandle session) {
        Callable<ResultSet> ok =
                () ->
                        new ResultSetImpl(
                                ResultSet.ResultType.EOS,
                                null,
                                OK_SCHEMA,
                                List.of(GenericRowData.of(StringData.fromString("OK"))),
                                row -> new String[] {row.getString(0).toString()},
                                false,
                                null,
                                ResultKind.SUCCESS);
        return delegate.submitOperation(session, ok);
    }

    /** Refuses a statement for a reason that is not a rule finding (Flink's own session rules). */
    private Submission refuseWith(Call call, Decision decision, String message) {
        AuditRecord decided = decided("executeStatement", call.session(), call.subject(), decision, call.policy());
        if (decided == null) {
            return refuse(call.session(), null, decision, Outcome.AUDIT_FAILED, auditFailure(), null);
        }
        return refuse(call.session(), decided, decision, Outcome.REFUSED, message, null);
    }

    // ---------------------------------------------------------------------------------------
    // Audit
    // ---------------------------------------------------------------------------------------

    /**
     * Writes the decision record of a call. Returns it; returns {@code null} when it could not be
     * written and {@code sql-guard.audit.fail-mode} is {@code closed} (the call must then be
     * refused). With {@code open}, a failure is logged and a record that was not written is returned
     * so the call goes on.
     */
    private AuditRecord decided(String call, SessionHandle session, Subject subject, Decision decision, Policy policy) {
        String sessionId = session == null ? null : session.toString();
        long start = System.nanoTime();
        AuditRecord record = auditor.recordOf(call, sessionId, subject, decision, null, Outcome.DECIDED, null);
        try {
            auditor.write(record);
            return record;
        } catch (AuditWriteException e) {
            metrics.auditWriteFailure();
            if (policy.auditFailMode() == FailMode.CLOSED) {
                LOG.error("sql-guard could not write the audit record of a {} call of session {}; refusing it"
                        + " (sql-guard.audit.fail-mode: closed).", call, sessionId, e);
                return null;
            }
            LOG.error("sql-guard could not write the audit record of a {} call of session {}; running it"
                    + " (sql-guard.audit.fail-mode: open).", call, sessionId, e);
            return record;
        } finally {
            callTimes.get().audit += System.nanoTime() - start;
        }
    }

    /** Writes the record of what followed a decision; a failure is logged (the call has happened). */
    private Optional<AuditRecord> outcome(AuditRecord decided, OperationHandle handle, Outcome outcome, String error) {
        return outcome(decided, handle, outcome, null, error);
    }

    private Optional<AuditRecord> outcome(
            AuditRecord decided, OperationHandle handle, Outcome outcome, String execution, String error) {
        if (decided == null) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        try {
            return Optional.of(
                    auditor.recordOutcome(decided, handle == null ? null : handle.toString(), outcome, execution, error));
        } catch (AuditWriteException e) {
            metrics.auditWriteFailure();
            LOG.error("sql-guard could not write the audit record of outcome {} of decision {}.", outcome.label(),
                    decided.decisionId(), e);
            return Optional.empty();
        } finally {
            callTimes.get().audit += System.nanoTime() - start;
        }
    }

    /**
     * Audits a policy reload (from {@code config.yaml} or the admin route): call {@code
     * policyReload}, outcome {@code applied}, {@code unchanged} or {@code rejected}, the new policy's
     * hash, and the reason of a rejection. Registered as a {@code PolicyReloader} listener.
     */
    public void policyReloaded(PolicyReloader.Result result) {
        String text = "-- policy reload (" + result.trigger() + ") of " + result.configFile() + ": "
                + result.outcome().name().toLowerCase(java.util.Locale.ROOT) + ", " + result.previousHash() + " -> "
                + result.policyHash() + (result.reason() == null ? "" : "; " + result.reason());
        Decision decision =
                guardOf(catalog, new ScopedPolicy(policies.current(), Optional.empty()))
                        .decideConfiguration(ParsedStatement.describing(text, StatementKind.POLICY), Map.of(), "none");
        Subject subject = new Subject(null, null, "NONE", null, null, result.policyHash());
        try {
            auditor.record("policyReload", null, subject, decision, null,
                    result.outcome() == PolicyReloader.Outcome.REJECTED ? Outcome.REJECTED : Outcome.APPLIED,
                    result.reason());
        } catch (AuditWriteException e) {
            metrics.auditWriteFailure();
            LOG.error("sql-guard could not write the audit record of a policy reload.", e);
        }
    }

    private static String auditFailure() {
        return "[sql-guard] Statement refused: its audit record could not be written, and sql-guard.audit.fail-mode"
                + " is 'closed' (nothing runs without a record). The gateway's log says why; ask the administrator to"
                + " check the 'sql-guard.audit' logger's appender.";
    }

    /**
     * Writes the {@code jobSubmitted} record the first time a fetched result of a handed-on
     * statement's operation names a job.
     */
    public ResultSet fetched(OperationHandle operation, ResultSet result) {
        // A NOT_READY result has no job id yet (getJobID throws on it).
        if (result == null
                || result.getResultType() == ResultSet.ResultType.NOT_READY
                || !awaitingJob.containsKey(operation)
                || result.getJobID() == null) {
            return result;
        }
        AuditRecord submitted = awaitingJob.remove(operation);
        if (submitted != null) {
            try {
                auditor.recordJob(submitted, result.getJobID().toHexString());
            } catch (AuditWriteException e) {
                LOG.error("sql-guard could not write the jobSubmitted record of operation {}.", operation, e);
            }
        }
        return result;
    }

    /**
     * The client closed an operation: its job id will not be audited any more, and a next decision
     * need not wait for it.
     */
    public void operationClosed(SessionHandle session, OperationHandle operation) {
        awaitingJob.remove(operation);
        sessions.find(session).ifPresent(state -> state.closed(operation));
    }

    // ---------------------------------------------------------------------------------------
    // Advisories
    // ---------------------------------------------------------------------------------------

    private void remember(SessionHandle session, OperationHandle handle, Decision decision) {
        List<Finding> ordered = new ArrayList<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            ordered.addAll(decision.verdict().findings(level));
        }
        sessions.state(session).remember(
                new Advisory(handle.toString(), decision.verdictLabel(), decision.statement().kind().name(), ordered));
    }

    /**
     * The guard's advisory for an operation of a session: its verdict and findings. Kept for the
     * {@value SessionState#MAX_ADVISORIES} most recent operations of each session.
     */
    public Optional<Advisory> advisory(SessionHandle session, OperationHandle operation) {
        return sessions.find(session).flatMap(s -> s.advisory(operation.toString()));
    }

    /** The advisories of a session's most recent operations, oldest first; empty for an unknown session. */
    public Optional<List<Advisory>> advisories(SessionHandle session) {
        return sessions.find(session).map(SessionState::advisories);
    }

    private static String describeProperties(Map<String, String> properties) {
        StringBuilder out = new StringBuilder("-- session properties at openSession");
        properties.forEach((k, v) -> out.append("\n-- '").append(k).append("' = '").append(v).append("'"));
        return out.toString();
    }
}
