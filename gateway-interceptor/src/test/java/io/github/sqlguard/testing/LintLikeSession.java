package io.github.sqlguard.testing;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.service.GuardOperations;
import io.github.sqlguard.service.HandOff;
import io.github.sqlguard.service.RestoreBaseline;
import io.github.sqlguard.service.StatementPipeline;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.StatementKind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The guard's pipeline over Flink's real {@link SqlGatewayServiceImpl} in the test JVM, as {@code
 * lint} runs it: every statement's rewrites proven at once, statements that change the session
 * applied (DDL, SET, RESET, USE), statements that would start a job only planned. For the rewrite
 * tests, which need every statement's proven rewrites in order.
 */
public final class LintLikeSession implements AutoCloseable {

    private static final Set<StatementKind> APPLIED =
            EnumSet.of(StatementKind.SET, StatementKind.RESET, StatementKind.DDL, StatementKind.METADATA);

    private final SessionManager sessionManager;
    private final SqlGatewayServiceImpl flink;
    private final StatementPipeline pipeline;
    private final GuardOperations operations;

    public LintLikeSession(Map<String, String> guardOptions) {
        this(guardOptions, false, RestoreBaseline.NONE);
    }

    /**
     * A session proving every rewrite, in which a statement that names no savepoint restores from {@code baseline}
     * ({@link StatementPipeline#provingEveryRewriteAtOnce(org.apache.flink.table.gateway.api.SqlGatewayService,
     * RuleCatalog, Auditor, Policy, RestoreBaseline)}).
     */
    public static LintLikeSession restoringFrom(Map<String, String> guardOptions, RestoreBaseline baseline) {
        return new LintLikeSession(guardOptions, false, baseline);
    }

    /**
     * As lint's own pipeline ({@link StatementPipeline#forLint}): of each statement's rewrites, what lint shows,
     * each finding's first rewrite; the other sessions prove every rewrite, for the tests that read them all.
     */
    public static LintLikeSession asLint(Map<String, String> guardOptions) {
        return new LintLikeSession(guardOptions, true, RestoreBaseline.NONE);
    }

    private LintLikeSession(Map<String, String> guardOptions, boolean asLint, RestoreBaseline baseline) {
        Configuration config = new Configuration();
        config.setString("execution.target", "local");
        config.setString("execution.attached", "true");
        config.addAll(Configuration.fromMap(guardOptions));
        sessionManager = SessionManager.create(new DefaultContext(config, Collections.emptyList()));
        sessionManager.start();
        flink = new SqlGatewayServiceImpl(sessionManager);
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.fromConfiguration(Configuration.fromMap(guardOptions), catalog);
        Auditor auditor = new Auditor(new AuditLog(), "test", policy.auditMaxStatementLength());
        pipeline = asLint
                ? StatementPipeline.forLint(flink, catalog, auditor, policy, RestoreBaseline.NONE)
                : StatementPipeline.provingEveryRewriteAtOnce(flink, catalog, auditor, policy, baseline);
        operations = new GuardOperations(flink);
    }

    /** Runs {@code statements} in a fresh session with {@code properties}; every statement's submission, in order. */
    public List<Submission> run(Map<String, String> properties, List<String> statements, Map<String, String> lastConfig) {
        return run(properties, Map.of(), statements, lastConfig);
    }

    /** As {@link #run(Map, List, Map)}, in a session that has {@code catalogs} besides Flink's default one. */
    public List<Submission> run(
            Map<String, String> properties, Map<String, Catalog> catalogs, List<String> statements,
            Map<String, String> lastConfig) {
        SessionEnvironment.Builder environment = SessionEnvironment.newBuilder()
                .setSessionEndpointVersion(new EndpointVersion() {}).addSessionConfig(properties);
        catalogs.forEach(environment::registerCatalog);
        SessionHandle session = pipeline.openSession(environment.build(), "test", Optional.empty());
        try {
            List<Submission> out = new ArrayList<>();
            for (int i = 0; i < statements.size(); i++) {
                Configuration config = Configuration.fromMap(i == statements.size() - 1 ? lastConfig : Map.of());
                HandOff dryRun = (s, parsed, text, timeoutMs, c) -> {
                    if (!APPLIED.contains(parsed.kind())) {
                        return operations.ok(s);
                    }
                    OperationHandle handle = flink.executeStatement(s, text, timeoutMs, c);
                    InProcessGateway.awaitOperation()
                            .until(() -> flink.getOperationInfo(s, handle).getStatus().isTerminalStatus());
                    return handle;
                };
                Submission submission = pipeline.execute(session, statements.get(i), 0L, config, dryRun);
                InProcessGateway.awaitOperation()
                        .until(() -> flink.getOperationInfo(session, submission.handle()).getStatus().isTerminalStatus());
                flink.closeOperation(session, submission.handle());
                out.add(submission);
            }
            return out;
        } finally {
            flink.closeSession(session);
            pipeline.closed(session);
        }
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
