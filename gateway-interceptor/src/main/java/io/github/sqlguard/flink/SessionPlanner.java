package io.github.sqlguard.flink;

import io.github.sqlguard.plan.CompiledPlanReader;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanParser;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.PlannedBody;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.CompiledPlan;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.operations.CreateTableASOperation;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.ReplaceTableAsOperation;
import org.apache.flink.table.operations.SinkModifyOperation;
import org.apache.flink.table.operations.StatementSetOperation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Plans a statement in the user's own session, in process, with the table environment Flink builds
 * for the session's operations ({@link GatewaySessions}): the same catalogs, views, temporary
 * tables, functions, jars and configuration (plus the statement's execution config).
 *
 * <p>In streaming mode the statement is compiled ({@code TableEnvironmentInternal#compilePlan}, what
 * {@code COMPILE PLAN} does) and the compiled plan translated to Flink's stream graph ({@code
 * CompiledPlan#explain}), so errors Flink raises only in translation surface as they would when
 * the statement runs: the compiled plan gives both the execution plan the rules read and each
 * stateful operator's state TTL as Flink applies it. A query, and the query of a {@code CREATE
 * TABLE AS}, is compiled into an anonymous {@code blackhole} sink that exists only for the
 * analysis ({@link AnalysisSink}: a query's extra rowtime attributes cast, as its real collect sink
 * takes them); the user's catalog is not touched. Where Flink cannot compile a statement that it
 * can plan (a source or sink without compiled-plan support, a {@code CREATE TABLE AS} of two
 * rowtime attributes), the plan is explained instead: no per-operator state is known, and the plan
 * carries the TTL its operators are inferred to get ({@code table.exec.state.ttl} as this table
 * environment reads it). In batch mode the statement is explained ({@code explainInternal}); state
 * TTL does not apply there.
 *
 * <p>Never throws: a planner rejection comes back as {@link ExplainOutcome.Rejected} with Flink's
 * own exception, anything that stops the guard from finding out as {@link ExplainOutcome.Failed}.
 * Thread-safe; {@link #close()} stops its planning threads.
 */
public final class SessionPlanner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SessionPlanner.class);

    private final Optional<GatewaySessions> sessions;
    private final PlanParser textParser = new PlanParser();
    private final CompiledPlanReader compiledReader = new CompiledPlanReader();
    /** Planning runs here so that a planner that does not return is bounded by the timeout. */
    private final PlannerPool planners;
    /** A session's verified user, if any ({@link PlannerAdmission}: fairness between users). */
    private final Function<SessionHandle, Optional<String>> verifiedUser;
    /** Counted where Flink's planner runs: the sessions' own counts ({@link GatewaySessions#plannerRuns}). */
    private final PlannerRuns runs;

    /**
     * A planner with the default number of planner threads ({@link #defaultThreads()}).
     *
     * @param sessions the gateway's sessions; empty when the service is not Flink's own (nothing can
     *     be planned in a session)
     */
    public SessionPlanner(Optional<GatewaySessions> sessions) {
        this(sessions, defaultThreads());
    }

    /**
     * @param sessions the gateway's sessions; empty when the service is not Flink's own
     * @param threads most statements planned at once ({@code sql-guard.planner.threads})
     */
    public SessionPlanner(Optional<GatewaySessions> sessions, int threads) {
        this(sessions, threads, session -> Optional.empty());
    }

    /**
     * @param sessions the gateway's sessions; empty when the service is not Flink's own
     * @param threads most statements planned at once ({@code sql-guard.planner.threads})
     * @param verifiedUser a session's verified user, if any: the sessions of one user share that
     *     user's turn at the planners ({@link PlannerAdmission}); a session without one is a user of
     *     its own
     */
    public SessionPlanner(
            Optional<GatewaySessions> sessions, int threads, Function<SessionHandle, Optional<String>> verifiedUser) {
        this.sessions = sessions;
        this.planners = new PlannerPool(threads);
        this.verifiedUser = verifiedUser;
        this.runs = sessions.map(GatewaySessions::plannerRuns).orElseGet(PlannerRuns::new);
    }

    /** The verified user of {@code session}, or {@code null}, for the planners' turns. */
    private String userOf(SessionHandle session) {
        try {
            return verifiedUser.apply(session).orElse(null);
        } catch (RuntimeException e) {
            LOG.debug("The verified user of session {} is not known; its planning takes a turn of its own.", session, e);
            return null;
        }
    }

    /** The default of {@code sql-guard.planner.threads}: the processors the JVM sees less one, at least 1. */
    public static int defaultThreads() {
        return PlannerPool.defaultThreads();
    }

    /** Plannings the guard stopped waiting for that still hold a planner thread (they are being cancelled). */
    public int abandonedPlannings() {
        return planners.abandoned();
    }

    /** Plannings waiting for a planner now, statements and proofs; for monitoring and tests. */
    public int waitingPlannings() {
        return planners.waiting();
    }

    /**
     * Plans {@code statementBody} (a query, INSERT, {@code STATEMENT SET BEGIN ... END}, {@code
     * CREATE TABLE ... AS}) in {@code session} with {@code executionConfig}, at most for {@code
     * timeout} (the {@code sql-guard.explain-timeout} of the policy deciding the call, which a reload
     * may change).
     */
    public ExplainOutcome plan(
            SessionHandle session, String statementBody, Configuration executionConfig, boolean streaming,
            Duration timeout) {
        return plan(session, PlannedBody.unread(statementBody), executionConfig, streaming, timeout, false);
    }

    /**
     * As {@link #plan(SessionHandle, String, Configuration, boolean, Duration)}; when the statement
     * restores a savepoint ({@code restores}: its configuration names one, {@link
     * StatementRestores#savepointPath}), an INSERT or statement set's plan is translated as the
     * guard runs it ({@link StatementJobs#judgedJob}) in place of {@code CompiledPlan#explain}, and
     * the outcome carries that job ({@link ExplainOutcome.Planned#job()}) for the restore check.
     */
    public ExplainOutcome plan(
            SessionHandle session, String statementBody, Configuration executionConfig, boolean streaming,
            Duration timeout, boolean restores) {
        return plan(session, PlannedBody.unread(statementBody), executionConfig, streaming, timeout, restores);
    }

    /**
     * As {@link #plan(SessionHandle, String, Configuration, boolean, Duration, boolean)}, for a statement whose facts
     * Flink's SQL parser read ({@link PlannedBody#of}): what the planning reads of the body besides Flink's own parse
     * (the tables and views it reads) reads them, not the text again.
     */
    public ExplainOutcome plan(
            SessionHandle session, PlannedBody body, Configuration executionConfig, boolean streaming,
            Duration timeout, boolean restores) {
        return plan(session, body, executionConfig, streaming, timeout, PlannerAdmission.Lane.STATEMENT, restores);
    }

    /**
     * Plans a candidate rewrite of a statement, as {@link #plan(SessionHandle, String, Configuration,
     * boolean, Duration)} plans a statement, after every statement waiting for a planner.
     */
    public ExplainOutcome prove(
            SessionHandle session, String statementBody, Configuration executionConfig, boolean streaming,
            Duration timeout) {
        return prove(session, PlannedBody.unread(statementBody), executionConfig, streaming, timeout);
    }

    /**
     * As {@link #prove(SessionHandle, String, Configuration, boolean, Duration)}, for a candidate whose facts Flink's
     * SQL parser read ({@link #plan(SessionHandle, PlannedBody, Configuration, boolean, Duration, boolean)}).
     */
    public ExplainOutcome prove(
            SessionHandle session, PlannedBody body, Configuration executionConfig, boolean streaming, Duration timeout) {
        return plan(session, body, executionConfig, streaming, timeout, PlannerAdmission.Lane.PROOF, false);
    }

    private ExplainOutcome plan(
            SessionHandle session, PlannedBody statementBody, Configuration executionConfig, boolean streaming,
            Duration timeout, PlannerAdmission.Lane lane, boolean restores) {
        long start = System.nanoTime();
        if (sessions.isEmpty()) {
            return new ExplainOutcome.Failed(
                    "the gateway's service is not Flink's SqlGatewayServiceImpl, so the guard cannot plan in the session",
                    elapsedMs(start));
        }
        // The table environment is built on the planning thread: Calcite keeps the planner's metadata
        // providers in thread-locals of the thread that built it (see PlannerCluster).
        return planners.plan(session.toString(), userOf(session), lane, timeout, start, built -> {
            TableEnvironmentInternal tEnv;
            try {
                tEnv = sessions.get().tableEnvironment(session, executionConfig);
            } catch (RuntimeException e) {
                return new ExplainOutcome.Failed(
                        "the session's table environment is not available: " + PlannerError.of(e).root(), elapsedMs(start));
            }
            built.accept(tEnv);
            return planNow(tEnv, statementBody, streaming,
                    lane == PlannerAdmission.Lane.STATEMENT ? Planning.statement(restores) : Planning.PROOF, start);
        });
    }

    /**
     * Judges what Flink runs for a statement that names a compiled plan file ({@code EXECUTE PLAN
     * 'f'}, {@code COMPILE AND EXECUTE PLAN 'f' FOR ...}): when the file exists, the plan in it,
     * whatever follows {@code FOR} (Flink's {@code TableEnvironmentImpl#compilePlanAndWrite} with
     * {@code ignoreIfExists}: it loads an existing file and never compiles the statement, whatever
     * {@code table.plan.force-recompile} says); when it does not, {@code statementBody} (the
     * statement after {@code FOR}), or, without one, nothing: Flink fails such an {@code EXECUTE
     * PLAN}. The file is read as Flink's {@code ResourceManager} reads it: Flink's {@link
     * org.apache.flink.core.fs.Path} on Flink's file system of its scheme (a relative path from the
     * gateway's working directory). The plan judged is the one Flink restores from the file's
     * content ({@code TableEnvironment#loadPlan}), and the plan's {@link ExplainedPlan#executablePlan()}
     * is that content as Flink serialises it again, so what runs is what was judged even if the file
     * changes afterwards.
     */
    public ExplainOutcome planStored(
            SessionHandle session, String planFile, Optional<PlannedBody> statementBody, Configuration executionConfig,
            boolean streaming, Duration timeout) {
        long start = System.nanoTime();
        if (sessions.isEmpty()) {
            return new ExplainOutcome.Failed(
                    "the gateway's service is not Flink's SqlGatewayServiceImpl, so the guard cannot plan in the session",
                    elapsedMs(start));
        }
        return planners.plan(session.toString(), userOf(session), PlannerAdmission.Lane.STATEMENT, timeout, start, built -> {
            TableEnvironmentInternal tEnv;
            try {
                tEnv = sessions.get().tableEnvironment(session, executionConfig);
            } catch (RuntimeException e) {
                return new ExplainOutcome.Failed(
                        "the session's table environment is not available: " + PlannerError.of(e).root(), elapsedMs(start));
            }
            built.accept(tEnv);
            return planStoredNow(tEnv, planFile, statementBody, streaming, start);
        });
    }

    /** As {@link #planStored}, with {@code tEnv} (a test's own environment) on the calling thread. */
    public ExplainOutcome planStored(
            TableEnvironmentInternal tEnv, String planFile, Optional<String> statementBody, boolean streaming) {
        return planStoredNow(tEnv, planFile, statementBody.map(PlannedBody::unread), streaming, System.nanoTime());
    }

    private ExplainOutcome planStoredNow(
            TableEnvironmentInternal tEnv, String planFile, Optional<PlannedBody> statementBody, boolean streaming,
            long start) {
        Optional<String> content;
        try {
            content = PlanFiles.read(planFile);
        } catch (IOException | RuntimeException e) {
            return new ExplainOutcome.Failed(
                    "the plan file '" + planFile + "' could not be read: " + PlannerError.of(e).root(), elapsedMs(start));
        }
        if (content.isEmpty()) {
            return statementBody.isPresent()
                    ? planNow(tEnv, statementBody.get(), streaming, Planning.STATEMENT, start)
                    : new ExplainOutcome.Failed(
                            "EXECUTE PLAN runs the plan file '" + planFile + "', which does not exist", elapsedMs(start));
        }
        try {
            CompiledPlan compiled = tEnv.loadPlan(PlanReference.fromJsonString(content.get()));
            runs.translate();
            compiled.explain();
            String json = compiled.asJsonString();
            return new ExplainOutcome.Planned(
                    compiledReader.read(json).executableAs(json).readFrom(planFile), Optional.empty(), elapsedMs(start));
        } catch (Exception | LinkageError e) {
            // Flink restores the same content the same way when it runs the statement, and fails as here.
            return new ExplainOutcome.Rejected(e, elapsedMs(start));
        } catch (StackOverflowError e) {
            return new ExplainOutcome.Failed("the plan file is nested too deeply to read", elapsedMs(start));
        }
    }

    /**
     * Plans {@code statementBody} with {@code tEnv} (a test's own environment) on the calling thread,
     * the thread that built {@code tEnv}.
     */
    public ExplainOutcome plan(TableEnvironmentInternal tEnv, String statementBody, boolean streaming) {
        return plan(tEnv, PlannedBody.unread(statementBody), streaming);
    }

    /**
     * As {@link #plan(TableEnvironmentInternal, String, boolean)}, for a statement whose facts Flink's SQL parser read
     * ({@link #plan(SessionHandle, PlannedBody, Configuration, boolean, Duration, boolean)}).
     */
    public ExplainOutcome plan(TableEnvironmentInternal tEnv, PlannedBody body, boolean streaming) {
        return planNow(tEnv, body, streaming, Planning.STATEMENT, System.nanoTime());
    }

    /**
     * As {@link #plan(TableEnvironmentInternal, String, boolean)}, for a statement that restores a
     * savepoint when {@code restores} ({@link #plan(SessionHandle, String, Configuration, boolean,
     * Duration, boolean)}).
     */
    public ExplainOutcome plan(TableEnvironmentInternal tEnv, String statementBody, boolean streaming, boolean restores) {
        return planNow(tEnv, PlannedBody.unread(statementBody), streaming, Planning.statement(restores), System.nanoTime());
    }

    /**
     * Plans a candidate rewrite with {@code tEnv} (a test's own environment) on the calling thread, as {@link
     * #prove(SessionHandle, String, Configuration, boolean, Duration)} plans it: without asking the plan's tables
     * whether they are lookup sources.
     */
    public ExplainOutcome prove(TableEnvironmentInternal tEnv, String statementBody, boolean streaming) {
        return planNow(tEnv, PlannedBody.unread(statementBody), streaming, Planning.PROOF, System.nanoTime());
    }

    /**
     * What a planning is for, as {@link #planNow} plans it.
     *
     * @param restores whether the statement restores a savepoint: an INSERT's or statement set's plan is translated
     *     as the guard runs it, and the outcome carries that job ({@link #plan(SessionHandle, String, Configuration,
     *     boolean, Duration, boolean)})
     * @param asksLookupSources whether the plan's tables are asked whether they are lookup sources ({@link
     *     LookupSources}): for a statement's own planning, whose findings and rewrites read the answers; not for the
     *     proof of a candidate rewrite, which a rule reads for its verdict alone (a factory created per table per
     *     candidate, for nothing)
     */
    private record Planning(boolean restores, boolean asksLookupSources) {

        /** A statement's own planning, not restoring. */
        static final Planning STATEMENT = new Planning(false, true);

        /** The proof of a candidate rewrite: it restores nothing and asks no table about lookups. */
        static final Planning PROOF = new Planning(false, false);

        /** A statement's own planning, restoring a savepoint where {@code restores}. */
        static Planning statement(boolean restores) {
            return new Planning(restores, true);
        }
    }

    private ExplainOutcome planNow(
            TableEnvironmentInternal tEnv, PlannedBody body, boolean streaming, Planning planning, long start) {
        String statementBody = body.text();
        List<Operation> operations;
        try {
            runs.parse();
            operations = tEnv.getParser().parse(statementBody);
        } catch (Exception | LinkageError | AssertionError e) {
            // Checked exceptions too: Flink 1.20's planner lets SqlValidateException, undeclared, out
            // of a DDL node's validate() (SqlReplaceTableAs with a column list), as its own
            // rejection of the statement. An AssertionError too: Calcite's Litmus.THROW, which
            // Flink's hint checkers use, refuses a hint with one (FlinkHintStrategies: "Invalid
            // STATE_TTL hint, expecting at least one key-value options specified." for STATE_TTL()).
            return new ExplainOutcome.Rejected(e, elapsedMs(start));
        } catch (StackOverflowError e) {
            return new ExplainOutcome.Failed("the statement is nested too deeply to plan", elapsedMs(start));
        }
        if (operations.size() != 1) {
            return new ExplainOutcome.Failed(
                    "Flink's parser read " + operations.size() + " operations from one statement", elapsedMs(start));
        }
        Operation operation = operations.get(0);
        // What the readers below take of the body (the tables and views it reads): the statement's own facts, or the
        // text read once here; never a parse per reader.
        SqlFacts read = body.read();
        if (streaming) {
            try {
                List<ModifyOperation> sinks = sinks(tEnv, operation);
                if (!sinks.isEmpty()) {
                    String json;
                    Optional<StatementJobs.JudgedJob> job = Optional.empty();
                    // The sources Flink translated as bounded, by the node ids of the plan read.
                    Set<Integer> bounded;
                    if (planning.restores() && runsAsCompiled(operation)) {
                        // What tEnv.compilePlan compiles, kept in memory for the translation.
                        runs.optimize();
                        InternalPlan compiled = StatementJobs.compilePlan(tEnv, sinks);
                        json = compiled.asJsonString();
                        // The in-memory plan is translated with the ids Flink gave it (the job's own
                        // plan is renumbered apart, StatementUids), the plan read numbered per statement.
                        runs.translate();
                        job = judgedJob(tEnv, compiled, json);
                        if (job.isEmpty()) {
                            runs.translate();
                        }
                        bounded = job.isPresent() ? job.get().boundedSources()
                                : perStatement(StatementJobs.translate(tEnv, compiled), json);
                        json = PlanNodeIds.perStatement(json);
                    } else {
                        runs.optimize();
                        InternalPlan compiled = StatementJobs.compilePlan(tEnv, sinks);
                        // Translating the plan to Flink's stream graph raises the errors Flink finds only
                        // there, as running it would (without the text explaining it would write).
                        json = compiled.asJsonString();
                        runs.translate();
                        bounded = perStatement(StatementJobs.translate(tEnv, compiled), json);
                        json = PlanNodeIds.perStatement(json);
                    }
                    ExplainedPlan plan = compiledReader.read(json, Optional.of(statementBody),
                            ViewQueries.expandedQueries(tEnv.getCatalogManager(), read)).withBoundedSources(bounded);
                    if (planning.asksLookupSources()) {
                        LookupSources.Answers sources = LookupSources.of(tEnv, plan);
                        plan = plan.withLookupSources(sources.lookup()).withChangelogModes(sources.changelogModes());
                    }
                    plan = HintPins.read(views(plan, tEnv, read), tEnv, sinks, statementBody, compiledReader, runs);
                    return new ExplainOutcome.Planned(
                            (runsAsCompiled(operation) ? plan.executableAs(json) : plan).withCreatedTables(created(operation)),
                            JudgedOperation.of(tEnv, operation), job, elapsedMs(start),
                            tablesRead(planning, plan, tEnv, read));
                }
            } catch (Exception | LinkageError | AssertionError compileFailed) {
                if (explainFailsAlike(operation, compileFailed)) {
                    // Flink's own rejection, as explaining it would give it: not optimized a second time.
                    return new ExplainOutcome.Rejected(
                            compileFailed, elapsedMs(start), TablesRead.of(tEnv.getCatalogManager(), read));
                }
                // Explained below: a planner rejection fails there too, with the planner's own error;
                // a statement Flink can plan but not compile is judged on its explained plan. Checked
                // exceptions too: Flink 1.20 throws Jackson's JsonMappingException, undeclared, when it
                // cannot serialise the compiled plan (a state TTL of Long.MAX_VALUE ms overflows).
                LOG.debug("Could not compile the plan of a statement; explaining it instead.", compileFailed);
            } catch (StackOverflowError e) {
                return new ExplainOutcome.Failed("the statement is nested too deeply to plan", elapsedMs(start));
            }
        }
        try {
            ExplainDetail[] details = streaming ? new ExplainDetail[] {ExplainDetail.CHANGELOG_MODE} : new ExplainDetail[0];
            runs.optimize();
            String text = tEnv.explainInternal(explained(operation), details);
            ExplainedPlan plan = textParser.parse(text)
                    .withInferredStateTtl(tEnv.getConfig().get(ExecutionConfigOptions.IDLE_STATE_RETENTION))
                    .withCreatedTables(created(operation));
            return new ExplainOutcome.Planned(views(plan, tEnv, read), JudgedOperation.of(tEnv, operation),
                    Optional.empty(), elapsedMs(start), tablesRead(planning, plan, tEnv, read));
        } catch (RuntimeException | LinkageError | AssertionError e) {
            // An Error from the planner (a hint checker's AssertionError) is its rejection like any other. The
            // statement parsed: what it reads is there for the diagnoses, which have no plan (TablesRead).
            return new ExplainOutcome.Rejected(e, elapsedMs(start), TablesRead.of(tEnv.getCatalogManager(), read));
        } catch (StackOverflowError e) {
            return new ExplainOutcome.Failed("the statement is nested too deeply to plan", elapsedMs(start));
        }
    }

    /**
     * True when explaining {@code operation} would fail as compiling it did ({@code failure}), so it is not explained
     * after it (an optimizer run for the same error): Flink failed in a step that compiling and explaining take alike.
     * Flink's {@code PlannerBase#compilePlan} and its explain ({@code PlannerBase#getExplainGraphs}, 2.3) both convert the
     * operations to relational nodes ({@code PlannerBase#translateToRel}) and optimize them ({@code
     * PlannerBase#optimize}) alike, and differ only after that (the exec node graph compiled, or explained); an INSERT
     * or a statement set of INSERTs is explained as the very operations compiled. A query or a {@code CREATE TABLE AS}
     * is compiled into the analysis sink but explained as itself, so for it only the optimizer's first step fails
     * alike, which reads the query's own blocks and nothing of a sink: the check of the query hints ({@code
     * QueryHintsResolver}, which {@code CommonSubGraphBasedOptimizer#optimize} runs before any rule: a {@code
     * STATE_TTL} hint naming no input of its block). Read from where Flink threw ({@code failure}'s own stack), not
     * from its message. A checked exception is never Flink's rejection here (the explain's is unchecked).
     */
    private static boolean explainFailsAlike(Operation operation, Throwable failure) {
        if (!(failure instanceof RuntimeException || failure instanceof AssertionError)) {
            return false;
        }
        boolean sameOperations = runsAsCompiled(operation);
        for (StackTraceElement frame : failure.getStackTrace()) {
            if (frame.getClassName().equals(QUERY_HINTS_RESOLVER)) {
                return true;
            }
            if (sameOperations && frame.getClassName().equals(PLANNER_BASE)
                    && (frame.getMethodName().equals("optimize") || frame.getMethodName().equals("translateToRel"))) {
                return true;
            }
        }
        return false;
    }

    private static final String PLANNER_BASE = "org.apache.flink.table.planner.delegation.PlannerBase";
    private static final String QUERY_HINTS_RESOLVER = "org.apache.flink.table.planner.plan.optimize.QueryHintsResolver";

    /** {@code ids}, node ids of the compiled plan {@code json} as Flink numbered them, as the plan read numbers them. */
    private static Set<Integer> perStatement(Set<Integer> ids, String json) {
        if (ids.isEmpty()) {
            return ids;
        }
        Map<Integer, Integer> numbers = StatementUids.jobNodeIds(json);
        Set<Integer> out = new HashSet<>();
        for (int id : ids) {
            Integer number = numbers.get(id);
            if (number != null) {
                out.add(number);
            }
        }
        return out;
    }

    /**
     * The job of the compiled plan {@code compiled} ({@code json}) of an INSERT or statement set,
     * with the operator ids of the job the guard runs in place of the statement's text ({@link
     * StatementJobs#judgedJob(TableEnvironmentInternal, InternalPlan, String)}: the plan translated in
     * memory to the stream graph, hashed, and the operator ids its job graph would have, without
     * building it; under {@code table.exec.uid.generation: ALWAYS}
     * the plan renumbered by {@link StatementUids}, loaded and translated, as the hand-off does), in
     * the planning's own table environment: the translation {@code CompiledPlan#explain} would do
     * (its {@code Planner#explainPlan} translates the same plan in memory, then dumps it), so
     * Flink's translation errors surface here as there, and the job the restore check sets a
     * savepoint against without a table environment and a translation of its own. {@code tEnv}'s
     * table configuration is the session's and the statement's, as {@link GatewaySessions#executePlan}
     * translates the plan with; the two options {@code judgedJob} sets are put back afterwards.
     * Empty when the translation fails: the plan is then explained, with Flink's own error, and the
     * restore check builds the job in an environment of its own, as it would without this.
     */
    private static Optional<StatementJobs.JudgedJob> judgedJob(
            TableEnvironmentInternal tEnv, InternalPlan compiled, String json) {
        Configuration config = tEnv.getConfig().getConfiguration();
        String uidsKey = ExecutionConfigOptions.TABLE_EXEC_UID_GENERATION.key();
        String simplifyKey = ExecutionConfigOptions.TABLE_EXEC_SIMPLIFY_OPERATOR_NAME_ENABLED.key();
        Optional<String> uids = Optional.ofNullable(config.getString(uidsKey, null));
        Optional<String> simplify = Optional.ofNullable(config.getString(simplifyKey, null));
        try {
            return Optional.of(StatementJobs.judgedJob(tEnv, compiled, json));
        } catch (Exception | LinkageError | AssertionError e) {
            LOG.debug("Could not translate the compiled plan of a restoring statement as it runs; explaining it instead.", e);
            return Optional.empty();
        } finally {
            restore(config, uidsKey, uids);
            restore(config, simplifyKey, simplify);
        }
    }

    /** {@code key} put back as the session had it: its text ({@code StatementUids#setAsText}), or no key. */
    private static void restore(Configuration config, String key, Optional<String> value) {
        if (value.isPresent()) {
            config.setString(key, value.get());
        } else {
            config.removeKey(key);
        }
    }

    /**
     * What to explain of a statement that could not be compiled, as Flink explains it: a statement
     * set as its INSERTs; a {@code CREATE/REPLACE TABLE AS} as its query (Flink 1.20 cannot explain
     * the operation itself); anything else as it is. A query is explained as a query, not into the
     * analysis sink.
     */
    private static List<Operation> explained(Operation operation) {
        if (operation instanceof StatementSetOperation set) {
            return List.copyOf(set.getOperations());
        }
        if (operation instanceof CreateTableASOperation ctas) {
            return List.of(ctas.getChild());
        }
        if (operation instanceof ReplaceTableAsOperation rtas) {
            return List.of(rtas.getChild());
        }
        return List.of(operation);
    }

    /**
     * The tables {@code operation} creates as it runs (a {@code CREATE/REPLACE TABLE AS}, alone or in
     * a statement set), which its plan's analysis sink does not name.
     */
    private static List<ObjectIdentifier> created(Operation operation) {
        List<Operation> members =
                operation instanceof StatementSetOperation set ? List.copyOf(set.getOperations()) : List.of(operation);
        List<ObjectIdentifier> created = new ArrayList<>();
        for (Operation member : members) {
            if (member instanceof CreateTableASOperation ctas) {
                created.add(ctas.getCreateTableOperation().getTableIdentifier());
            } else if (member instanceof ReplaceTableAsOperation rtas) {
                created.add(rtas.getCreateTableOperation().getTableIdentifier());
            }
        }
        return created;
    }

    /**
     * True when the compiled plan of {@code operation} is the statement's own job: INSERTs into
     * real sinks (alone or in a statement set), not a query or {@code CREATE TABLE AS} compiled into
     * an analysis sink.
     */
    private static boolean runsAsCompiled(Operation operation) {
        if (operation instanceof StatementSetOperation set) {
            return set.getOperations().stream().allMatch(SinkModifyOperation.class::isInstance);
        }
        return operation instanceof SinkModifyOperation;
    }

    /**
     * The tables and views the statement reads, with their declared PRIMARY KEY ({@link TablesRead}), for the
     * statement's own planning of a plan with a join: a join's fix names a dimension's or a versioned table's key, and
     * never asks for one the table declares; a sink's materializer over a lookup join says whether the lookup holds the
     * table's key. Not for a proof, nor a plan without a join (nothing reads them there).
     */
    private static List<TableRead> tablesRead(
            Planning planning, ExplainedPlan plan, TableEnvironmentInternal tEnv, SqlFacts read) {
        return planning.asksLookupSources()
                && (!plan.operators(Operator.Join.class).isEmpty() || plan.nodes().stream().anyMatch(n -> n.is("LookupJoin")))
                ? TablesRead.of(tEnv.getCatalogManager(), read) : List.of();
    }

    /** {@code plan} with what the views {@code read} names say ({@link ViewQueries}), read in {@code tEnv}'s session. */
    private static ExplainedPlan views(ExplainedPlan plan, TableEnvironmentInternal tEnv, SqlFacts read) {
        return plan.withViews(ViewQueries.of(tEnv.getCatalogManager(), read));
    }

    /**
     * The sinks to compile for {@code operation}: an INSERT or a statement set's INSERTs as they
     * are; a query, or the query of a {@code CREATE/REPLACE TABLE ... AS}, into the {@link
     * AnalysisSink}. Empty for any other operation.
     */
    private static List<ModifyOperation> sinks(TableEnvironmentInternal tEnv, Operation operation) {
        List<ModifyOperation> sinks = new ArrayList<>();
        if (operation instanceof StatementSetOperation set) {
            for (ModifyOperation member : set.getOperations()) {
                sinks.add(sink(tEnv, member));
            }
        } else if (operation instanceof QueryOperation query) {
            sinks.add(AnalysisSink.ofQuery(tEnv, query));
        } else if (operation instanceof ModifyOperation modify) {
            sinks.add(sink(tEnv, modify));
        }
        return sinks;
    }

    private static ModifyOperation sink(TableEnvironmentInternal tEnv, ModifyOperation modify) {
        if (modify instanceof CreateTableASOperation ctas) {
            return AnalysisSink.of(tEnv.getCatalogManager(), ctas.getChild());
        }
        if (modify instanceof ReplaceTableAsOperation rtas) {
            return AnalysisSink.of(tEnv.getCatalogManager(), rtas.getChild());
        }
        return modify;
    }

    /** Stops the planning threads; a planning in progress is interrupted. */
    @Override
    public void close() {
        planners.close();
    }

    private static long elapsedMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
