package io.github.sqlguard.testing;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.service.StatementPipeline;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;
import org.awaitility.core.ConditionFactory;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * The guard over Flink's real {@link SqlGatewayServiceImpl} in the test's own JVM (no REST, local
 * execution): the real parser and planner, the real pipeline and audit. The fast layer of the test
 * pyramid; one per test class.
 */
public final class InProcessGateway implements AutoCloseable {

    private final SessionManager sessionManager;
    private final SqlGatewayServiceImpl flink;
    private final StatementPipeline pipeline;
    private final GuardedSqlGatewayService service;

    private InProcessGateway(Configuration guardConfig, AuditLog auditLog, RuleCatalog catalog) {
        Configuration config = new Configuration();
        config.setString("execution.target", "local");
        config.setString("execution.attached", "true");
        config.addAll(guardConfig);
        sessionManager = SessionManager.create(new DefaultContext(config, Collections.emptyList()));
        sessionManager.start();
        flink = new SqlGatewayServiceImpl(sessionManager);
        Policy policy = Policy.fromConfiguration(guardConfig, catalog);
        pipeline =
                new StatementPipeline(
                        flink, catalog, new Auditor(auditLog, "test", policy.auditMaxStatementLength()),
                        new PolicyHolder(policy), GuardMetrics.unregistered(), GuardOptions.plannerThreads(guardConfig));
        service = new GuardedSqlGatewayService(flink, pipeline);
    }

    /** A gateway with the default policy and the real audit log. */
    public static InProcessGateway start() {
        return start(Map.of(), new AuditLog());
    }

    /**
     * A gateway with {@code sql-guard.*} options (and any Flink option, e.g. {@code
     * execution.target}) and the given audit log.
     */
    public static InProcessGateway start(Map<String, String> guardOptions, AuditLog auditLog) {
        return start(guardOptions, auditLog, RuleCatalog.builtIn());
    }

    /** A gateway as {@link #start(Map, AuditLog)} whose guard judges by the rules of {@code catalog}. */
    public static InProcessGateway start(Map<String, String> guardOptions, AuditLog auditLog, RuleCatalog catalog) {
        return new InProcessGateway(Configuration.fromMap(guardOptions), auditLog, catalog);
    }

    /** The guarded service. */
    public GuardedSqlGatewayService service() {
        return service;
    }

    /** Flink's own service under the guard. */
    public SqlGatewayServiceImpl flink() {
        return flink;
    }

    /** The pipeline under the service. */
    public StatementPipeline pipeline() {
        return pipeline;
    }

    /** Opens a session with {@code properties}. */
    public SessionHandle openSession(Map<String, String> properties) {
        return service.openSession(
                SessionEnvironment.newBuilder()
                        .setSessionEndpointVersion(new EndpointVersion() {})
                        .addSessionConfig(properties)
                        .build());
    }

    /** Submits {@code statement} and waits until its operation is running or has ended. */
    public OperationHandle run(SessionHandle session, String statement) {
        OperationHandle handle = service.executeStatement(session, statement, 0, new Configuration());
        awaitOperation()
                .until(() -> {
                    var status = service.getOperationInfo(session, handle).getStatus();
                    return status.isTerminalStatus() || status.name().equals("RUNNING");
                });
        return handle;
    }

    /** Submits {@code statement} and waits until its operation has ended (finished, failed, cancelled). */
    public OperationHandle runToEnd(SessionHandle session, String statement) {
        OperationHandle handle = service.executeStatement(session, statement, 0, new Configuration());
        awaitOperation().until(() -> service.getOperationInfo(session, handle).getStatus().isTerminalStatus());
        return handle;
    }

    /**
     * Waits for an operation of this gateway: at most 60 s, checked at once and then every 2 ms
     * (most operations end within milliseconds; Awaitility's default first looks after 100 ms).
     */
    public static ConditionFactory awaitOperation() {
        return await().atMost(Duration.ofSeconds(60)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(2));
    }

    @Override
    public void close() {
        sessionManager.stop();
    }
}
