package io.github.sqlguard.flink;

import io.github.sqlguard.restore.PlanStore;
import io.github.sqlguard.restore.PlannedJob;
import io.github.sqlguard.restore.StateChanges;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.CompiledPlan;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.service.result.ResultFetcher;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.session.Session;
import org.apache.flink.table.delegation.Parser;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.resource.ResourceManager;
import org.apache.flink.table.resource.ResourceType;
import org.apache.flink.table.resource.ResourceUri;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Where the guard reaches into Flink's SQL Gateway internals ({@code flink-sql-gateway} 2.3: {@link
 * SqlGatewayServiceImpl#getSession}, {@code Session}, {@code OperationExecutor}, {@code
 * OperationManager}); outside this package the guard talks to the public {@link SqlGatewayService}.
 *
 * <p>Why an internal API: a session's {@link TableEnvironmentInternal} is what Flink itself builds
 * for every operation of the session ({@code OperationExecutor#getTableEnvironment}) — the same
 * catalogs, temporary objects, functions, jars and configuration (session configuration plus the
 * statement's execution config). Planning with it gives the plan Flink will run, Flink's own parser
 * chain (extended parser first, then the SQL parser, as {@code ParserImpl} does), the exceptions
 * themselves rather than their text, and the compiled plan with each operator's state TTL, without
 * a round trip through the session's operation queue.
 *
 * <p>Thread-safe; {@link #close()} stops its waiting threads. Stability: internal; the per-Flink-line
 * differences live in this package ({@link FlinkLine}).
 */
public final class GatewaySessions implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GatewaySessions.class);

    /**
     * Most threads waiting at once on operations' status (one per session waiting for its previous
     * configuration change at most, and the result requests of held statements that have just ended, each for the
     * moment Flink takes to set the status: {@link #whenHeldEnds}); further waits queue, each still bounded by its
     * own timeout.
     */
    static final int MAX_WAITERS = 64;

    /** Threads that wait on a running operation's status, so the caller can bound its wait. */
    private final ExecutorService waiters = Pools.bounded("sql-guard-operation-waiter", MAX_WAITERS);

    private final SqlGatewayServiceImpl service;

    /** Where the guard ran Flink's planner in these sessions, counted ({@link PlannerRuns}). */
    private final PlannerRuns runs = new PlannerRuns();

    /**
     * The held operations ({@link #holdStatement}) whose statement has not ended yet, each with what completes when
     * it does ({@link #whenHeldEnds}); an operation leaves once its statement has ended, run or not, and Flink has set
     * its status.
     */
    private final Map<OperationHandle, Running> heldRunning = new ConcurrentHashMap<>();

    /**
     * A held operation of {@code session} whose statement has not ended: {@code ended} completes once it has and Flink
     * has set the operation's status (true; false where the wait for that status was interrupted); {@code outwaited}
     * once a result request waited for it in vain, after which no request waits for it (a statement that outlasts one
     * wait is not a cheap one; each wait would also leave one completion on {@code ended} until the end).
     */
    private record Running(SessionHandle session, CompletableFuture<Boolean> ended, AtomicBoolean outwaited) {}

    private GatewaySessions(SqlGatewayServiceImpl service) {
        this.service = service;
    }

    /**
     * The adapter for {@code service}, when it is Flink's own {@link SqlGatewayServiceImpl} (the
     * service every endpoint of a real gateway gets); empty for any other implementation.
     */
    public static Optional<GatewaySessions> of(SqlGatewayService service) {
        return service instanceof SqlGatewayServiceImpl impl ? Optional.of(new GatewaySessions(impl)) : Optional.empty();
    }

    /** How often the guard ran Flink's planner in these sessions ({@link PlannerRuns}): for monitoring and tests. */
    public PlannerRuns plannerRuns() {
        return runs;
    }

    /**
     * A table environment of the session, configured as Flink configures the environment of one
     * operation: the session's configuration with {@code executionConfig} on top.
     *
     * @throws org.apache.flink.table.gateway.api.utils.SqlGatewayException when the session does
     *     not exist
     */
    public TableEnvironmentInternal tableEnvironment(SessionHandle session, Configuration executionConfig) {
        Session s = service.getSession(session);
        runs.environment();
        return s.createExecutor(executionConfig).getTableEnvironment();
    }

    /**
     * The session's own parser chain ({@code ParserImpl}: its dialect, extended parser first, then
     * the SQL parser), with the session's configuration and {@code executionConfig} on top: the
     * operations it reads from a statement, or Flink's own exception when it rejects it.
     *
     * @throws org.apache.flink.table.gateway.api.utils.SqlGatewayException when the session does
     *     not exist
     */
    public Function<String, List<Operation>> parser(SessionHandle session, Configuration executionConfig) {
        Parser parser = tableEnvironment(session, executionConfig).getParser();
        return statement -> {
            runs.parse();
            return parser.parse(statement);
        };
    }

    /** The class loader of the session's jars ({@code ADD JAR}, the gateway's {@code --jar}s). */
    public ClassLoader userClassLoader(SessionHandle session) {
        return service.getSession(session).createExecutor().getSessionContext().getUserClassloader();
    }

    /**
     * Runs a compiled plan as the session's next operation, as Flink runs {@code EXECUTE PLAN}
     * ({@code OperationExecutor#callExecuteOperation}): the plan is restored, not optimized again,
     * so the job is exactly the plan in {@code compiledPlanJson}. Its operators get the ids Flink gives
     * the statement's text ({@link StatementUids}) when it runs in place of that text ({@code
     * inPlaceOfText}), so its savepoints restore into a job of that text and back; a stored plan the
     * user runs keeps the ids Flink gives it ({@code EXECUTE PLAN}). The operation's result names the job id, as for an INSERT.
     *
     * @param executionConfig the statement's execution config, on top of the session's
     * @return the operation
     */
    public OperationHandle executePlan(
            SessionHandle session, String compiledPlanJson, Configuration executionConfig, boolean inPlaceOfText) {
        return executePlan(
                session, compiledPlanJson, executionConfig, inPlaceOfText, Optional.empty(), StatementUids.PlanToRun.NONE);
    }

    /**
     * As {@link #executePlan(SessionHandle, String, Configuration, boolean)}, and, for a plan run in
     * place of its text that has stateful operators, stores the job's plan and operator ids in {@code
     * plans} once Flink has accepted the job ({@link StatementJobs#plannedJob}, in a table environment
     * of its own), so that a statement restoring a savepoint of it can be compared with it. A plan
     * that cannot be stored is logged: the job already runs. Where {@code compiledPlanJson} is the
     * statement's judged plan ({@code judgedPlan}), it runs as renumbered once for the hand-off and
     * the job's operator ids ({@link StatementUids.PlanToRun#toRun}); the job the guard translated
     * to judge the statement's restore ({@link StatementUids.PlanToRun#judgedJob}, {@link
     * StatementJobs#judgedJob} with the same execution config) is stored as it is when its plan is the
     * plan that runs, without a translation of its own.
     */
    public OperationHandle executePlan(
            SessionHandle session, String compiledPlanJson, Configuration executionConfig, boolean inPlaceOfText,
            Optional<PlanStore> plans, StatementUids.PlanToRun judgedPlan) {
        Session s = service.getSession(session);
        return s.getOperationManager()
                .submitOperation(
                        handle -> {
                            TableEnvironmentInternal tEnv = s.createExecutor(executionConfig).getTableEnvironment();
                            String plan =
                                    inPlaceOfText
                                            ? judgedPlan.toRun(compiledPlanJson, tEnv.getConfig())
                                            : compiledPlanJson;
                            TableResultInternal result =
                                    (TableResultInternal) tEnv.executePlan(PlanReference.fromJsonString(plan));
                            ResultFetcher fetcher = jobIdResult(handle, result);
                            if (inPlaceOfText && plans.isPresent() && StateChanges.hasState(compiledPlanJson)) {
                                result.getJobClient().ifPresent(client ->
                                        store(plans.get(), client.getJobID(), s, executionConfig, compiledPlanJson,
                                                judgedPlan.judgedJob().map(StatementJobs.JobToRun::planned)
                                                        .filter(job -> job.plan().equals(plan))));
                            }
                            return fetcher;
                        });
    }

    private static void store(
            PlanStore plans, JobID job, Session s, Configuration executionConfig, String compiledPlanJson,
            Optional<PlannedJob> judgedJob) {
        try {
            plans.record(job.toHexString(), judgedJob.isPresent() ? judgedJob.get()
                    : StatementJobs.plannedJob(s.createExecutor(executionConfig).getTableEnvironment(), compiledPlanJson));
        } catch (IOException | RuntimeException e) {
            LOG.error("sql-guard could not store the plan of job {} in {}: a restore of its savepoints will be judged by"
                    + " operator ids only.", job, plans.directory(), e);
        }
    }

    /**
     * Runs {@code COMPILE AND EXECUTE PLAN 'planFile' FOR ...} of a file that did not exist when
     * the guard judged it, as the plan the guard compiled and judged ({@code compiledPlanJson}), as
     * the session's next operation. Flink's own steps ({@code TableEnvironmentImpl#compilePlanAndWrite}
     * with {@code ignoreIfExists}, then {@code CompiledPlan#execute}), with the judged plan in place
     * of a compilation: the file is looked up with the session's {@code ResourceManager#exists}, the
     * plan written with {@code ResourceManager#syncFileResource} and {@code CompiledPlan#writeToFile(path,
     * false)} (Flink's own writer, which refuses to replace a file unless {@code
     * table.plan.force-recompile} is set), and the job runs the plan restored from the judged JSON,
     * its operators with the ids Flink gives that plan. Where Flink would load a file that exists by
     * the time the operation runs (created after the judging), the operation fails instead and no
     * job runs: that file's plan was not judged.
     *
     * @param executionConfig the statement's execution config, on top of the session's
     * @return the operation
     */
    public OperationHandle compileAndExecutePlan(
            SessionHandle session, String planFile, String compiledPlanJson, Configuration executionConfig) {
        Session s = service.getSession(session);
        return s.getOperationManager()
                .submitOperation(
                        handle -> {
                            var executor = s.createExecutor(executionConfig);
                            TableEnvironmentInternal tEnv = executor.getTableEnvironment();
                            ResourceManager resources = executor.getSessionContext().getSessionState().resourceManager;
                            try {
                                if (resources.exists(new Path(planFile))) {
                                    throw new TableException(String.format(
                                            "The plan file '%s' was created after the guard judged this statement,"
                                                    + " when it did not exist; the guard does not run a plan it has not"
                                                    + " judged. Run the statement again to have the plan in the file judged.",
                                            planFile));
                                }
                                CompiledPlan compiled = tEnv.loadPlan(PlanReference.fromJsonString(compiledPlanJson));
                                resources.syncFileResource(
                                        new ResourceUri(ResourceType.FILE, planFile),
                                        path -> compiled.writeToFile(path, false));
                                return jobIdResult(handle, (TableResultInternal) compiled.execute());
                            } catch (IOException e) {
                                throw new TableException(
                                        "Failed to write the plan file '" + planFile + "' of the judged plan", e);
                            }
                        });
    }

    /**
     * Runs a query or a {@code CREATE/REPLACE TABLE AS} the guard judged as the session's next
     * operation, in the table environment it was planned with ({@link JudgedOperation}): nothing of
     * it is read again from the catalog or the session's configuration. A query's operation answers
     * with its rows, fetched as Flink fetches a query's; a {@code CREATE/REPLACE TABLE AS}'s names
     * its job. Flink's optimizer runs again on the judged operation (Flink runs a query from its
     * operation, not from an optimized plan); the parse, validation and catalog reads do not.
     *
     * @return the operation
     */
    public OperationHandle executeOperation(SessionHandle session, JudgedOperation judged) {
        return service.getSession(session).getOperationManager().submitOperation(judged::run);
    }

    /**
     * Makes the operation of {@code statement} in the session as Flink's {@code
     * SqlGatewayServiceImpl#executeStatement} makes it (the session's operation manager, an executor
     * with {@code executionConfig} on top of the session's configuration, its {@code executeStatement}),
     * but held: Flink's executor makes the operation's table environment and then waits ({@link
     * GatedExecutor}); it does not read or run the statement until {@link Held#release()}, and never
     * runs it after {@link Held#refuse} or {@link Held#withdraw}, whose exception the operation then
     * fails with. The caller thus knows the operation's handle before the statement runs, and can
     * write its audit record with it first, while Flink makes the environment on another thread. The
     * operation holds the session's operation lock while it waits, as any running operation of the
     * session does: nothing else can be submitted to the session until it is released, refused or
     * withdrawn.
     *
     * @throws org.apache.flink.table.gateway.api.utils.SqlGatewayException as Flink's {@code
     *     executeStatement} throws it, when the session does not exist or the operation could not be
     *     submitted
     */
    public Held holdStatement(SessionHandle session, String statement, Configuration executionConfig) {
        CompletableFuture<Void> gate = new CompletableFuture<>();
        CompletableFuture<Void> prepared = new CompletableFuture<>();
        CompletableFuture<Void> returned = new CompletableFuture<>();
        try {
            Session s = service.getSession(session);
            // SessionContext#createOperationExecutor is `new OperationExecutor(this, executionConfig)` (2.3.0, 1.20.0).
            var context = s.createExecutor(executionConfig).getSessionContext();
            OperationHandle handle = s.getOperationManager().submitOperation(h -> {
                GatedExecutor executor = new GatedExecutor(context, executionConfig, () -> {
                    prepared.complete(null);
                    awaitRelease(gate, h);
                });
                try {
                    return executor.executeStatement(h, statement);
                } catch (Withdrawn withdrawn) {
                    // Ends without a result and without failing (a failed operation is logged at ERROR); closed next.
                    return ResultFetcher.fromResults(h, WITHDRAWN_SCHEMA, List.of());
                } finally {
                    returned.complete(null);
                }
            });
            // Ended once Flink has set the operation's status after the callable returned: a request between the two
            // still waits for it, instead of reading Flink's NOT_READY; one wait, which a waiting request shares.
            CompletableFuture<Boolean> ended = returned.thenApplyAsync(ignored -> awaitEnd(session, handle), waiters);
            Running running = new Running(session, ended, new AtomicBoolean());
            heldRunning.put(handle, running);
            ended.whenComplete((ignored, error) -> heldRunning.remove(handle, running));
            return new Held(handle, gate, prepared, () -> {
                try {
                    s.getOperationManager().awaitOperationTermination(handle);
                } catch (Exception e) {
                    LOG.debug("Withdrawn operation {} ended with an error.", handle, e);
                }
                s.getOperationManager().closeOperation(handle);
            });
        } catch (Throwable t) {
            // Nothing ran: a submitted operation that is not released fails at once.
            gate.completeExceptionally(t);
            LOG.error("Failed to execute statement.", t);
            throw new SqlGatewayException("Failed to execute statement.", t);
        }
    }

    /**
     * Completes once the statement of {@code operation}, an operation held here ({@link #holdStatement}), has ended
     * in Flink (the operation's status is terminal: finished, failed, cancelled or closed), or after {@code atMost},
     * whichever comes first: with true when it ended, false when it still runs. Empty when {@code operation} is no
     * held operation of {@code session} whose statement still runs, or when an earlier wait for it ended in vain (a
     * result request of it then reads Flink's answer at once).
     *
     * <p>Why: a client learns that a statement has run only by requesting its result, and Flink answers a request of
     * a running operation with {@code NOT_READY} at once ({@code OperationManager.Operation#fetchResults}), so a
     * client that polls learns it at its next poll after the end, not at the end. The completion is handed to a
     * waiting thread ({@code sql-guard-operation-waiter}), which waits on the operation's status until Flink has set
     * it ({@code Operation#runAfter} sets {@code FINISHED} right after the statement's callable returns, which is
     * where the end is seen), so a result requested then is Flink's result, not {@code NOT_READY}. That thread
     * completes every request's wait itself, so what a request runs on its end (its answer) runs there.
     */
    public Optional<CompletableFuture<Boolean>> whenHeldEnds(
            SessionHandle session, OperationHandle operation, Duration atMost) {
        Running running = heldRunning.get(operation);
        if (running == null || !running.session().equals(session) || running.outwaited().get()) {
            return Optional.empty();
        }
        // A copy: the timeout completes this request's wait, not the operation's end that others share. An end is
        // passed on by the waiting thread that saw it, without a task of its own: each handing-over is one more thread
        // to wake before the answer (bench/results/2026-12-06-cheap-r63.md). Only the timeout, completed on the JDK's
        // one delay thread of every CompletableFuture (CompletableFuture.Delayer), hands over to a waiting thread.
        return Optional.of(running.ended().copy()
                .completeOnTimeout(false, atMost.toNanos(), TimeUnit.NANOSECONDS)
                .thenCompose(ended -> ended
                        ? CompletableFuture.completedFuture(true)
                        : CompletableFuture.supplyAsync(() -> {
                            running.outwaited().set(true);
                            return false;
                        }, waiters)));
    }

    /** The result schema of a withdrawn operation, which no client reads. */
    private static final ResolvedSchema WITHDRAWN_SCHEMA = ResolvedSchema.of(Column.physical("result", DataTypes.STRING()));

    /** What a withdrawn operation's gate throws ({@link Held#withdraw}). */
    private static final class Withdrawn extends RuntimeException {
        Withdrawn() {
            super("sql-guard withdrew this operation before it ran.", null, false, false);
        }
    }

    /** Waits on the operation's thread until {@code gate} releases it; throws the refusal it was completed with. */
    private static void awaitRelease(CompletableFuture<Void> gate, OperationHandle handle) {
        try {
            gate.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SqlGatewayException("Operation " + handle + " was cancelled before it ran.", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException refused) {
                throw refused;
            }
            throw new SqlGatewayException("Operation " + handle + " was not run.", e.getCause());
        }
    }

    /**
     * An operation made and not yet run ({@link #holdStatement}): its handle, and whether it runs.
     * Exactly one of {@link #release()}, {@link #refuse} and {@link #withdraw()} takes effect; a later
     * call does nothing.
     */
    public static final class Held {
        private final OperationHandle handle;
        private final CompletableFuture<Void> gate;
        private final CompletableFuture<Void> prepared;
        private final Runnable close;

        Held(OperationHandle handle, CompletableFuture<Void> gate, CompletableFuture<Void> prepared, Runnable close) {
            this.handle = handle;
            this.gate = gate;
            this.prepared = prepared;
            this.close = close;
        }

        /** The operation's handle, known before the statement runs. */
        public OperationHandle handle() {
            return handle;
        }

        /** Lets Flink run the statement. */
        public void release() {
            gate.complete(null);
        }

        /** Fails the operation with {@code refusal}, without running the statement. */
        public void refuse(RuntimeException refusal) {
            gate.completeExceptionally(refusal);
        }

        /**
         * Ends the operation without running the statement (without a result or an error) and closes it
         * once it has ended, for a call that will not answer with it (the statement is refused with an
         * operation of its own): the session keeps no operation its client never got, and its operation
         * lock is free again once this returns. Does nothing to an operation already released or refused.
         */
        public void withdraw() {
            if (gate.completeExceptionally(new Withdrawn())) {
                close.run();
            }
        }

        /**
         * Completes once Flink has made the operation's table environment and waits at the gate (or
         * never, when the operation failed or was cancelled before): for tests.
         */
        public CompletableFuture<Void> prepared() {
            return prepared;
        }
    }

    /** {@code result}'s job as the one row of the operation's result, as Flink's {@code OperationExecutor#fetchJobId} answers it. */
    static ResultFetcher jobIdResult(OperationHandle handle, TableResultInternal result) {
        JobID job =
                result.getJobClient()
                        .orElseThrow(() -> new IllegalStateException(
                                "Flink returned no job client for the statement of operation " + handle))
                        .getJobID();
        return ResultFetcher.fromResults(
                handle,
                ResolvedSchema.of(Column.physical("job id", DataTypes.STRING())),
                List.of(GenericRowData.of(StringData.fromString(job.toString()))),
                job,
                result.getResultKind());
    }

    /**
     * The session's current catalog and database ({@code USE CATALOG}/{@code USE}), as its
     * catalog manager holds them: {@code [catalog, database]}, either {@code null} when unknown.
     */
    public String[] currentCatalogAndDatabase(SessionHandle session) {
        try {
            var catalogManager =
                    service.getSession(session).createExecutor().getSessionContext().getSessionState().catalogManager;
            return new String[] {catalogManager.getCurrentCatalog(), catalogManager.getCurrentDatabase()};
        } catch (RuntimeException e) {
            return new String[2];
        }
    }

    /**
     * Waits until the operation has ended (finished, failed, cancelled or closed), without polling:
     * Flink's {@code OperationManager.Operation#awaitTermination} waits on the operation's status.
     *
     * @return true when it ended within {@code timeout}; false when it is still running
     */
    public boolean awaitTermination(SessionHandle session, OperationHandle operation, Duration timeout) {
        try {
            // The session's operation manager directly: SqlGatewayServiceImpl#getOperationInfo logs a
            // stack trace at ERROR for an operation the client has already closed.
            if (service.getSession(session).getOperationManager().getOperationInfo(operation).getStatus()
                    .isTerminalStatus()) {
                return true;
            }
        } catch (RuntimeException gone) {
            // Closed by the client, or the session is gone: it has ended.
            return true;
        }
        Future<Boolean> ended = waiters.submit(() -> awaitEnd(session, operation));
        try {
            return ended.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // Interrupts the waiting thread (Flink's wait is on the operation's status monitor).
            ended.cancel(true);
            return false;
        } catch (ExecutionException | CancellationException e) {
            return true;
        } catch (InterruptedException e) {
            ended.cancel(true);
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits on the calling thread until the operation has ended (finished, failed, cancelled or
     * closed) or the thread is interrupted, without polling ({@code
     * OperationManager.Operation#awaitTermination}).
     *
     * @return true when it ended; false when the thread was interrupted first
     */
    public boolean awaitEnd(SessionHandle session, OperationHandle operation) {
        try {
            service.getSession(session).getOperationManager().awaitOperationTermination(operation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception endedWithErrorOrGone) {
            // An operation that failed, or that is gone (closed), has ended too.
        }
        return true;
    }

    /** Stops the threads that wait on operations; a wait in progress ends as interrupted. */
    @Override
    public void close() {
        waiters.shutdownNow();
    }
}
