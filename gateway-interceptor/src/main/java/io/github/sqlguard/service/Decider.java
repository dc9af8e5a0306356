package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.SavepointSerializers;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.flink.StatementRestores;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.Mode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.restore.PlanStore;
import io.github.sqlguard.restore.PlannedJob;
import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.restore.StateChanges;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleRole;
import io.github.sqlguard.rules.limits.PathNotAllowedRule;
import io.github.sqlguard.service.StatementTiming.Part;
import io.github.sqlguard.statement.ParsedSql;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.PlannedBody;
import io.github.sqlguard.statement.StatementKind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.gateway.api.SqlGatewayService;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The decision stage of every route: the guard's decision on a call under the policy (and scope)
 * that decides it ({@link StatementGuard}, planning in the session with {@link SessionPlanner}),
 * counted in the metrics. A statement's scope is that of the tables it reads and writes ({@link
 * CallContext#underTables}), so a statement's decision comes with its narrowed context ({@link
 * ScopedDecision}). When the guard itself fails (a bug, an unexpected gateway error), the
 * decision is an unanalysed one that {@code sql-guard.fail-mode} turns into a refusal or a pass. A
 * decision that refuses the statement carries its proven rewrites ({@link RewriteStage}).
 * Thread-safe.
 */
final class Decider {

    private static final Logger LOG = LoggerFactory.getLogger(Decider.class);

    private final SqlGatewayService delegate;
    private final SessionPlanner planner;
    private final Classifier classifier;
    private final GuardMetrics metrics;
    private final RewriteStage rewrites;
    private final Optional<GatewaySessions> sessions;
    /** The sessions the guard keeps, for the {@code SET}s each refused ({@link RefusedSets}). */
    private final SessionRegistry registry;
    private final Optional<PlanStore> plans;
    private final RestoreBaseline baseline;
    /** {@link #limitOptions} of the catalog. */
    private final List<RuleOption<?>> limitOptions;
    /** The guard of each policy a call is decided under. */
    private final PolicyGuards guards;

    Decider(
            SqlGatewayService delegate, RuleCatalog catalog, SessionPlanner planner, Classifier classifier,
            GuardMetrics metrics, RewriteStage rewrites, Optional<PlanStore> plans, SessionRegistry registry) {
        this(delegate, catalog, planner, classifier, metrics, rewrites, plans, registry, RestoreBaseline.NONE);
    }

    /** A decider that also judges a statement naming no savepoint against {@code baseline} ({@code lint}). */
    Decider(
            SqlGatewayService delegate, RuleCatalog catalog, SessionPlanner planner, Classifier classifier,
            GuardMetrics metrics, RewriteStage rewrites, Optional<PlanStore> plans, SessionRegistry registry,
            RestoreBaseline baseline) {
        this.plans = plans;
        this.registry = registry;
        this.baseline = baseline;
        this.delegate = delegate;
        this.planner = planner;
        this.classifier = classifier;
        this.metrics = metrics;
        this.rewrites = rewrites;
        this.sessions = GatewaySessions.of(delegate);
        this.limitOptions = limitOptions(catalog);
        this.guards = new PolicyGuards(catalog);
    }

    /**
     * The decision on {@code statement} of the call, under the scopes of the tables it reads and
     * writes, counted in the metrics.
     */
    ScopedDecision statement(CallContext call, ParsedStatement statement, Configuration executionConfig) {
        ScopedDecision decided = analysed(call, statement, executionConfig);
        observed(decided.decision(), statement.kind().name(), decided.call().policy());
        return decided;
    }

    /**
     * The decision on {@code statement} as it would be taken, not yet counted ({@code EXPLAIN}'s
     * dry run): the statement is planned, the call's context narrowed to the scopes of the tables
     * the plan (or, for DDL, Flink's operation) reads and writes, and the rules judge it under that
     * policy. A statement the guard could not analyse is judged by the strictest policy any table
     * could get ({@link CallContext#underAnyTable}): its tables are not known. So are the platform
     * limits, first ({@link StatementGuard#limits}), on every statement (the guard's own locations are
     * protected with no allow-list set): a statement they refuse is not planned, and gets no rewrites
     * (proving one would plan it).
     *
     * <p>Every route decides here (a statement, an {@code EXPLAIN}'s dry run, each statement of a statement
     * set and its {@code END}/{@code EXECUTE}, a {@code SET} given to {@code configureSession}, lint's
     * statements), so this is where a finding that names a key whose {@code SET} the session's guard refused
     * says so ({@link RefusedSets#noted}); a {@code SET} or {@code RESET} itself is not noted: its own
     * outcome is noted by the route once known.
     */
    ScopedDecision analysed(CallContext call, ParsedStatement statement, Configuration executionConfig) {
        ScopedDecision decided = unnoted(call, statement, executionConfig);
        if (statement instanceof ParsedStatement.Configure || call.session().isEmpty()) {
            return decided;
        }
        Optional<RefusedSets> refused = registry.find(call.sessionHandle()).map(GuardedSession::refusedSets);
        return refused.isEmpty()
                ? decided
                : new ScopedDecision(decided.call(), refused.get().noted(decided.decision()), decided.notPlanned());
    }

