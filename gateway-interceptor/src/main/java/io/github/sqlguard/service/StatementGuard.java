package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.PlanFileClasses;
import io.github.sqlguard.flink.JudgedOperation;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rewrite.ProposedTtl;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.LimitsVerdict;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedSql;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.PlanFile;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.PlannedBody;
import io.github.sqlguard.statement.StatementKind;


import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The decision stage of the {@link StatementPipeline}: platform limits ({@link #limits}, before
 * anything is planned) → configuration checks → plan (through the given {@link Planner}) → rules →
 * verdict, for one classified statement; {@link #analyse} and
 * {@link #judge} apart where the policy depends on what the plan touches. It never calls the
 * gateway itself and keeps no state. Thread-safe.
 */
public final class StatementGuard {

    /**
     * Plans a statement body in the right session ({@link SessionPlanner}), with what Flink's SQL parser found in the
     * statement ({@link PlannedBody}: the planning does not parse the body again).
     */
    @FunctionalInterface
    public interface Planner {
        ExplainOutcome plan(PlannedBody statementBody, boolean streaming);

        /**
         * Judges a statement that runs a compiled plan file ({@link SessionPlanner#planStored}): the
         * plan in {@code planFile} when it exists, else {@code statementBody}. Without a session to
         * read it in, the guard cannot find out.
         */
        default ExplainOutcome planStored(String planFile, Optional<PlannedBody> statementBody, boolean streaming) {
            return new ExplainOutcome.Failed(
                    "the guard cannot read the compiled plan file '" + planFile + "' outside a session", 0);
        }
    }

    private final RuleEngine engine;
    private final Policy policy;

    public StatementGuard(RuleEngine engine, Policy policy) {
        this.engine = engine;
        this.policy = policy;
    }

    /**
     * Decides on {@code statement}: {@link #analyse}, then {@link #judge} under this guard's policy.
     *
     * @param sessionConfig the session's configuration ({@code SqlGatewayService#getSessionConfig})
     * @param executionConfig the per-statement execution config, applied over the session's
     * @param planner how to EXPLAIN the statement in the user's session
     */
    public Decision decide(
            ParsedStatement statement,
            Map<String, String> sessionConfig,
            Map<String, String> executionConfig,
            Planner planner) {
        return decide(statement, sessionConfig, executionConfig, planner, UnaryOperator.identity());
    }

    /**
     * {@link #decide(ParsedStatement, Map, Map, Planner)} with what the statement would restore added to its
     * analysis before it is judged ({@code restoring}: the gateway's restore check, {@code Decider#restoring}), so
     * that the restore rules judge it as they judge a statement the user sends.
     */
    public Decision decide(
            ParsedStatement statement,
            Map<String, String> sessionConfig,
            Map<String, String> executionConfig,
            Planner planner,
            UnaryOperator<Analysis> restoring) {
        Limits limits = limits(statement, sessionConfig, executionConfig);
        return limits.refusal()
                .orElseGet(() -> judge(restoring.apply(analyse(statement, limits, planner)), limits.judged()));
    }

    /**
     * The platform limits on a statement before it is planned ({@link #limits}).
     *
     * @param refusal their refusal, when one of them blocks
     * @param judged what they found, for {@link #judge(Analysis, LimitsVerdict)} to reuse
     */
    public record Limits(Optional<Decision> refusal, LimitsVerdict judged) {}

    /**
     * The platform limits' refusal of {@code statement}, judged before anything is planned: Flink's
     * planner runs user code while it plans (a function's {@code eval} in constant folding, a
     * connector's factory), so a statement that loads a jar, names a function class, a connector or
     * a path the platform does not allow is refused without calling the planner. Only the {@link
     * io.github.sqlguard.rules.RuleRole#LIMIT} rules judge, from the statement's text facts and the
     * configuration the call applies; each finding says that the statement was not planned. No refusal
     * when none of them blocks: the statement is then analysed ({@link #analyse(ParsedStatement, Limits, Planner)})
     * and judged by every rule, these included (a limit whose context there is equal to this one's is not run
     * again: {@link LimitsVerdict}).
     * Judge it under the strictest policy any table could get: its tables are not known before planning.
     */
    public Limits limits(
            ParsedStatement statement, Map<String, String> sessionConfig, Map<String, String> executionConfig) {
        long start = System.nanoTime();
        Map<String, String> config = new HashMap<>(sessionConfig);
        config.putAll(executionConfig);
        Duration ttl = EffectiveTtl.of(config);
        // The context judge gives the rules of a statement that is not planned, but the plan file's classes.
        AnalysisContext context =
                new AnalysisContext(
                        withStoredPlanClasses(statement), Optional.empty(), Optional.empty(), isStreaming(config), ttl,
                        changes(statement, executionConfig), config, policy.ruleOptions(),
                        advised(statement, Optional.empty()));
        LimitsVerdict judged = engine.evaluateLimits(context);
        Verdict verdict = judged.verdict();
        if (!verdict.blocked()) {
            return new Limits(Optional.empty(), judged);
        }
        List<Finding> findings =
                verdict.findings().stream()
                        .map(f -> new Finding(
                                f.ruleId(), f.level(), f.reason() + " The statement was not planned.", f.node(), f.excerpt(),
                                f.fix(), f.docLink(), f.planNode(), f.facts()))
                        .toList();
        return new Limits(
                Optional.of(Decision.of(
                        new Verdict(findings, verdict.suppressed(), verdict.fallbacks()), Optional.empty(), ttl,
                        Optional.empty(), true, Optional.empty(), elapsedMs(start))),
                judged);
    }

    /**
     * {@code statement} with, among the function classes it names, every class of the compiled plan
     * file it runs ({@link #storedPlan}): Flink's plan reader loads and initialises each when the
     * guard restores the plan to judge it, as when Flink runs it ({@link PlanFileClasses}).
     */
    private static ParsedSql withStoredPlanClasses(ParsedStatement statement) {
        Optional<String> planFile = storedPlan(statement);
        if (planFile.isEmpty()) {
            return statement;
        }
        List<String> classes = PlanFileClasses.named(planFile.get());
        if (classes.isEmpty()) {
            return statement;
        }
        List<SqlOption> functionClasses = new ArrayList<>(statement.functionClasses());
        for (String name : classes) {
            functionClasses.add(new SqlOption("class", name, "the plan file '" + planFile.get() + "' (\"class\")", 0, 0));
        }
        SqlFacts facts = statement.facts();
        SqlFacts withClasses = facts.withFunctionClasses(functionClasses);
        return new ParsedSql() {
            @Override
            public String text() {
                return statement.text();
            }

            @Override
            public SqlFacts facts() {
                return withClasses;
            }

            @Override
            public Optional<io.github.sqlguard.statement.ParsedTree> tree() {
                return statement.tree();
            }
        };
    }

    /** The configuration a statement's call applies: its execution config, then its {@code SET}. */
    private static List<ConfigChange> changes(ParsedStatement statement, Map<String, String> executionConfig) {
        List<ConfigChange> changes = new ArrayList<>();
        executionConfig.forEach((k, v) -> changes.add(new ConfigChange(k, v, "execution config")));
        if (statement.kind() == StatementKind.SET && statement.setKey() != null) {
            changes.add(new ConfigChange(statement.setKey(), statement.setValue(), "SET"));
        }
        return changes;
    }

    /**
     * What the rules judge of one statement, found before any policy applies: its configuration
     * and its plan in the session (or Flink's rejection, or why the guard could not find out). The
     * policy that judges it may depend on what was found: the tables of the plan ({@link
     * Policy#forTables}).
     *
     * @param statement the statement
     * @param plan its plan, when Flink planned it
     * @param judged the operation Flink planned, to run as judged
     * @param plannerError Flink's rejection, read once
     * @param flinkError Flink's own exception for that rejection
     * @param tablesRead what a statement the planner refused reads, with its columns as the session's catalog has them
     *     ({@link ExplainOutcome.Rejected#tablesRead()}), for the diagnoses; for a planned statement with a join, with
     *     their declared PRIMARY KEY ({@link ExplainOutcome.Planned#tablesRead()}), for the join's fix
     * @param unanalysed why the guard could not analyse it
     * @param plannersBusy true when every planner was held and the statement was not planned
     * @param streaming true in streaming mode
     * @param ttl the state TTL of the session and execution config
     * @param changes the configuration the call applies
     * @param config the session configuration with the execution config on top
     * @param startNanos when the analysis began ({@link System#nanoTime()})
     * @param restore what the statement would restore from a savepoint, once judged ({@link #restoring})
     * @param restoringJob the job translated to judge that restore, for the plan store at submission
     * @param plannedJob the job of the plan, translated by the planning for a statement that restores
     *     a savepoint ({@link ExplainOutcome.Planned#job()}), for the restore check to reuse
     */
    public record Analysis(
            ParsedStatement statement,
            Optional<ExplainedPlan> plan,
            Optional<JudgedOperation> judged,
            Optional<PlannerError> plannerError,
            Optional<Throwable> flinkError,
            List<TableRead> tablesRead,
            Optional<String> unanalysed,
            boolean plannersBusy,
            boolean streaming,
            Duration ttl,
            List<ConfigChange> changes,
            Map<String, String> config,
            long startNanos,
            Optional<Restore> restore,
            Optional<StatementJobs.JudgedJob> restoringJob,
            Optional<StatementJobs.JudgedJob> plannedJob) {

        /** This analysis with what the statement would restore. */
        public Analysis restoring(Restore restored) {
            return restoring(restored, Optional.empty());
        }

        /** This analysis with what the statement would restore, and the job translated to judge it, if any. */
        public Analysis restoring(Restore restored, Optional<StatementJobs.JudgedJob> job) {
            return new Analysis(
                    statement, plan, judged(), plannerError, flinkError, tablesRead, unanalysed, plannersBusy, streaming, ttl,
                    changes,
                    config, startNanos, Optional.of(restored), job, plannedJob);
        }
    }

    /**
     * Finds out what the rules judge of {@code statement}: its configuration, and its plan through
     * {@code planner} when it is a statement the guard plans.
     */
    public Analysis analyse(
            ParsedStatement statement,
            Map<String, String> sessionConfig,
            Map<String, String> executionConfig,
            Planner planner) {
        long start = System.nanoTime();
        Map<String, String> config = new HashMap<>(sessionConfig);
        config.putAll(executionConfig);
        return analyse(statement, config, changes(statement, executionConfig), planner, start);
    }

    /**
     * {@link #analyse(ParsedStatement, Map, Map, Planner)} of the statement the platform limits judged ({@link
     * #limits}), with the configuration and changes they judged: the same objects, so that {@link
     * #judge(Analysis, LimitsVerdict)} finds its context equal to theirs without comparing the session's
     * configuration entry by entry.
     */
    public Analysis analyse(ParsedStatement statement, Limits limits, Planner planner) {
        long start = System.nanoTime();
        AnalysisContext judged = limits.judged().context().orElseThrow();
        return analyse(statement, judged.config(), judged.changes(), planner, start);
    }

    private Analysis analyse(
            ParsedStatement statement, Map<String, String> config, List<ConfigChange> changes, Planner planner,
            long start) {
        boolean streaming = isStreaming(config);

        Optional<ExplainedPlan> plan = Optional.empty();
        Optional<JudgedOperation> judged = Optional.empty();
        Optional<StatementJobs.JudgedJob> plannedJob = Optional.empty();
        Optional<PlannerError> plannerError = Optional.empty();
        Optional<String> unanalysed = Optional.empty();
        Optional<Throwable> flinkError = Optional.empty();
        List<TableRead> tablesRead = List.of();
        boolean plannersBusy = false;
        if (statement instanceof ParsedStatement.Unparsable unparsable) {
            plannerError = Optional.of(PlannerError.of(unparsable.message()));
            flinkError = unparsable.flinkError();
        } else if (statement instanceof ParsedStatement.Unread unread) {
            unanalysed = Optional.of(unread.reason());
        } else if (storedPlan(statement).isPresent() || statement.plannedBody().isPresent()) {
            Optional<String> planFile = storedPlan(statement);
            Optional<PlannedBody> body = PlannedBody.of(statement);
            ExplainOutcome outcome =
                    planFile.isPresent()
                            ? planner.planStored(planFile.get(), body, streaming)
                            : planner.plan(body.get(), streaming);
            if (outcome instanceof ExplainOutcome.Planned planned) {
                plan = Optional.of(planned.plan());
                judged = planned.judged();
                plannedJob = planned.job();
                tablesRead = planned.tablesRead();
            } else if (outcome instanceof ExplainOutcome.Rejected rejected) {
                plannerError = Optional.of(PlannerError.of(rejected.error()));
                flinkError = Optional.of(rejected.error());
                tablesRead = rejected.tablesRead();
            } else if (outcome instanceof ExplainOutcome.Failed failed) {
                unanalysed = Optional.of(failed.reason());
            } else if (outcome instanceof ExplainOutcome.Busy busy) {
                unanalysed = Optional.of(busy.reason());
                plannersBusy = true;
            }
        } else {
            unanalysed = notPlanned(statement);
        }
        return new Analysis(
                statement, plan, judged, plannerError, flinkError, tablesRead, unanalysed, plannersBusy, streaming,
                EffectiveTtl.of(config), changes, config, start, Optional.empty(), Optional.empty(), plannedJob);
    }

    /** The rules' verdict on {@code analysis} under this guard's policy, as a decision. */
    public Decision judge(Analysis analysis) {
        return judge(analysis, LimitsVerdict.NONE);
    }

    /**
     * The rules' verdict on {@code analysis} under this guard's policy, as a decision, with the hits of the
     * platform limits that judged its statement before planning ({@link #limits}) where they judged an equal
     * context: the same findings as {@link #judge(Analysis)}, each limit run once.
     */
    public Decision judge(Analysis analysis, LimitsVerdict limits) {
        AnalysisContext context =
                new AnalysisContext(
                        analysis.statement(), analysis.plan(), analysis.plannerError(), analysis.streaming(),
                        analysis.ttl(), analysis.changes(), analysis.config(), policy.ruleOptions(),
                        advised(analysis.statement(), analysis.plan()), analysis.restore(), analysis.tablesRead());
        Verdict verdict = engine.evaluate(context, limits);
        // A full planner pool is a limit of the gateway, not a failure to analyse: refused in either fail mode.
        boolean refuse =
                verdict.blocked() || analysis.plannersBusy()
                        || (analysis.unanalysed().isPresent() && policy.failMode() == FailMode.CLOSED);
        return Decision.of(
                verdict, analysis.plan(), analysis.ttl(), analysis.unanalysed(), refuse, analysis.flinkError(),
                elapsedMs(analysis.startNanos()), analysis.judged()).withRestore(analysis.restore(), analysis.restoringJob());
    }

    /**
     * The compiled plan file whose plan Flink runs when the file exists: that of {@code EXECUTE PLAN}
     * and {@code COMPILE AND EXECUTE PLAN} ({@link PlanFile#runsStoredPlan()}). Such a statement is
     * judged by that plan, every time, not by the statement after {@code FOR}.
     *
     * <p>Asked of every statement, on the REST I/O thread that read it, before its operation is made
     * ({@link StatementPipeline#decidesWithoutPlanning}): a loop, as Flink's code style asks of
     * performance-critical code ("Java Streams", Apache Flink Code Style and Quality Guide); a stream's
     * pipeline over a statement's no plan file was 2 % of the guard's CPU samples on a cheap statement
     * (bench/results/2026-12-05-cheap-r54.md).
     */
    public static Optional<String> storedPlan(ParsedStatement statement) {
        for (SqlOption plan : statement.planFiles()) {
            if (PlanFile.of(plan.source()).map(PlanFile::runsStoredPlan).orElse(false)) {
                return Optional.of(plan.value());
            }
        }
        return Optional.empty();
    }

    /** Why a statement the guard would plan is not analysed: its planned text could not be found. */
    private static Optional<String> notPlanned(ParsedStatement statement) {
        return switch (statement.kind()) {
            case PLAN -> Optional.of("EXECUTE PLAN runs a compiled plan from a file the guard cannot read");
            case MATERIALIZED_TABLE -> Optional.of("the guard could not find the defining query of this materialized table");
            case EXPLAIN -> Optional.of("the guard could not find the explained statement in this EXPLAIN");
            default -> Optional.empty();
        };
    }

    /**
     * The rules' word on Flink's rejection of a statement the guard let through (a DDL that then
     * fails in Flink), from Flink's error alone: a diagnosis when one explains it, else {@code
     * planner-error}.
     */
    public Decision diagnosis(Throwable flinkError) {
        long start = System.nanoTime();
        AnalysisContext context =
                new AnalysisContext(
                        ParsedSql.NONE, Optional.empty(), Optional.of(PlannerError.of(flinkError)), true,
                        Duration.ZERO, List.of(), Map.of(), policy.ruleOptions(), advised());
        Verdict verdict = engine.evaluate(context);
        return Decision.of(
                verdict, Optional.empty(), Duration.ZERO, Optional.empty(), verdict.blocked(), Optional.of(flinkError),
                elapsedMs(start));
    }

    /** Decides on configuration applied outside a statement (session properties at open). */
    public Decision decideConfiguration(Map<String, String> properties, String source) {
        long start = System.nanoTime();
        List<ConfigChange> changes = new ArrayList<>();
        properties.forEach((k, v) -> changes.add(new ConfigChange(k, v, source)));
        Duration ttl = StateTtl.effective(properties);
        AnalysisContext context =
                new AnalysisContext(
                        ParsedSql.NONE, Optional.empty(), Optional.empty(), isStreaming(properties), ttl, changes,
                        properties, policy.ruleOptions(), advised());
        Verdict verdict = engine.evaluate(context);
        return Decision.of(
                verdict, Optional.empty(), ttl, Optional.empty(), verdict.blocked(), Optional.empty(), elapsedMs(start));
    }

    /**
     * The decision on a call the guard cannot analyse ({@code deployScript}, a materialized table
     * refresh, a guard failure): the SQL it carries ({@link ParsedSql#NONE} for none) is still
     * checked; {@code sql-guard.fail-mode} decides whether it runs.
     */
    public Decision unanalysable(ParsedSql sql, String reason) {
        long start = System.nanoTime();
        AnalysisContext context =
                new AnalysisContext(
                        sql, Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                        policy.ruleOptions(), advised());
        Verdict verdict = engine.evaluate(context);
        return Decision.of(
                verdict, Optional.empty(), Duration.ZERO, Optional.of(reason),
                policy.failMode() == FailMode.CLOSED || verdict.blocked(), Optional.empty(), elapsedMs(start));
    }

    /**
     * The window size and state TTL the fixes propose: the proven rewrites' ({@code sql-guard.rewrite.*}),
     * but never a TTL below {@code sql-guard.min-state-ttl}: with such a {@code sql-guard.rewrite.state-ttl}
     * no TTL rewrite passes its proof (ttl-too-short), and the advice would propose what the guard refuses.
     */
    private AdvisedValues advised() {
        Duration ttl = policy.rewrite().stateTtl();
        Duration min = policy.option(StateTtlOptions.MIN_STATE_TTL);
        return new AdvisedValues(policy.rewrite().windowSize(), ttl.compareTo(min) < 0 ? min : ttl);
    }

    /**
     * {@link #advised()} with the state TTL the proven rewrites propose ({@link ProposedTtl}): one that covers the
     * statement's own longest time bound, so that a fix never proposes a TTL that loses rows the statement still
     * matches, and never shorter than a TTL the statement pins on a pipeline the session TTL reaches.
     */
    private AdvisedValues advised(ParsedStatement statement, Optional<ExplainedPlan> plan) {
        AdvisedValues advised = advised();
        if (statement.plannedBody().isEmpty() && plan.isEmpty()) {
            // No text to bound it and no plan to pin it (SET, RESET, DDL, SHOW): ProposedTtl's answer is the
            // configured TTL, and its reasons, written for a rewrite, would only be formatted to be dropped.
            return advised;
        }
        return new AdvisedValues(advised.windowSize(),
                ProposedTtl.forStatement(advised.stateTtl(), statement.plannedBody(), plan).ttl());
    }

    /** Streaming unless {@code execution.runtime-mode} is {@code batch} ({@code ExecutionOptions.RUNTIME_MODE}). */
    static boolean isStreaming(Map<String, String> config) {
        return !"batch".equalsIgnoreCase(config.getOrDefault("execution.runtime-mode", "streaming").strip());
    }

    private static long elapsedMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
