package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.FunctionInfo;
import org.apache.flink.table.gateway.api.results.GatewayInfo;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.TableInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.apache.flink.table.catalog.CatalogBaseTable.TableKind;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.api.results.ResultSetImpl;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link SqlGatewayService} decorator that decides on every statement and every configuration a
 * session receives before Flink's own service ({@code SqlGatewayServiceImpl}) sees it.
 *
 * <ul>
 *   <li>{@code executeStatement}: classify, check configuration, EXPLAIN in the same session with
 *       the same execution config, run the rules; a refused statement is replaced by an operation
 *       that fails with {@link StatementBlockedException}, so clients read the guard's message as
 *       the statement's error; other statements are handed on unchanged.
 *   <li>{@code configureSession}: the same decision; a refusal throws {@link SqlGatewayException}.
 *   <li>{@code openSession}: session properties are checked before the session exists; a refusal
 *       throws {@link SqlGatewayException}.
 *   <li>{@code deployScript}, {@code refreshMaterializedTable}: the guard cannot analyse these
 *       paths; {@code sql-guard.fail-mode} decides (closed: refused; open: run and audited as
 *       unanalysed).
 * </ul>
 *
 * <p>Every call that carries SQL or configuration produces exactly one audit record, written when
 * the call is answered. A submitted statement that starts a Flink job (a query, an INSERT, a
 * statement set) gets a second record, {@code jobSubmitted} with the job id, the first time {@code
 * fetchResults} of its operation returns a result that names a job (see {@link AuditRecord}).
 * Thread-safe: per-session and per-operation data live in concurrent maps and are dropped on
 * {@code closeOperation} / {@code closeSession}.
 */