    private ScopedDecision unnoted(CallContext call, ParsedStatement statement, Configuration executionConfig) {
        return call.timing().time(Part.DECIDE, () -> {
            try {
                Map<String, String> sessionConfig = delegate.getSessionConfig(call.sessionHandle());
                // The platform limits first, before the planner runs any user code; the tables are not known yet.
                // Whatever the allow-lists say: the guard's own locations are always protected, and a statement
                // that names one (a plan file the guard would read to judge it, a table's path an EXPLAIN would
                // have Flink plan) is refused before anything reads or plans it.
                CallContext strictest = limitsSet(call.policy()) ? call.underAnyTable() : call;
                StatementGuard.Limits limits =
                        guardOf(strictest.scoped()).limits(statement, sessionConfig, executionConfig.toMap());
                if (limits.refusal().isPresent()) {
                    return new ScopedDecision(strictest, limits.refusal().get(), true);
                }
                Map<String, String> statementConfig = executionConfig.toMap();
                StatementGuard.Analysis analysis =
                        guardOf(call.scoped()).analyse(
                                statement,
                                limits,
                                new StatementGuard.Planner() {
                                    @Override
                                    public ExplainOutcome plan(PlannedBody body, boolean streaming) {
                                        // A statement that restores a savepoint has its job translated by the
                                        // planning, for the restore check (#restore) to reuse.
                                        return explained(planner.plan(
                                                call.sessionHandle(), body, executionConfig, streaming,
                                                call.policy().explainTimeout(),
                                                StatementRestores.namesSavepoint(sessionConfig, statementConfig)));
                                    }

                                    @Override
                                    public ExplainOutcome planStored(
                                            String planFile, Optional<PlannedBody> body, boolean streaming) {
                                        return explained(planner.planStored(
                                                call.sessionHandle(), planFile, body, executionConfig, streaming,
                                                call.policy().explainTimeout()));
                                    }
                                });
                analysis = restoring(call, analysis, executionConfig, baseline);
                CallContext decided =
                        analysis.unanalysed().isPresent()
                                ? call.underAnyTable()
                                : call.underTables(tables(call, analysis, executionConfig));
                // The limits judged the statement above; where they judged what judge gives them, they are not run again.
                Decision decision = guardOf(decided.scoped()).judge(analysis, limits.judged());
                // A refusal (and an EXPLAIN) carries its proven rewrites; a statement that runs gets them later.
                return new ScopedDecision(
                        decided,
                        rewrites.atOnce(decision, decided.policy(), statement)
                                ? rewrites.proveNow(decided, statement, sessionConfig, executionConfig, decision, restoring(decided))
                                : decision);
            } catch (RuntimeException | StackOverflowError e) {
                LOG.error("sql-guard could not analyse a statement of session {}.", call.session().orElse(null), e);
                CallContext unknown = call.underAnyTable();
                return new ScopedDecision(
                        unknown,
                        guardOf(unknown.scoped()).unanalysable(statement, "internal error in the guard: " + PlannerError.of(e).root()));
            }
        });
    }

    /**
     * The restore check of {@link #restoring(CallContext, StatementGuard.Analysis, Configuration)} for the call's
     * session, as a rewrite's candidates get it ({@link SessionRewrites.Restoring}): a candidate of a statement that
     * restores state is judged as a restore of the same savepoint (or previous version), by the same comparison.
     */
    SessionRewrites.Restoring restoring(CallContext call) {
        RestoreBaseline ofRewrites = baseline.ofRewrites();
        return (analysis, executionConfig) -> restoring(call, analysis, executionConfig, ofRewrites);
    }

