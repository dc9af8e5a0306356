package io.github.sqlguard.endpoint;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.endpoint.rest.GuardRestEndpoint;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.identity.IdentityResolver;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.observe.StateWatcher;
import io.github.sqlguard.restore.PlanStore;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.policy.PolicyReloader;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.service.PolicyReloadRecord;
import io.github.sqlguard.service.StartRecord;
import io.github.sqlguard.service.StatementPipeline;

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

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Factory of the {@code guard} endpoint ({@code sql-gateway.endpoint.type: guard}), registered
 * through Flink's factory SPI ({@code META-INF/services/org.apache.flink.table.factories.Factory}).
 *
 * <p>It reads the guard's policy from the {@code sql-guard.*} options of Flink's configuration
 * (failing start-up with a message naming the key on a bad value), wraps the gateway's {@code
 * SqlGatewayService} in {@link GuardedSqlGatewayService}, and creates the delegate endpoint
 * ({@code sql-gateway.endpoint.guard.delegate}, default {@code rest}) with its own options on top
 * of the guarded service. When the delegate is {@code rest}, the endpoint also serves the guard's
 * advisory routes, records the verified identity of each session, and serves the policy reload
 * route when enabled ({@link GuardRestEndpoint}).
 *
 * <p>It also sets up what the gateway shares ({@link GuardRuntime}): the policy holder and its
 * reloader, the metrics with Flink's {@code metrics.reporter.*} reporters, and the guarded service
 * whose sessions keep the identity each was opened with.
 */
public final class GuardEndpointFactory implements SqlGatewayEndpointFactory {