public final class GuardedSqlGatewayService implements SqlGatewayService {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedSqlGatewayService.class);

    private final SqlGatewayService delegate;
    private final StatementGuard guard;
    private final SessionExplainer explainer;
    private final Auditor auditor;
    private final Policy policy;
    private final StatementParser parser = new StatementParser();
    private final Map<SessionHandle, SessionState> sessions = new ConcurrentHashMap<>();
    /** When sessions were last checked for expiry by Flink's session manager (ms since epoch). */
    private final AtomicLong lastPrune = new AtomicLong();

    /** How often the guard drops what it keeps for sessions Flink expired on its own (ms). */
    static final long PRUNE_INTERVAL_MS = 60_000;
    /** Records of submitted statements, until their job id is audited or their operation closes. */
    private final Map<OperationHandle, AuditRecord> awaitingJob = new ConcurrentHashMap<>();

    public GuardedSqlGatewayService(
            SqlGatewayService delegate, StatementGuard guard, SessionExplainer explainer, Auditor auditor, Policy policy) {
        this.delegate = delegate;
        this.guard = guard;
        this.explainer = explainer;
        this.auditor = auditor;
        this.policy = policy;
    }

    // ---------------------------------------------------------------------------------------
    // Guarded calls
    // ---------------------------------------------------------------------------------------

    @Override
    public SessionHandle openSession(SessionEnvironment environment) throws SqlGatewayException {
        Map<String, String> properties = environment.getSessionConfig();
        String user =
                properties.getOrDefault(
                        GuardOptions.USER_PROPERTY.key(), environment.getSessionName().orElse("unknown"));
        ParsedStatement description =
                ParsedStatement.describing(describeProperties(properties), StatementKind.SESSION_PROPERTIES);
        Decision decision = guard.decideConfiguration(description, properties, "session property");
        if (decision.refuse()) {
            auditor.record("openSession", null, user, decision, null, "refused", null);
            throw new SqlGatewayException(decision.refusalMessage());
        }
        SessionHandle session;
        try {
            session = delegate.openSession(environment);
        } catch (RuntimeException e) {
            auditor.record("openSession", null, user, decision, null, "failed", Errors.rootMessage(e));
            throw e;
        }
        sessions.put(session, new SessionState(user));
        pruneExpiredSessions();
        auditor.record("openSession", session.toString(), user, decision, null, "applied", null);
        return session;
    }

    /** Number of sessions the guard keeps state for (user, statement set, advisories); for monitoring. */
    public int trackedSessions() {
        return sessions.size();
    }

    /**
     * Flink's session manager closes idle sessions itself ({@code sql-gateway.session.idle-timeout})
     * without calling {@link #closeSession}; at most once a minute, drop what the guard keeps for
     * sessions Flink no longer knows.
     */
    private void pruneExpiredSessions() {
        long now = System.currentTimeMillis();
        long last = lastPrune.get();
        if (now - last < PRUNE_INTERVAL_MS || !lastPrune.compareAndSet(last, now)) {
            return;
        }
        for (SessionHandle handle : List.copyOf(sessions.keySet())) {
            try {
                delegate.getSessionEndpointVersion(handle);
            } catch (SqlGatewayException gone) {
                LOG.debug("Session {} is gone from the gateway; dropping the guard's state for it.", handle);
                forget(handle);
            }
        }
    }

    private void forget(SessionHandle sessionHandle) {
        sessions.remove(sessionHandle);
        String session = sessionHandle.toString();
        awaitingJob.values().removeIf(r -> session.equals(r.sessionId()));
    }

    @Override
    public void closeSession(SessionHandle sessionHandle) throws SqlGatewayException {
        try {
            delegate.closeSession(sessionHandle);
        } finally {
            forget(sessionHandle);
        }
    }

    @Override
    public void configureSession(SessionHandle sessionHandle, String statement, long executionTimeoutMs)
            throws SqlGatewayException {
        Decision decision = decide(sessionHandle, statement, new Configuration());
        String user = user(sessionHandle);
        if (decision.refuse()) {
            auditor.record("configureSession", sessionHandle.toString(), user, decision, null, "refused", null);
            throw new SqlGatewayException(decision.refusalMessage());
        }
        try {
            delegate.configureSession(sessionHandle, statement, executionTimeoutMs);
        } catch (RuntimeException e) {
            auditor.record("configureSession", sessionHandle.toString(), user, decision, null, "failed",
                    Errors.rootMessage(e));
            throw e;
        }
        auditor.record("configureSession", sessionHandle.toString(), user, decision, null,
                decision.unanalysedReason() == null ? "applied" : "unanalysed-applied", null);
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle sessionHandle, String statement, long executionTimeoutMs, Configuration executionConfig)
            throws SqlGatewayException {
        Configuration config = executionConfig == null ? new Configuration() : executionConfig;
        String user = user(sessionHandle);
        SessionState state = state(sessionHandle);
        ParsedStatement parsed = parser.parse(statement);
        // One decision at a time per session, each after the session's previous SET/RESET/DDL has
        // taken effect: Flink runs a session's operations one by one, and a decision on a stale
        // configuration (a RESET still queued) would let a statement through that Flink then runs
        // without the TTL the guard saw.
        synchronized (state.decisionLock) {
            awaitPrevious(sessionHandle, state);
            OperationHandle handle;
            if (parsed.kind() == StatementKind.BEGIN_STATEMENT_SET
                    || (state.inStatementSet() && parsed.kind() != StatementKind.UNPARSABLE)) {
                handle = statementSet(sessionHandle, state, parsed, executionTimeoutMs, config, user);
            } else {
                handle = handOn(
                        sessionHandle, statement, executionTimeoutMs, config, user, decide(sessionHandle, parsed, config));
            }
            if (!parsed.kind().isPlanned() && parsed.kind() != StatementKind.UNPARSABLE) {
                state.changedBy(handle);
            }
            return handle;
        }
    }

    /**
     * Waits (at most {@code sql-guard.explain-timeout}) until the operation of the session's last
     * configuration-changing statement has ended; an operation the client already closed counts as
     * ended.
     */
    private void awaitPrevious(SessionHandle sessionHandle, SessionState state) {
        OperationHandle previous = state.lastChange();
        if (previous == null) {
            return;
        }
        long deadline = System.nanoTime() + policy.explainTimeout().toNanos();
        try {
            while (!delegate.getOperationInfo(sessionHandle, previous).getStatus().isTerminalStatus()) {
                if (System.nanoTime() > deadline) {
                    LOG.warn("Operation {} of session {} is still running after sql-guard.explain-timeout; deciding on"
                            + " the next statement anyway.", previous, sessionHandle);
                    return;
                }
                Thread.sleep(2);
            }
        } catch (SqlGatewayException closed) {
            LOG.debug("Operation {} of session {} is closed.", previous, sessionHandle);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        state.changedBy(null);
    }

    /** Refuses a refused statement, hands any other on to Flink; audits either way. */
    private OperationHandle handOn(
            SessionHandle sessionHandle, String statement, long executionTimeoutMs, Configuration config, String user,
            Decision decision) {
        if (decision.refuse()) {
            String message = decision.refusalMessage();
            OperationHandle handle = submitFailure(sessionHandle, message);
            recordStatement(sessionHandle, user, decision, handle, "blocked", null);
            return handle;
        }
        OperationHandle handle;
        try {
            handle = delegate.executeStatement(sessionHandle, statement, executionTimeoutMs, config);
        } catch (RuntimeException e) {
            recordStatement(sessionHandle, user, decision, null, "failed-to-submit", Errors.rootMessage(e));
            throw e;
        }
        recordStatement(sessionHandle, user, decision, handle,
                decision.unanalysedReason() == null ? "submitted" : "unanalysed-submitted", null);
        return handle;
    }

    @Override
    public <ClusterID> ClusterID deployScript(
            SessionHandle sessionHandle, @Nullable URI scriptUri, @Nullable String script, Configuration executionConfig)
            throws SqlGatewayException {
        String text = script != null ? script : "-- script at " + scriptUri;
        Decision decision =
                unanalysable(
                        ParsedStatement.describing(text, StatementKind.SCRIPT),
                        "deployScript runs a whole script in application mode outside the session");
        String user = user(sessionHandle);
        if (decision.refuse()) {
            auditor.record("deployScript", sessionHandle.toString(), user, decision, null, "refused", null);
            throw new SqlGatewayException(decision.refusalMessage());
        }
        ClusterID id = delegate.deployScript(sessionHandle, scriptUri, script, executionConfig);
        auditor.record("deployScript", sessionHandle.toString(), user, decision, null, "unanalysed-submitted", null);
        return id;
    }

    @Override
    public OperationHandle refreshMaterializedTable(
            SessionHandle sessionHandle,
            String materializedTableIdentifier,
            boolean isPeriodic,
            @Nullable String scheduleTime,
            Map<String, String> dynamicOptions,
            Map<String, String> staticPartitions,
            Map<String, String> executionConfig) {
        Decision decision =
                unanalysable(
                        ParsedStatement.describing(
                                "-- refresh materialized table " + materializedTableIdentifier,
                                StatementKind.MATERIALIZED_TABLE_REFRESH),
                        "a materialized table refresh runs the table's stored query");
        String user = user(sessionHandle);
        if (decision.refuse()) {
            OperationHandle handle = submitFailure(sessionHandle, decision.refusalMessage());
            auditor.record("refreshMaterializedTable", sessionHandle.toString(), user, decision, handle.toString(),
                    "blocked", null);
            return handle;
        }
        OperationHandle handle =
                delegate.refreshMaterializedTable(
                        sessionHandle, materializedTableIdentifier, isPeriodic, scheduleTime, dynamicOptions,
                        staticPartitions, executionConfig);
        auditor.record("refreshMaterializedTable", sessionHandle.toString(), user, decision, handle.toString(),
                "unanalysed-submitted", null);
        return handle;
    }

    // ---------------------------------------------------------------------------------------
    // Decision helpers
    // ---------------------------------------------------------------------------------------

    private Decision decide(SessionHandle sessionHandle, String statement, Configuration executionConfig) {
        return decide(sessionHandle, parser.parse(statement), executionConfig);
    }

    /**
     * The guard's decision; when the guard itself fails (a bug, an unexpected gateway error), an
     * unanalysed decision that {@code sql-guard.fail-mode} turns into a refusal or a pass.
     */
    private Decision decide(SessionHandle sessionHandle, ParsedStatement parsed, Configuration executionConfig) {
        try {
            Map<String, String> sessionConfig = delegate.getSessionConfig(sessionHandle);
            return guard.decide(
                    parsed,
                    sessionConfig,
                    executionConfig.toMap(),
                    (body, streaming) -> explainer.explain(sessionHandle, body, executionConfig, streaming));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.error("sql-guard could not analyse a statement of session {}.", sessionHandle, e);
            return unanalysable(parsed, "internal error in the guard: " + Errors.rootMessage(e));
        }
    }

    private Decision unanalysable(ParsedStatement parsed, String reason) {
        Decision base = guard.decideConfiguration(parsed, Map.of(), "none");
        return new Decision(
                parsed, base.verdict(), base.plan(), base.effectiveStateTtl(), reason,
                policy.failMode() == FailMode.CLOSED || base.verdict().blocked(), base.analysisMs());
    }

    /**
     * {@code BEGIN STATEMENT SET;}, the statements that follow it, and {@code END;}. The guard keeps
     * the set instead of Flink's session (which would refuse EXPLAIN while a set is open): each
     * INSERT is decided when it arrives and, if allowed, remembered; {@code END} decides on the whole
     * {@code EXECUTE STATEMENT SET BEGIN ... END} and hands that single statement to Flink. Other
     * statements inside a set are refused with Flink's own message.
     */
    private OperationHandle statementSet(
            SessionHandle sessionHandle, SessionState state, ParsedStatement parsed, long timeoutMs,
            Configuration config, String user) {
        switch (parsed.kind()) {
            case BEGIN_STATEMENT_SET -> {
                Decision decision = decide(sessionHandle, parsed, config);
                if (!decision.refuse() && !state.beginStatementSet()) {
                    return refuseWith(sessionHandle, user, decision,
                            "A statement set is already open in this session; send 'END;' to submit it first.");
                }
                if (decision.refuse()) {
                    return handOn(sessionHandle, parsed.text(), timeoutMs, config, user, decision);
                }
                OperationHandle handle = submitOk(sessionHandle);
                recordStatement(sessionHandle, user, decision, handle, "statement-set-opened", null);
                return handle;
            }
            case INSERT -> {
                Decision decision = decide(sessionHandle, parsed, config);
                if (decision.refuse()) {
                    return handOn(sessionHandle, parsed.text(), timeoutMs, config, user, decision);
                }
                state.addToStatementSet(parsed.explainBody());
                OperationHandle handle = submitOk(sessionHandle);
                recordStatement(sessionHandle, user, decision, handle, "added-to-statement-set", null);
                return handle;
            }
            case END_STATEMENT_SET -> {
                List<String> inserts = state.endStatementSet();
                if (inserts.isEmpty()) {
                    Decision decision = decide(sessionHandle, parsed, config);
                    OperationHandle handle = submitOk(sessionHandle);
                    recordStatement(sessionHandle, user, decision, handle, "empty-statement-set", null);
                    return handle;
                }
                String set = "EXECUTE STATEMENT SET\nBEGIN\n" + String.join(";\n", inserts) + ";\nEND";
                Decision decision = decide(sessionHandle, parser.parse(set), config);
                return handOn(sessionHandle, set, timeoutMs, config, user, decision);
            }
            default -> {
                Decision decision = decide(sessionHandle, parsed, config);
                return refuseWith(sessionHandle, user, decision,
                        "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to"
                                + " submit Statement Set.");
            }
        }
    }

    /** Refuses a statement for a reason that is not a rule finding (Flink's own session rules). */
    private OperationHandle refuseWith(SessionHandle sessionHandle, String user, Decision decision, String message) {
        OperationHandle handle = submitFailure(sessionHandle, message);
        recordStatement(sessionHandle, user, decision, handle, "refused", message);
        return handle;
    }

    /** An operation in the session that succeeds with Flink's {@code OK} result. */
    private OperationHandle submitOk(SessionHandle sessionHandle) {
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
        return delegate.submitOperation(sessionHandle, ok);
    }

    private static final ResolvedSchema OK_SCHEMA = ResolvedSchema.of(Column.physical("result", DataTypes.STRING()));

    /** An operation in the session that fails with the guard's message. */
    private OperationHandle submitFailure(SessionHandle sessionHandle, String message) {
        Callable<ResultSet> refusal =
                () -> {
                    throw new StatementBlockedException(message);
                };
        return delegate.submitOperation(sessionHandle, refusal);
    }

    /**
     * The guard's advisory for an operation of a session: its verdict and findings (WARN and INFO
     * for statements that ran, BLOCK for refused ones). Kept for the {@value
     * SessionState#MAX_ADVISORIES} most recent operations of each session, dropped when the
     * session closes.
     */
    public Optional<Advisory> advisory(SessionHandle sessionHandle, OperationHandle operationHandle) {
        SessionState state = sessions.get(sessionHandle);
        return state == null ? Optional.empty() : state.advisory(operationHandle.toString());
    }

    /**
     * The advisories of a session's most recent operations, oldest first; empty when the guard
     * does not know the session.
     */
    public Optional<List<Advisory>> advisories(SessionHandle sessionHandle) {
        SessionState state = sessions.get(sessionHandle);
        return state == null ? Optional.empty() : Optional.of(state.advisories());
    }

    /**
     * Audits a statement's decision, keeps it as the operation's advisory and, for a statement
     * handed on, until its job id is audited.
     */
    private void recordStatement(
            SessionHandle sessionHandle, String user, Decision decision, OperationHandle handle, String outcome,
            String error) {
        AuditRecord record =
                auditor.record("executeStatement", sessionHandle.toString(), user, decision,
                        handle == null ? null : handle.toString(), outcome, error);
        if (handle != null && outcome.endsWith("submitted")) {
            // Its job id, if it starts a job, is audited when a fetched result names it.
            awaitingJob.put(handle, record);
        }
        if (handle != null) {
            List<Finding> ordered = new ArrayList<>();
            for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
                ordered.addAll(decision.verdict().findings(level));
            }
            state(sessionHandle).remember(
                    new Advisory(handle.toString(), decision.verdictLabel(), decision.statement().kind().name(), ordered));
        }
    }

    private String user(SessionHandle sessionHandle) {
        SessionState state = sessions.get(sessionHandle);
        return state == null ? "unknown" : state.user();
    }

    private SessionState state(SessionHandle sessionHandle) {
        return sessions.computeIfAbsent(sessionHandle, h -> new SessionState("unknown"));
    }

    private static String describeProperties(Map<String, String> properties) {
        StringBuilder out = new StringBuilder("-- session properties at openSession");
        properties.forEach((k, v) -> out.append("\n-- '").append(k).append("' = '").append(v).append("'"));
        return out.toString();
    }

    // ---------------------------------------------------------------------------------------
    // Delegated calls
    // ---------------------------------------------------------------------------------------

    @Override
    public Map<String, String> getSessionConfig(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getSessionConfig(sessionHandle);
    }

    @Override
    public EndpointVersion getSessionEndpointVersion(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getSessionEndpointVersion(sessionHandle);
    }

    @Override
    public OperationHandle submitOperation(SessionHandle sessionHandle, Callable<ResultSet> executor)
            throws SqlGatewayException {
        return delegate.submitOperation(sessionHandle, executor);
    }

    @Override
    public void cancelOperation(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        delegate.cancelOperation(sessionHandle, operationHandle);
    }

    @Override
    public void closeOperation(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        try {
            delegate.closeOperation(sessionHandle, operationHandle);
        } finally {
            awaitingJob.remove(operationHandle);
        }
    }

    @Override
    public OperationInfo getOperationInfo(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        return delegate.getOperationInfo(sessionHandle, operationHandle);
    }

    @Override
    public ResolvedSchema getOperationResultSchema(
            SessionHandle sessionHandle, OperationHandle operationHandle) throws SqlGatewayException {
        return delegate.getOperationResultSchema(sessionHandle, operationHandle);
    }

    @Override
    public ResultSet fetchResults(SessionHandle sessionHandle, OperationHandle operationHandle, long token, int maxRows)
            throws SqlGatewayException {
        return auditJob(operationHandle, delegate.fetchResults(sessionHandle, operationHandle, token, maxRows));
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle sessionHandle, OperationHandle operationHandle, FetchOrientation orientation, int maxRows)
            throws SqlGatewayException {
        return auditJob(operationHandle, delegate.fetchResults(sessionHandle, operationHandle, orientation, maxRows));
    }

    /** Writes the {@code jobSubmitted} record the first time a result of the operation names a job. */
    private ResultSet auditJob(OperationHandle operationHandle, ResultSet result) {
        // A NOT_READY result has no job id yet (getJobID throws on it).
        if (result == null
                || result.getResultType() == ResultSet.ResultType.NOT_READY
                || !awaitingJob.containsKey(operationHandle)
                || result.getJobID() == null) {
            return result;
        }
        AuditRecord submitted = awaitingJob.remove(operationHandle);
        if (submitted != null) {
            auditor.recordJob(submitted, result.getJobID().toHexString());
        }
        return result;
    }

    @Override
    public String getCurrentCatalog(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getCurrentCatalog(sessionHandle);
    }

    @Override
    public Set<String> listCatalogs(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.listCatalogs(sessionHandle);
    }

    @Override
    public Set<String> listDatabases(SessionHandle sessionHandle, String catalogName) throws SqlGatewayException {
        return delegate.listDatabases(sessionHandle, catalogName);
    }

    @Override
    public Set<TableInfo> listTables(
            SessionHandle sessionHandle, String catalogName, String databaseName, Set<TableKind> tableKinds)
            throws SqlGatewayException {
        return delegate.listTables(sessionHandle, catalogName, databaseName, tableKinds);
    }

    @Override
    public ResolvedCatalogBaseTable<?> getTable(SessionHandle sessionHandle, ObjectIdentifier tableIdentifier)
            throws SqlGatewayException {
        return delegate.getTable(sessionHandle, tableIdentifier);
    }

    @Override
    public Set<FunctionInfo> listUserDefinedFunctions(
            SessionHandle sessionHandle, String catalogName, String databaseName) throws SqlGatewayException {
        return delegate.listUserDefinedFunctions(sessionHandle, catalogName, databaseName);
    }

    @Override
    public Set<FunctionInfo> listSystemFunctions(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.listSystemFunctions(sessionHandle);
    }

    @Override
    public FunctionDefinition getFunctionDefinition(SessionHandle sessionHandle, UnresolvedIdentifier functionIdentifier)
            throws SqlGatewayException {
        return delegate.getFunctionDefinition(sessionHandle, functionIdentifier);
    }

    @Override
    public GatewayInfo getGatewayInfo() {
        return delegate.getGatewayInfo();
    }

    @Override
    public List<String> completeStatement(SessionHandle sessionHandle, String statement, int position)
            throws SqlGatewayException {
        return delegate.completeStatement(sessionHandle, statement, position);
    }
}