    /**
     * {@code analysis} with what its statement would restore, when its configuration names a
     * savepoint ({@link StatementRestores#savepointPath}; a statement without one pays two key
     * look-ups) and it runs a job of a compiled plan (an INSERT, a statement set, or the one an
     * EXPLAIN explains): the savepoint's metadata read with Flink's readers against the job graph of
     * the judged plan as the hand-off runs it ({@link StatementJobs#judgedJob}; the same operator ids as
     * the statement's text, {@code StatementUids}): the job the planning translated in place of
     * explaining the plan ({@link StatementGuard.Analysis#plannedJob}), or, where it did not (a plan
     * file's plan, a translation that failed there), translated once in a table environment of the
     * session with the statement's execution config. A statement that names no savepoint is judged
     * against {@code baseline} ({@code lint}: the statement's previous version), if any.
     */
    private StatementGuard.Analysis restoring(
            CallContext call, StatementGuard.Analysis analysis, Configuration executionConfig, RestoreBaseline baseline) {
        Optional<String> plan = analysis.plan().flatMap(ExplainedPlan::executablePlan);
        if (plan.isEmpty()) {
            return analysis;
        }
        Optional<String> savepoint = StatementRestores.savepointPath(analysis.config());
        if (savepoint.isEmpty()) {
            if (baseline == RestoreBaseline.NONE || sessions.isEmpty()) {
                return analysis;
            }
            GatewaySessions flink = sessions.get();
            return baseline.restoreOf(
                            analysis.config(), plan.get(),
                            () -> flink.tableEnvironment(call.sessionHandle(), executionConfig))
                    .map(analysis::restoring)
                    .orElse(analysis);
        }
        return restore(call, analysis, executionConfig, savepoint.get(), plan.get());
    }

    private StatementGuard.Analysis restore(
            CallContext call, StatementGuard.Analysis analysis, Configuration executionConfig, String savepoint,
            String plan) {
        if (sessions.isEmpty()) {
            return analysis.restoring(Restore.unreadable(
                    savepoint, "this gateway's service is not Flink's own, so the guard cannot build the job",
                    StatementRestores.ignoresUnclaimedState(analysis.config()), Optional.empty()));
        }
        GatewaySessions flink = sessions.get();
        // One translation of the judged plan, the planning's when it made one: its claims for the judging, its
        // PlannedJob for the comparison.
        // The planning's job is of the plan's executablePlan (SessionPlanner translates the JSON it makes it of).
        Optional<StatementJobs.JudgedJob> planning = analysis.plannedJob();
        java.util.concurrent.atomic.AtomicReference<StatementJobs.JudgedJob> job = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<CheckpointMetadata> metadata = new java.util.concurrent.atomic.AtomicReference<>();
        ClassLoader classLoader = flink.userClassLoader(call.sessionHandle());
        Restore judged = StatementRestores.judgeJob(
                savepoint, analysis.config(), classLoader,
                () -> {
                    job.set(planning.orElseGet(() ->
                            StatementJobs.judgedJob(flink.tableEnvironment(call.sessionHandle(), executionConfig), plan)));
                    return job.get();
                },
                metadata::set);
        // The job, when built, goes on to the plan store at submission: the same translation (GatewaySessions#executePlan).
        Optional<StatementJobs.JudgedJob> planned = Optional.ofNullable(job.get());
        if (judged.unreadable().isPresent() || judged.matched().isEmpty()) {
            return analysis.restoring(judged, planned);
        }
        return analysis.restoring(
                compared(judged, () -> job.get().planned(), () -> bySerializers(judged, metadata.get(), job.get(), classLoader)),
                planned);
    }

    /** {@link #bySerializers}, or why it could not be: never a refusal for it. */
    private static Restore fromSavepoint(Restore judged, java.util.function.Supplier<Restore> bySerializers) {
        try {
            return bySerializers.get();
        } catch (RuntimeException e) {
            LOG.error("sql-guard could not check savepoint {} against its serializers.", judged.shownSavepoint(), e);
            return judged.notCompared("no stored plan of the job the savepoint was taken of, and the guard could not"
                    + " check it against the savepoint's serializers (" + e.getMessage() + "), so only its operator ids"
                    + " were checked");
        }
    }

