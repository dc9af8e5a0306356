package io.github.sqlguard.lint;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.SqlClientLine;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.GuardOperations;
import io.github.sqlguard.service.HandOff;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.service.StatementPipeline;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.statement.StatementKind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.gateway.SingleSessionManager;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.session.SessionManager;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lints scripts the way the guarded gateway decides on them, without running jobs: an embedded
 * Flink SQL Gateway service (Flink's own {@code SqlGatewayServiceImpl}, local execution, no REST),
 * one fresh session per script, and the guard's own {@link StatementPipeline} — the very pipeline
 * the gateway runs, so lint and gateway cannot disagree. Only the hand-off differs: statements
 * that change the session (DDL, SET, RESET, USE, SHOW, ADD JAR ...) take effect when the guard
 * allows them, so later statements plan against them; statements that would start a job
 * (queries, INSERTs, statement sets, {@code CREATE TABLE AS}, plans) are only planned.
 */
public final class LintEngine implements AutoCloseable {

    /** Kinds that take effect in the lint session when allowed. */
    private static final Set<StatementKind> APPLIED =
            EnumSet.of(StatementKind.SET, StatementKind.RESET, StatementKind.DDL, StatementKind.METADATA);

    /** Kinds that can read or write a table, so may be planned through a stand-in connector. */
    private static final Set<StatementKind> PLANS_TABLES = EnumSet.of(
            StatementKind.QUERY, StatementKind.INSERT, StatementKind.STATEMENT_SET, StatementKind.END_STATEMENT_SET,
            StatementKind.CREATE_TABLE_AS, StatementKind.MATERIALIZED_TABLE, StatementKind.EXPLAIN, StatementKind.PLAN,
            StatementKind.DDL, StatementKind.OTHER);

    private static final Duration APPLY_TIMEOUT = Duration.ofSeconds(60);

    private final SessionManager sessionManager;
    private final SqlGatewayService service;
    private final GatewaySessions sessions;
    private final StatementPipeline pipeline;
    private final GuardOperations operations;
    private final StatementGuard guard;
    private final boolean standInConnectors;

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config) {
        this(config, List.of());
    }

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @param dependencies the user's jars (connectors, formats, catalogs, UDFs), in every session's
     *     class loader as {@code sql-client.sh --jar} puts them
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config, List<URI> dependencies) {
        this(config, dependencies, false);
    }

    /**
     * @param config Flink's configuration with the guard's {@code sql-guard.*} policy
     * @param dependencies the user's jars (connectors, formats, catalogs, UDFs), in every session's
     *     class loader as {@code sql-client.sh --jar} puts them
     * @param standInConnectors plan a table whose connector has no factory in the session through a
     *     stand-in connector ({@link StandInConnectors}) instead of reporting it {@value
     *     MissingDependency#ID}
     * @throws IllegalArgumentException naming the key, for a bad {@code sql-guard.*} option
     */
    public LintEngine(Configuration config, List<URI> dependencies, boolean standInConnectors) {
        this.standInConnectors = standInConnectors;
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.fromConfiguration(config, catalog);
        this.guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        Configuration local = new Configuration(config);
        local.setString("execution.target", "local");
        local.setString("execution.attached", "true");
        // As sql-client.sh in embedded mode: one session at a time, the user's jars registered in it
        // as ADD JAR registers them (Flink's own SessionManager cannot take jars in 2.3.0).
        this.sessionManager = new SingleSessionManager(SqlClientLine.current().defaultContext(local, dependencies));
        sessionManager.start();
        this.service = new SqlGatewayServiceImpl(sessionManager);
        // Every statement's rewrites are proven before the next statement, so each finding can carry its own.
        this.pipeline =
                StatementPipeline.provingEveryRewriteAtOnce(
                        service, catalog, new Auditor(new AuditLog(), "lint", policy.auditMaxStatementLength()), policy);
        this.sessions = pipeline.gatewaySessions().orElseThrow();
        this.operations = new GuardOperations(service);
    }

    /** The guard's verdict on every statement of {@code script}, in order. */
    public List<LintedStatement> lint(String file, String script) {
        return lint(List.of(new Script(file, script)));
    }

    /**
     * The guard's verdict on every statement of {@code scripts}, run one after the other in one fresh
     * session (init scripts first, as {@code sql-client.sh -i}), in order.
     */
    public List<LintedStatement> lint(List<Script> scripts) {
        SessionHandle session =
                pipeline.openSession(
                        SessionEnvironment.newBuilder()
                                .setSessionName("sql-guard lint " + scripts.get(scripts.size() - 1).file())
                                .setSessionEndpointVersion(SqlGatewayRestAPIVersion.getDefaultVersion())
                                .build(),
                        "lint",
                        Optional.empty());
        try {
            List<LintedStatement> out = new ArrayList<>();
            StandInConnectors standIns = standInConnectors ? new StandInConnectors() : null;
            for (Script script : scripts) {
                for (ScriptSplitter.Statement statement : ScriptSplitter.split(script.text())) {
                    out.add(lint(script.file(), session, statement, standIns));
                }
            }
            return out;
        } finally {
            service.closeSession(session);
            pipeline.closed(session);
        }
    }

    /**
     * A script to lint.
     *
     * @param file its name as reported
     * @param text its text
     */
    public record Script(String file, String text) {}

    private LintedStatement lint(
            String file, SessionHandle session, ScriptSplitter.Statement statement, StandInConnectors standIns) {
        Finding[] failure = new Finding[1];
        boolean[] applied = new boolean[1];
        HandOff dryRun =
                (s, parsed, text, timeoutMs, config) -> {
                    if (!APPLIED.contains(parsed.kind())) {
                        return operations.ok(s);
                    }
                    OperationHandle handle = service.executeStatement(s, text, timeoutMs, config);
                    failure[0] = failureOf(s, handle);
                    applied[0] = failure[0] == null;
                    return handle;
                };
        Submission submission = pipeline.execute(session, statement.text(), 0L, new Configuration(), dryRun);
        // An EXPLAIN's answer is an operation that reads the dry run's result: let it end first.
        sessions.awaitTermination(session, submission.handle(), APPLY_TIMEOUT);
        service.closeOperation(session, submission.handle());
        String note = standIns == null ? "" : standInNote(session, statement.text(), submission, applied[0], standIns);
        return linted(file, statement, submission, failure[0], applied[0], note);
    }

    /**
     * Swaps a table that an applied {@code CREATE TABLE} made for a stand-in when its connector is
     * missing; the note for the statement when it registered or was planned through a stand-in.
     */
    private String standInNote(
            SessionHandle session, String text, Submission submission, boolean applied, StandInConnectors standIns) {
        if (applied && submission.statement().kind() == StatementKind.DDL) {
            Optional<StandInConnectors.StandIn> registered =
                    standIns.afterApplied(
                            sessions.tableEnvironment(session, new Configuration()), sessions.userClassLoader(session),
                            text);
            if (registered.isPresent()) {
                return StandInConnectors.note(
                        Map.of(registered.get(), EnumSet.allOf(StandInConnectors.Role.class)), true);
            }
        }
        if (!PLANS_TABLES.contains(submission.statement().kind())) {
            return "";
        }
        Map<StandInConnectors.StandIn, Set<StandInConnectors.Role>> used =
                standIns.usedBy(text, submission.decision().plan());
        return used.isEmpty() ? "" : StandInConnectors.note(used, false);
    }

    /**
     * Waits for a session-changing statement; when Flink refused it, the rules' finding on Flink's
     * error (a diagnosis, or {@code planner-error}), else {@code null}.
     */
    private Finding failureOf(SessionHandle session, OperationHandle handle) {
        sessions.awaitTermination(session, handle, APPLY_TIMEOUT);
        OperationInfo info = service.getOperationInfo(session, handle);
        if (info.getStatus() == OperationStatus.FINISHED) {
            return null;
        }
        Throwable error =
                info.getException().orElseGet(() -> new IllegalStateException("ended as " + info.getStatus()));
        return guard.diagnosis(error).verdict().findings().stream()
                .max(Comparator.comparing(Finding::level))
                .orElse(null);
    }

    private static LintedStatement linted(
            String file, ScriptSplitter.Statement statement, Submission submission, Finding failure, boolean applied,
            String standIn) {
        Decision decision = submission.decision();
        ParsedStatement parsed = submission.statement();
        List<LintFinding> findings = new ArrayList<>();
        Map<LintFinding, Rewrite> rewrites = new HashMap<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (Finding finding : decision.verdict().findings(level)) {
                LintFinding located = Locations.locate(statement, parsed, finding);
                findings.add(located);
                // Located, a finding's node may name the file's line: the rewrite is paired with it here.
                decision.rewrites().first(finding).ifPresent(rewrite -> rewrites.put(located, rewrite));
            }
        }
        String verdict = decision.verdictLabel();
        if (failure != null && failure.level() != Level.OFF) {
            findings.add(0, Locations.locate(statement, parsed, failure));
            if (failure.level().compareTo(decision.verdict().level()) > 0) {
                verdict = failure.level().name();
            }
        }
        return new LintedStatement(
                file, statement.line(), statement.column(), statement.text(), parsed.kind().name(), verdict,
                findings, applied, standIn, decision.plan(), StatementFacts.of(decision, failure), rewrites);
    }

    @Override
    public void close() {
        try {
            pipeline.close();
        } finally {
            sessionManager.stop();
        }
    }
}
