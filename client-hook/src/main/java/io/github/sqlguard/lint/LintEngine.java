package io.github.sqlguard.lint;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.Decision;
import io.github.sqlguard.service.SessionExplainer;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

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
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Lints scripts the way the guarded gateway would decide on them, without running jobs: an
 * embedded Flink SQL Gateway service (Flink's own {@code SqlGatewayServiceImpl}, local execution,
 * no REST), one fresh session per script, and the guard's {@link StatementGuard} with EXPLAIN in
 * that session. Statements that only change the session (DDL, SET, RESET, USE, SHOW ...) take
 * effect when the guard allows them, so later statements plan against them; queries, INSERTs and
 * statement sets are only EXPLAINed; statements that would start a job without being analysable
 * ({@code CREATE TABLE AS}, {@code EXECUTE PLAN}) are reported as the gateway would and not run.
 */
public final class LintEngine implements AutoCloseable {

    /** Kinds that take effect in the lint session when allowed. */
    private static final Set<StatementKind> APPLIED =
            EnumSet.of(StatementKind.SET, StatementKind.RESET, StatementKind.DDL, StatementKind.METADATA);

    private static final Duration APPLY_TIMEOUT = Duration.ofSeconds(60);

    private final SessionManager sessionManager;
    private final SqlGatewayService service;
    private final StatementGuard guard;
    private final SessionExplainer explainer;
    private final Policy policy;
    private final StatementParser parser = new StatementParser();

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
        RuleCatalog catalog = RuleCatalog.builtIn();
        this.policy = Policy.fromConfiguration(config, catalog);
        Configuration local = new Configuration(config);
        local.setString("execution.target", "local");
        local.setString("execution.attached", "true");
        // As sql-client.sh in embedded mode: one session at a time, the user's jars registered in it
        // as ADD JAR registers them (Flink's own SessionManager cannot take jars in 2.3.0).
        this.sessionManager = new SingleSessionManager(new DefaultContext(local, dependencies));
        sessionManager.start();
        this.service = FullErrorMessages.of(new SqlGatewayServiceImpl(sessionManager));
        this.guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        this.explainer = new SessionExplainer(service, policy.explainTimeout());
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
                service.openSession(
                        SessionEnvironment.newBuilder()
                                .setSessionName("sql-guard lint " + scripts.get(scripts.size() - 1).file())
                                .setSessionEndpointVersion(SqlGatewayRestAPIVersion.getDefaultVersion())
                                .build());
        try {
            List<LintedStatement> out = new ArrayList<>();
            for (Script script : scripts) {
                out.addAll(lint(script.file(), script.text(), session));
            }
            return out;
        } finally {
            service.closeSession(session);
        }
    }

    /**
     * A script to lint.
     *
     * @param file its name as reported
     * @param text its text
     */
    public record Script(String file, String text) {}

    private List<LintedStatement> lint(String file, String script, SessionHandle session) {
        List<LintedStatement> out = new ArrayList<>();
        List<String> statementSet = null;
        for (ScriptSplitter.Statement statement : ScriptSplitter.split(script)) {
            ParsedStatement parsed = parser.parse(statement.text());
            Decision decision;
            boolean applied = false;
            Finding failure = null;
            if (parsed.kind() == StatementKind.BEGIN_STATEMENT_SET) {
                decision = decide(session, parsed);
                statementSet = new ArrayList<>();
            } else if (statementSet != null && parsed.kind() == StatementKind.INSERT) {
                decision = decide(session, parsed);
                if (!decision.refuse()) {
                    statementSet.add(parsed.text().strip().replaceAll(";\\s*$", ""));
                }
            } else if (statementSet != null && parsed.kind() == StatementKind.END_STATEMENT_SET) {
                decision =
                        statementSet.isEmpty()
                                ? decide(session, parsed)
                                : decide(session, parser.parse(
                                        "EXECUTE STATEMENT SET\nBEGIN\n" + String.join(";\n", statementSet) + ";\nEND"));
                statementSet = null;
            } else {
                decision = decide(session, parsed);
                if (!decision.refuse() && APPLIED.contains(parsed.kind())) {
                    failure = apply(session, statement.text());
                    applied = failure == null;
                }
            }
            out.add(linted(file, statement, decision, failure, applied));
        }
        return out;
    }

    private Decision decide(SessionHandle session, ParsedStatement parsed) {
        return guard.decide(
                parsed,
                service.getSessionConfig(session),
                Map.of(),
                (body, streaming) -> explainer.explain(session, body, new Configuration(), streaming));
    }

    /** Runs a session-changing statement; the planner's finding when Flink refuses it. */
    private Finding apply(SessionHandle session, String text) {
        OperationHandle handle = service.executeStatement(session, text, 0L, new Configuration());
        try {
            long deadline = System.nanoTime() + APPLY_TIMEOUT.toNanos();
            while (true) {
                OperationInfo info = service.getOperationInfo(session, handle);
                if (info.getStatus() == OperationStatus.FINISHED) {
                    return null;
                }
                if (info.getStatus() == OperationStatus.ERROR || info.getStatus().isTerminalStatus()
                        || System.nanoTime() > deadline) {
                    String message =
                            info.getException().map(LintEngine::rootMessage).orElse("ended as " + info.getStatus());
                    return new Finding(
                            "planner-error", policy.level("planner-error"),
                            "Flink refused the statement: " + message, "", "",
                            "Correct the statement; later statements were linted without its effect.",
                            Rule.docLink("planner-error"));
                }
                TimeUnit.MILLISECONDS.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while applying a statement", e);
        } finally {
            service.closeOperation(session, handle);
        }
    }

    private static LintedStatement linted(
            String file, ScriptSplitter.Statement statement, Decision decision, Finding failure, boolean applied) {
        List<LintFinding> findings = new ArrayList<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (Finding finding : decision.verdict().findings(level)) {
                findings.add(Locations.locate(statement, decision.statement(), finding));
            }
        }
        String verdict = decision.verdictLabel();
        if (failure != null && failure.level() != Level.OFF) {
            findings.add(0, Locations.locate(statement, decision.statement(), failure));
            if (failure.level().compareTo(decision.verdict().level()) > 0) {
                verdict = failure.level().name();
            }
        }
        return new LintedStatement(
                file, statement.line(), statement.column(), statement.text(), decision.statement().kind().name(), verdict,
                findings, applied);
    }

    private static String rootMessage(Throwable t) {
        String message = t.toString();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getMessage() != null && !c.getMessage().isBlank()) {
                message = c.getMessage();
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return message;
    }

    @Override
    public void close() {
        sessionManager.stop();
    }
}