    /**
     * {@code judged} checked against the serializers its savepoint records ({@link SavepointSerializers}):
     * for a savepoint of a job the guard has no plan of. Operators whose state files the guard cannot
     * read (a native savepoint) are named in the restore's {@code notCompared}, never refused for.
     */
    private static Restore bySerializers(
            Restore judged, CheckpointMetadata metadata, StatementJobs.JudgedJob job, ClassLoader classLoader) {
        SavepointSerializers.Compared compared =
                SavepointSerializers.compare(metadata, judged, job, classLoader, StateChanges.linesMigratesTtl());
        String notChecked = "what the state means to the new job (a Top-N's N, an aggregate's columns) needs the plan of"
                + " the job the savepoint was taken of, which this guard does not hold: only the state's key and row"
                + " types and its TTL were checked, from the savepoint's serializers"
                + (compared.notRead().isEmpty() ? "" : "; not read: " + String.join("; ", compared.notRead()));
        if (compared.changes().isEmpty()) {
            return judged.notCompared("this guard holds no plan it can tell is that of the job the savepoint was taken of"
                    + " (a job started through another gateway, a stock one, or before this guard kept the plans of its"
                    + " jobs), and the savepoint's serializers were not read"
                    + (compared.notRead().isEmpty()
                            ? " (no operator the new job claims has keyed state)"
                            : ": " + String.join("; ", compared.notRead()))
                    + ", so only its operator ids were checked");
        }
        return judged.comparedBySerializers(compared.changes(), notChecked);
    }

    /**
     * {@code judged} compared with the plan of the job its savepoint was taken of, where the guard
     * stored it when it submitted that job ({@link PlanStore#jobOf}: the job the savepoint's directory
     * names, with every operator id of the savepoint's state): what the new job ({@code job}) does with the state of
     * each of that job's stateful operators that it claims ({@link StateChanges#compare}; an
     * operator it does not claim is {@code restore-unclaimed-state}'s). Without such a plan, only the
     * operator ids are checked, and the restore says why.
     */
    private Restore compared(
            Restore judged, java.util.function.Supplier<PlannedJob> job, java.util.function.Supplier<Restore> bySerializers) {
        if (plans.isEmpty()) {
            return fromSavepoint(judged, bySerializers);
        }
        Optional<PlanStore.StoredJob> stored;
        PlanStore.Found found;
        try {
            found = plans.get().jobOf(judged.savepoint(), judged.savedOperatorIds());
            stored = found.job();
        } catch (java.io.UncheckedIOException e) {
            LOG.error("sql-guard could not read its plan directory {}.", plans.get().directory(), e);
            return judged.notCompared("the guard could not read its plan directory: " + e.getMessage());
        }
        if (stored.isEmpty() && found.ambiguous() > 0) {
            // Which stored plan is the savepoint's is not known: the savepoint's own serializers are.
            LOG.info("{} jobs this guard submitted have the operator ids of savepoint {}; it is checked against its"
                    + " serializers.", found.ambiguous(), judged.shownSavepoint());
            return fromSavepoint(judged, bySerializers);
        }
        if (stored.isEmpty()) {
            // A savepoint of a job started through another gateway (a stock one) or before this guard kept plans
            // in its plan directory: its state's types, from the serializers the savepoint records.
            return fromSavepoint(judged, bySerializers);
        }
        PlannedJob now;
        try {
            now = job.get();
        } catch (RuntimeException e) {
            LOG.error("sql-guard could not build the job to compare with the plan of job {}.", stored.get().jobId(), e);
            return judged.notCompared("the guard could not build the new job's operator ids: " + e.getMessage());
        }
        java.util.Set<String> saved = new java.util.HashSet<>(judged.savedOperatorIds());
        List<StateChange> changes = StateChanges.compare(stored.get().job(), now).stream()
                .filter(c -> c.kind() != StateChange.Kind.NOT_MAPPABLE)
                .filter(c -> c.operatorIds().stream().anyMatch(saved::contains))
                .toList();
        return judged.comparedWith(
                "job " + stored.get().jobId() + ", submitted through the guard at " + stored.get().recordedAt(), changes);
    }

