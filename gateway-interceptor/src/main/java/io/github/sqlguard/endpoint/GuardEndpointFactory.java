package io.github.sqlguard.endpoint;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.endpoint.rest.GuardRestEndpoint;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.service.StatementPipeline;
import io.github.sqlguard.service.StatementGuard;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactory;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactoryUtils;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpointFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;

/**
 * Factory of the {@code guard} endpoint ({@code sql-gateway.endpoint.type: guard}), registered
 * through Flink's factory SPI ({@code META-INF/services/org.apache.flink.table.factories.Factory}).
 *
 * <p>It reads the guard's policy from the {@code sql-guard.*} options of Flink's configuration
 * (failing start-up with a message naming the key on a bad value), wraps the gateway's {@code
 * SqlGatewayService} in {@link GuardedSqlGatewayService}, and creates the delegate endpoint
 * ({@code sql-gateway.endpoint.guard.delegate}, default {@code rest}) with its own options on top
 * of the guarded service. When the delegate is {@code rest}, the endpoint also serves the guard's
 * advisory routes ({@link GuardRestEndpoint}).
 */
public final class GuardEndpointFactory implements SqlGatewayEndpointFactory {

    /** The identifier: {@code sql-gateway.endpoint.type: guard}. */
    public static final String IDENTIFIER = "guard";

    @Override
    public SqlGatewayEndpoint createSqlGatewayEndpoint(Context context) {
        SqlGatewayEndpointFactoryUtils.EndpointFactoryHelper helper =
                SqlGatewayEndpointFactoryUtils.createEndpointFactoryHelper(this, context);
        helper.validate();
        String delegateId = helper.getOptions().get(GuardEndpointOptions.DELEGATE);
        if (IDENTIFIER.equals(delegateId)) {
            throw new ValidationException(
                    "'sql-gateway.endpoint.guard.delegate' must name another endpoint (for example 'rest'), not 'guard'.");
        }
        Configuration flinkConfig = Configuration.fromMap(context.getFlinkConfiguration().toMap());
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy;
        try {
            policy = Policy.fromConfiguration(flinkConfig, catalog);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Invalid Flink SQL Guard configuration: " + e.getMessage(), e);
        }
        String instance = policy.instanceId() != null ? policy.instanceId() : defaultInstanceId(flinkConfig, delegateId);
        SqlGatewayService service = context.getSqlGatewayService();
        GuardedSqlGatewayService guarded =
                new GuardedSqlGatewayService(
                        service,
                        new StatementPipeline(
                                service,
                                new StatementGuard(new RuleEngine(catalog, policy), policy),
                                new Auditor(new AuditLog(), instance, policy.auditMaxStatementLength()),
                                policy));

        SqlGatewayEndpointFactory delegateFactory =
                FactoryUtil.discoverFactory(
                        Thread.currentThread().getContextClassLoader(), SqlGatewayEndpointFactory.class, delegateId);
        SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext delegateContext =
                new SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext(
                        guarded, flinkConfig, SqlGatewayEndpointFactoryUtils.getEndpointConfig(flinkConfig, delegateId));
        SqlGatewayEndpoint delegate =
                delegateFactory instanceof SqlGatewayRestEndpointFactory
                        ? restWithAdvisories((SqlGatewayRestEndpointFactory) delegateFactory, delegateContext, guarded)
                        : delegateFactory.createSqlGatewayEndpoint(delegateContext);
        long blocking = policy.levels().values().stream().filter(l -> l == Level.BLOCK).count();
        String summary =
                catalog.rules().size() + " rules, " + blocking + " blocking, fail-mode " + policy.failMode().name().toLowerCase()
                        + ", instance " + instance;
        return new GuardEndpoint(delegate, delegateId, summary);
    }

    /**
     * The REST endpoint as Flink's factory builds it (same options, same validation), plus the
     * guard's advisory routes ({@link GuardRestEndpoint}).
     */
    private static SqlGatewayEndpoint restWithAdvisories(
            SqlGatewayRestEndpointFactory factory,
            SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext context,
            GuardedSqlGatewayService guarded) {
        SqlGatewayEndpointFactoryUtils.createEndpointFactoryHelper(factory, context).validate();
        Configuration config =
                SqlGatewayRestEndpointFactory.rebuildRestEndpointOptions(
                        context.getEndpointOptions(), context.getFlinkConfiguration().toMap());
        try {
            return new GuardRestEndpoint(config, guarded);
        } catch (Exception e) {
            throw new SqlGatewayException("Cannot start the guarded REST endpoint.", e);
        }
    }

    private static String defaultInstanceId(Configuration config, String delegateId) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        String port = config.toMap().getOrDefault("sql-gateway.endpoint." + delegateId + ".port", "8083");
        return host + ":" + port;
    }

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(GuardEndpointOptions.DELEGATE);
    }
}