    private static final Logger LOG = LoggerFactory.getLogger(GuardEndpointFactory.class);

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
        IdentityResolver identityResolver;
        try {
            policy = Policy.fromConfiguration(flinkConfig, catalog);
            identityResolver = IdentityResolver.fromConfiguration(flinkConfig);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Invalid Flink SQL Guard configuration: " + e.getMessage(), e);
        }
        String instance = policy.instanceId() != null ? policy.instanceId() : defaultInstanceId(flinkConfig, delegateId);
        PolicyHolder policies = new PolicyHolder(policy);
        Optional<PolicyReloader> reloader = PolicyReloader.fromConfiguration(flinkConfig, catalog, policies);
        GuardMetrics metrics = GuardMetrics.fromConfiguration(flinkConfig, hostName());
        Optional<GuardedSqlGatewayService> built = Optional.empty();
        try {
            SqlGatewayService service = context.getSqlGatewayService();
            AuditLog auditLog = new AuditLog(GuardOptions.notNegative(flinkConfig, GuardOptions.AUDIT_HELD_UP_AFTER));
            Auditor auditor = new Auditor(auditLog, instance, policy.auditMaxStatementLength(), outcomeRecords(flinkConfig));
            StateWatcher watcher;
            try {
                watcher = StateWatcher.fromConfiguration(flinkConfig, auditor, metrics);
            } catch (IllegalArgumentException e) {
                throw new ValidationException("Invalid Flink SQL Guard configuration: " + e.getMessage(), e);
            }
            GuardedSqlGatewayService guarded =
                    new GuardedSqlGatewayService(
                            service,
                            new StatementPipeline(
                                    service, catalog, auditor, policies, metrics, GuardOptions.plannerThreads(flinkConfig),
                                    watcher, Optional.of(PlanStore.of(flinkConfig))));
            built = Optional.of(guarded);
            GuardRuntime runtime = new GuardRuntime(policies, metrics, reloader, guarded);
            reloader.ifPresent(r -> {
                r.addValidator(IdentityResolver::fromConfiguration);
                r.addListener(result -> metrics.policyReload(result.outcome().name().toLowerCase()));
                r.addListener(new PolicyReloadRecord(auditor, metrics));
            });
            metrics.sessionsOpen(guarded::trackedSessions);

            SqlGatewayEndpointFactory delegateFactory =
                    FactoryUtil.discoverFactory(
                            Thread.currentThread().getContextClassLoader(), SqlGatewayEndpointFactory.class, delegateId);
            SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext delegateContext =
                    new SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext(
                            guarded, flinkConfig, SqlGatewayEndpointFactoryUtils.getEndpointConfig(flinkConfig, delegateId));
            boolean reloadRoute = flinkConfig.get(GuardOptions.ADMIN_RELOAD_ROUTE_ENABLED);
            SqlGatewayEndpoint delegate;
            if (delegateFactory instanceof SqlGatewayRestEndpointFactory restFactory) {
                delegate =
                        restWithGuardRoutes(
                                restFactory, delegateContext, guarded, identityResolver,
                                rejected -> metrics.identityRejected(), reloadRoute ? reloader.orElse(null) : null,
                                GuardOptions.notNegative(flinkConfig, GuardOptions.FETCH_RESULTS_MAX_WAIT));
            } else {
                if (reloadRoute || identityResolver.clientCertificates()
                        || flinkConfig.getOptional(GuardOptions.IDENTITY_HEADER).isPresent()) {
                    LOG.warn("Flink SQL Guard: the policy reload route and verified identities are served by the 'rest'"
                            + " delegate only, not by '{}'.", delegateId);
                }
                delegate = delegateFactory.createSqlGatewayEndpoint(delegateContext);
            }
            long blocking = policy.levels().values().stream().filter(l -> l == Level.BLOCK).count();
            String summary =
                    GuardVersion.describe() + ", " + catalog.rules().size() + " rules, " + blocking + " blocking, mode " + policy.mode().name().toLowerCase()
                            + ", fail-mode " + policy.failMode().name().toLowerCase()
                            + (policy.scopes().isEmpty() ? "" : ", " + policy.scopes().size() + " scopes")
                            + ", policy " + policy.policyHash().substring(0, 12)
                            + ", reload " + reloader.map(r -> "on").orElse("off")
                            + ", observe " + (watcher.enabled() ? "on" : "off")
                            + ", " + identityResolver.describe()
                            + ", instance " + instance;
            StartRecord.write(auditor, policy, summary);
            return new GuardEndpoint(delegate, delegateId, summary, runtime);
        } catch (RuntimeException e) {
            release(reloader, metrics, built, e);
            throw e;
        }
    }

    /**
     * Releases what the factory opened (the reporters' ports, the guard's threads) when the endpoint
     * cannot be built.
     */
    private static void release(
            Optional<PolicyReloader> reloader, GuardMetrics metrics, Optional<GuardedSqlGatewayService> guarded,
            RuntimeException failure) {
        reloader.ifPresent(PolicyReloader::close);
        guarded.ifPresent(GuardedSqlGatewayService::close);
        try {
            metrics.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * The REST endpoint as Flink's factory builds it (same options, same validation), plus the
     * guard's routes and its identifying openSession handler ({@link GuardRestEndpoint}).
     */
    private static SqlGatewayEndpoint restWithGuardRoutes(
            SqlGatewayRestEndpointFactory factory,
            SqlGatewayEndpointFactoryUtils.DefaultEndpointFactoryContext context,
            GuardedSqlGatewayService guarded,
            IdentityResolver identityResolver,
            Consumer<Identity> onIdentityRejected,
            PolicyReloader reloadRoute,
            Duration resultsMaxWait) {
        SqlGatewayEndpointFactoryUtils.createEndpointFactoryHelper(factory, context).validate();
        Configuration config =
                SqlGatewayRestEndpointFactory.rebuildRestEndpointOptions(
                        context.getEndpointOptions(), context.getFlinkConfiguration().toMap());
        try {
            return new GuardRestEndpoint(config, guarded, identityResolver, onIdentityRejected, reloadRoute, resultsMaxWait);
        } catch (Exception e) {
            throw new SqlGatewayException("Cannot start the guarded REST endpoint.", e);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            LOG.warn("Flink SQL Guard: this host has no resolvable name ({}); using 'localhost'.", e.getMessage());
            return "localhost";
        }
    }

    /** {@code sql-guard.audit.outcome-records}: {@code before-response} or {@code after-response}. */
    static Auditor.OutcomeRecords outcomeRecords(Configuration config) {
        String value = config.get(GuardOptions.AUDIT_OUTCOME_RECORDS).strip();
        return switch (value) {
            case "before-response" -> Auditor.OutcomeRecords.BEFORE_RESPONSE;
            case "after-response" -> Auditor.OutcomeRecords.AFTER_RESPONSE;
            default -> throw new ValidationException("Invalid Flink SQL Guard configuration: '"
                    + GuardOptions.AUDIT_OUTCOME_RECORDS.key() + "' must be 'before-response' or 'after-response', was '"
                    + value + "'.");
        };
    }

    private static String defaultInstanceId(Configuration config, String delegateId) {
        String host = hostName();
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