    /**
     * The tables that choose the policy of an analysed statement, as Flink resolved them: those its
     * plan reads and writes ({@code ExplainedPlan#tables}), with the table a materialized table
     * statement defines; for a statement the guard does not plan (DDL), the table or view its
     * operation names ({@link Classifier#namedTables}). Empty when the
     * policy has no scopes, when the statement names no table, and when Flink rejected it (it does
     * not run): then the session's current catalog and database choose.
     */
    private List<ObjectIdentifier> tables(CallContext call, StatementGuard.Analysis analysis, Configuration config) {
        if (!call.scopesFollowTables()) {
            return List.of();
        }
        if (analysis.plan().isPresent()) {
            List<ObjectIdentifier> tables = new ArrayList<>(analysis.plan().get().tables());
            if (analysis.statement().kind() == StatementKind.MATERIALIZED_TABLE) {
                // The plan is of the defining query: the table it defines is in Flink's operation.
                classifier.namedTables(call, analysis.statement(), config).stream()
                        .filter(table -> !tables.contains(table))
                        .forEach(tables::add);
            }
            return tables;
        }
        if (analysis.statement().plannedBody().isEmpty()) {
            return classifier.namedTables(call, analysis.statement(), config);
        }
        return List.of();
    }

    /**
     * True when some platform limit is set: an option of a {@link RuleRole#LIMIT} rule differs from its
     * default, which is no limit. The options are platform-wide (no scope sets them), so the call's
     * policy tells; when none is set the limits find nothing, and the strictest policy of every scope
     * ({@link CallContext#underAnyTable}) is not worth computing for them.
     */
    private boolean limitsSet(Policy policy) {
        for (RuleOption<?> option : limitOptions) {
            if (!Objects.equals(policy.option(option), option.defaultValue())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The options of the catalog's {@link RuleRole#LIMIT} rules that a policy can set (the guard's own
     * protected paths are not among them: set globally only, any scope's policy has them), found once: every
     * statement's {@link #limitsSet} streamed over the whole catalog for them.
     */
    private static List<RuleOption<?>> limitOptions(RuleCatalog catalog) {
        return catalog.rules().stream()
                .map(Rule::declaration)
                .filter(declaration -> declaration.role() == RuleRole.LIMIT)
                .flatMap(declaration -> declaration.options().stream())
                .filter(option -> option != PathNotAllowedRule.PROTECTED_PATHS)
                .<RuleOption<?>>map(option -> option)
                .toList();
    }

    /** The decision on the properties a session is opened with, counted as {@code kind}. */
    Decision properties(ScopedPolicy scoped, String kind, Map<String, String> properties) {
        return observed(guardOf(scoped).decideConfiguration(properties, "session property"), kind, scoped.policy());
    }

    /** The decision on a call the guard cannot analyse ({@code reason}), counted as {@code kind}. */
    Decision unanalysable(ScopedPolicy scoped, String kind, String reason) {
        return observed(guardOf(scoped).unanalysable(ParsedSql.NONE, reason), kind, scoped.policy());
    }

    /**
     * Counts a decision of a call of {@code kind} in the metrics: its verdict and findings, the
     * fail mode when unanalysed, a refusal (or, in report mode, what would have been one).
     */
    Decision observed(Decision decision, String kind, Policy policy) {
        metrics.statement(kind, decision.verdictLabel());
        for (Finding finding : decision.verdict().findings()) {
            metrics.finding(finding.ruleId(), finding.level().name());
        }
        metrics.analysisMillis(decision.analysisMs());
        decision.unanalysedReason().ifPresent(reason -> {
            metrics.failMode(policy.failMode().name().toLowerCase(Locale.ROOT));
            if (reason.contains("explain-timeout")) {
                metrics.explainTimeout();
            }
        });
        // Flink's own rejection of a statement (audited rejected-by-flink) is no policy refusal, in
        // either mode; it is counted by its verdict and planner-error finding.
        if (!decision.rejectedByFlink()) {
            if (refuses(decision, policy)) {
                metrics.refused();
            } else if (decision.refuse()) {
                metrics.wouldBlock();
            }
        }
        return decision;
    }

    /**
     * True when the decision stops the call: a refusal under {@code sql-guard.mode: enforce}. In
     * {@code report} mode nothing is refused for policy; what would have been is audited {@code
     * would-block} and counted.
     */
    static boolean refuses(Decision decision, Policy policy) {
        return decision.refuse() && policy.mode() != Mode.REPORT;
    }

    /** Counts the time of one planning in the session (planned, rejected, or given up on). */
    private ExplainOutcome explained(ExplainOutcome outcome) {
        metrics.explainMillis(outcome.explainMs());
        return outcome;
    }

    private StatementGuard guardOf(ScopedPolicy scoped) {
        return guards.of(scoped.policy());
    }
}
