package io.github.sqlguard.service;

import io.github.sqlguard.audit.MaskedException;
import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.observe.StateWatcher;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A {@link SqlGatewayService} decorator that puts every call carrying SQL or configuration through
 * the guard's {@link StatementPipeline} before Flink's own service ({@code SqlGatewayServiceImpl})
 * sees it, and delegates every other call unchanged ({@link ForwardingSqlGatewayService}).
 *
 * <ul>
 *   <li>{@code executeStatement}: decided by the pipeline; a refused statement is replaced by an
 *       operation that fails with the guard's message (or, for an ordinary Flink rejection, Flink's
 *       own error), so clients read it as the statement's error.
 *   <li>{@code configureSession}, {@code openSession} properties: the same decision; a refusal
 *       throws {@link SqlGatewayException}.
 *   <li>{@code deployScript}, {@code refreshMaterializedTable}: not analysable statement by
 *       statement; {@code sql-guard.fail-mode} decides.
 *   <li>{@code getSessionConfig}, and the rows of a bare {@code SET}: secret values masked.
 * </ul>
 *
 * <p>The guard's REST endpoint passes what it knows of a call as arguments: the verified identity
 * of whoever opens a session ({@link #openSession(SessionEnvironment, Identity)}), and a
 * statement's parse made on its I/O thread ({@link #execute(SessionHandle, KeptParse, long,
 * Configuration)}).
 *
 * <p>Thread-safe; {@link #close()} stops the guard's threads.
 */
public final class GuardedSqlGatewayService extends ForwardingSqlGatewayService implements AutoCloseable {

    private final StatementPipeline pipeline;
    /** Hands a statement the guard allows to Flink's own service. */
    private final HandOff toFlink;

    public GuardedSqlGatewayService(SqlGatewayService delegate, StatementPipeline pipeline) {
        super(delegate);
        this.pipeline = pipeline;
        this.toFlink = HandOff.toFlink(delegate, pipeline.gatewaySessions(), pipeline.planStore());
    }

    // ---------------------------------------------------------------------------------------
    // Guarded calls
    // ---------------------------------------------------------------------------------------

    /** Opens a session nobody verified (not over the guard's REST endpoint): its user is only claimed. */
    @Override
    public SessionHandle openSession(SessionEnvironment environment) throws SqlGatewayException {
        return open(environment, Optional.empty());
    }

    /** Opens a session for {@code identity}, as the gateway's REST endpoint verified it. */
    public SessionHandle openSession(SessionEnvironment environment, Identity identity) throws SqlGatewayException {
        return open(environment, Optional.of(identity));
    }

    private SessionHandle open(SessionEnvironment environment, Optional<Identity> identity) {
        // Self-declared: audited as claimedUser, never as the verified user.
        String claimedUser =
                environment.getSessionConfig()
                        .getOrDefault(GuardOptions.USER_PROPERTY.key(), environment.getSessionName().orElse(null));
        return pipeline.openSession(environment, claimed(claimedUser), identity);
    }

    /** Most characters of a claimed user the guard keeps and writes in each of the session's records. */
    static final int MAX_CLAIMED_USER_CHARS = 256;

    /**
     * {@code claimedUser} as the session's records carry it: cut to {@link #MAX_CLAIMED_USER_CHARS}
     * characters, and said so. It is written in every record of the session, so a session property of
     * a megabyte made each record of the session a megabyte (the audit file, and its disk, filled by a
     * user's {@code SHOW DATABASES}).
     */
    static String claimed(String claimedUser) {
        if (claimedUser == null || claimedUser.length() <= MAX_CLAIMED_USER_CHARS) {
            return claimedUser;
        }
        int end = MAX_CLAIMED_USER_CHARS;
        if (Character.isHighSurrogate(claimedUser.charAt(end - 1))) {
            end--;
        }
        return claimedUser.substring(0, end) + "… (cut: " + claimedUser.length() + " characters)";
    }

    /** What the guard keeps of each session (who opened it, its statement set, advisories). */
    public SessionRegistry sessions() {
        return pipeline.sessions();
    }

    /** The watcher of the state of the jobs the guard submitted ({@code sql-guard.observe.*}). */
    public StateWatcher watcher() {
        return pipeline.watcher();
    }

    /** Number of sessions the guard keeps state for; for monitoring. */
    public int trackedSessions() {
        return pipeline.sessions().size();
    }

    /** Plannings waiting for one of the guard's planners now; for monitoring and tests. */
    public int waitingPlannings() {
        return pipeline.waitingPlannings();
    }

    /**
     * The session's configuration ({@code GET /sessions/:handle}), with the value of every
     * secret-looking key masked as the audit masks it ({@link Redactor#isSensitive}): Flink's stock
     * gateway answers {@code security.ssl.rest.keystore-password} and every other secret of the
     * session and of the gateway's configuration in clear text. The guard reads the unmasked
     * configuration from Flink's own service.
     */
    @Override
    public Map<String, String> getSessionConfig(SessionHandle sessionHandle) throws SqlGatewayException {
        return Redactor.redactValues(delegate.getSessionConfig(sessionHandle));
    }

    /**
     * The session's configuration as Flink's {@code FetchResultsHandler} reads it ({@link FetchResultsView}): its
     * local time zone ({@code table.local-time-zone}) alone, when the session or the gateway sets one, masked as
     * {@link #getSessionConfig} masks it.
     */
    Map<String, String> localTimeZone(SessionHandle sessionHandle) throws SqlGatewayException {
        String key = TableConfigOptions.LOCAL_TIME_ZONE.key();
        String zone = delegate.getSessionConfig(sessionHandle).get(key);
        return zone == null ? Map.of() : Map.of(key, Redactor.isSecret(key, zone) ? Redactor.MASK_TEXT : zone);
    }

    /**
     * The guard's access to Flink's sessions, whose held operations a result request waits for (the REST endpoint's
     * {@code fetchResults} routes); empty when the service behind the guard is not Flink's own.
     */
    public Optional<GatewaySessions> gatewaySessions() {
        return pipeline.gatewaySessions();
    }

    /** This service as Flink's {@code FetchResultsHandler} is given it: its session configuration is the time zone. */
    public SqlGatewayService forFetchResults() {
        return new FetchResultsView(this);
    }

    @Override
    public void closeSession(SessionHandle sessionHandle) throws SqlGatewayException {
        try {
            delegate.closeSession(sessionHandle);
        } finally {
            pipeline.closed(sessionHandle);
        }
    }

    @Override
    public void configureSession(SessionHandle sessionHandle, String statement, long executionTimeoutMs)
            throws SqlGatewayException {
        pipeline.configure(
                sessionHandle, statement, () -> delegate.configureSession(sessionHandle, statement, executionTimeoutMs));
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle sessionHandle, String statement, long executionTimeoutMs, Configuration executionConfig)
            throws SqlGatewayException {
        return pipeline.execute(sessionHandle, statement, executionTimeoutMs, executionConfig, toFlink).handle();
    }

    /** As {@code executeStatement}, for a statement parsed before the call ({@link #parse}). */
    public OperationHandle execute(
            SessionHandle sessionHandle, KeptParse statement, long executionTimeoutMs, Configuration executionConfig) {
        return pipeline.execute(sessionHandle, statement, executionTimeoutMs, executionConfig, toFlink).handle();
    }

    /**
     * As {@code executeStatement} for a statement whose text alone shows that the guard decides it without
     * planning ({@link #decidedWithoutPlanningByItsText}): parsed in the call, after its operation is held, so
     * that Flink makes the operation's table environment while the guard parses and decides ({@link
     * StatementPipeline#executeHeldBeforeParse}).
     */
    public OperationHandle executeHeldBeforeParse(
            SessionHandle sessionHandle, String statement, long executionTimeoutMs, Configuration executionConfig) {
        return pipeline.executeHeldBeforeParse(sessionHandle, statement, executionTimeoutMs, executionConfig, toFlink)
                .handle();
    }

    /**
     * True when {@code statement}'s first words show, before it is parsed, that the guard decides it without
     * planning ({@link UnplannedText}): {@code SET}, {@code RESET}, {@code SHOW}, a {@code CREATE TABLE} without
     * {@code AS}. Cheap enough to answer on a REST I/O thread.
     */
    public boolean decidedWithoutPlanningByItsText(String statement) {
        return parsesOnIoThread(statement) && UnplannedText.certain(statement);
    }

    /** Flink's parse of {@code statement}, timed, for {@link #execute(SessionHandle, KeptParse, long, Configuration)}. */
    public KeptParse parse(String statement) {
        return pipeline.parse(statement);
    }

    /**
     * True when {@code statement} is small enough to parse on a REST I/O thread ({@link
     * StatementPipeline#IO_THREAD_PARSE_MAX_CHARS}); a larger one is parsed off it.
     */
    public boolean parsesOnIoThread(String statement) {
        return statement == null || statement.length() <= StatementPipeline.IO_THREAD_PARSE_MAX_CHARS;
    }

    /**
     * True while the audit's write of records is held up ({@link io.github.sqlguard.audit.AuditLog#heldUp}): a call
     * handed in now waits for that write before its own, however cheap its decision.
     */
    public boolean auditHeldUp() {
        return pipeline.auditHeldUp();
    }

    /**
     * True when the guard decides on {@code statement} without planning it (see {@link
     * StatementPipeline#decidesWithoutPlanning}): cheap enough to answer on a REST I/O thread.
     */
    public boolean decidesWithoutPlanning(ParsedStatement statement) {
        return StatementPipeline.decidesWithoutPlanning(statement);
    }

    // No @Override: Flink 1.20's SqlGatewayService has no deployScript; on 2.x this overrides it.
    public <ClusterID> ClusterID deployScript(
            SessionHandle sessionHandle, @Nullable URI scriptUri, @Nullable String script, Configuration executionConfig)
            throws SqlGatewayException {
        return pipeline.unanalysable(
                "deployScript",
                sessionHandle,
                What.script(scriptUri, script),
                "deployScript runs a whole script in application mode outside the session",
                () -> FlinkLine.current().<ClusterID>deployScript(delegate, sessionHandle, scriptUri, script, executionConfig),
                id -> Optional.empty());
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
        return pipeline.unanalysable(
                "refreshMaterializedTable",
                sessionHandle,
                What.materializedTableRefresh(materializedTableIdentifier),
                "a materialized table refresh runs the table's stored query",
                () -> delegate.refreshMaterializedTable(
                        sessionHandle, materializedTableIdentifier, isPeriodic, scheduleTime, dynamicOptions,
                        staticPartitions, executionConfig),
                Optional::ofNullable);
    }

    /** The guard's advisory for an operation of a session (see {@link StatementPipeline#advisory}). */
    public Optional<Advisory> advisory(SessionHandle sessionHandle, OperationHandle operationHandle) {
        return pipeline.advisory(sessionHandle, operationHandle);
    }

    /** The advisories of a session's most recent operations, oldest first; empty for an unknown session. */
    public Optional<List<Advisory>> advisories(SessionHandle sessionHandle) {
        return pipeline.advisories(sessionHandle);
    }

    /** {@link #advisory}, once the rewrites of the operation's statement are proven ({@link StatementPipeline#advisoryWhenProven}). */
    public CompletableFuture<Optional<Advisory>> advisoryWhenProven(
            SessionHandle sessionHandle, OperationHandle operationHandle) {
        return pipeline.advisoryWhenProven(sessionHandle, operationHandle);
    }

    /** {@link #advisories}, once every pending rewrite of them is proven. */
    public CompletableFuture<Optional<List<Advisory>>> advisoriesWhenProven(SessionHandle sessionHandle) {
        return pipeline.advisoriesWhenProven(sessionHandle);
    }

    @Override
    public void closeOperation(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        try {
            delegate.closeOperation(sessionHandle, operationHandle);
        } finally {
            pipeline.operationClosed(sessionHandle, operationHandle);
        }
    }

    @Override
    public ResultSet fetchResults(SessionHandle sessionHandle, OperationHandle operationHandle, long token, int maxRows)
            throws SqlGatewayException {
        return fetched(sessionHandle, operationHandle,
                () -> delegate.fetchResults(sessionHandle, operationHandle, token, maxRows));
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle sessionHandle, OperationHandle operationHandle, FetchOrientation orientation, int maxRows)
            throws SqlGatewayException {
        return fetched(sessionHandle, operationHandle,
                () -> delegate.fetchResults(sessionHandle, operationHandle, orientation, maxRows));
    }

    /** A page Flink's service fetched, as the pipeline passes it on; Flink's error of the operation masked ({@link #masked}). */
    private ResultSet fetched(
            SessionHandle sessionHandle, OperationHandle operationHandle, Supplier<ResultSet> fetch) {
        ResultSet fetched;
        try {
            fetched = fetch.get();
        } catch (RuntimeException e) {
            throw masked(e);
        }
        return pipeline.fetched(sessionHandle, operationHandle, fetched);
    }

    /**
     * Flink's error of an operation, as the client fetches it, with the secrets its messages quote
     * masked ({@link MaskedException}): a statement the guard hands on as its text fails in Flink's
     * own operation, whose error quotes what the statement named (round 42: {@code ADD JAR
     * '/jars/password=.../x.jar'} came back as "jar or artifact resource [/jars/password=.../x.jar]
     * not found"), where the guard's own operations already fail with a masked chain
     * ({@code GuardOperations}). Itself when nothing in it carries a secret.
     */
    private static RuntimeException masked(RuntimeException error) {
        return MaskedException.of(error) instanceof RuntimeException masked ? masked : error;
    }

    /** Stops the guard's threads (planning, waiting on Flink's operations); Flink's service is the gateway's to stop. */
    @Override
    public void close() {
        pipeline.close();
    }
}
