package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.flink.Pools;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.identity.IdentityResolver;
import io.github.sqlguard.policy.PolicyReloader;
import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.handler.RestHandlerSpecification;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelInboundHandler;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpoint;
import org.apache.flink.table.gateway.rest.header.session.ConfigureSessionHeaders;
import org.apache.flink.table.gateway.rest.header.session.OpenSessionHeaders;
import org.apache.flink.table.gateway.rest.header.statement.ExecuteStatementHeaders;
import org.apache.flink.table.gateway.rest.header.statement.FetchResultsHeaders;
import org.apache.flink.util.ConfigurationException;

import javax.annotation.Nullable;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * Flink's REST endpoint with every standard route, unchanged, plus the guard's advisory routes
 * ({@link AdvisoryHeaders}, {@link SessionAdvisoriesHeaders}), the observed jobs ({@link
 * ObservedJobsHeaders}) and, when enabled, the policy reload
 * route ({@link PolicyReloadHeaders}). Used when the guard wraps the {@code rest} endpoint, so stock
 * clients see the protocol they know and guard-aware clients can read advisories.
 *
 * <p>Its openSession route is Flink's handler wrapped to open each session for who the gateway
 * verified ({@link IdentifyingOpenSessionHandler}); its executeStatement and configureSession
 * routes are Flink's handlers in each session's order and, where the guard plans or waits before it
 * answers, off the REST server's I/O threads ({@link DecidingExecuteStatementHandler}, {@link
 * DecidingConfigureSessionHandler}); its fetchResults routes are Flink's handler given the session's time zone as
 * the session's configuration, all it reads of it ({@link GuardedSqlGatewayService#forFetchResults}), answering a
 * request of a statement the guard handed on held once it has ended ({@link ReadyResultsHandler}).
 *
 * <p>Stability: public, evolving.
 */
public final class GuardRestEndpoint extends SqlGatewayRestEndpoint {

    private final GuardedSqlGatewayService guarded;
    /**
     * Most executeStatement calls decided off the I/O threads at once. A decision mostly waits (on
     * the planner's threads, the audit, Flink's submission), one per session at a time; beyond this,
     * calls wait in arrival order.
     */
    static final int MAX_DECISIONS = 64;

    private final IdentityResolver identityResolver;
    private final Consumer<Identity> onIdentityRejected;
    private final PolicyReloader reloadRoute;
    /** The longest a result request of a held statement waits for it to end ({@link ReadyResultsHandler}). */
    private final Duration resultsMaxWait;
    /** Runs executeStatement and configureSession calls (the guard's decisions) off the REST server's I/O threads. */
    private final ExecutorService decisions = Pools.bounded("sql-guard-statement", MAX_DECISIONS);
    /** The order of each session's guarded calls, shared by their handlers. */
    private final SessionCallOrder order = new SessionCallOrder(decisions);

    /**
     * @param configuration the REST options as {@code SqlGatewayRestEndpointFactory} rebuilds them
     * @param guarded the guarded service every route is served by
     * @param identityResolver decides who opens a session
     * @param onIdentityRejected told of an identity header that was ignored (for metrics/audit)
     * @param reloadRoute the reloader the admin route triggers, or {@code null} to not serve it
     * @param resultsMaxWait the longest a result request of a statement handed on held waits for it to end ({@code
     *     sql-guard.fetch-results.max-wait}); 0: answered at once, as Flink answers it
     */
    public GuardRestEndpoint(
            Configuration configuration,
            GuardedSqlGatewayService guarded,
            IdentityResolver identityResolver,
            Consumer<Identity> onIdentityRejected,
            @Nullable PolicyReloader reloadRoute,
            Duration resultsMaxWait)
            throws IOException, ConfigurationException {
        super(configuration, guarded);
        if (resultsMaxWait.isNegative()) {
            throw new IllegalArgumentException("A result request cannot wait a negative time: " + resultsMaxWait);
        }
        this.resultsMaxWait = resultsMaxWait;
        this.guarded = guarded;
        this.identityResolver = identityResolver;
        this.onIdentityRejected = onIdentityRejected;
        this.reloadRoute = reloadRoute;
    }

    @Override
    protected List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> initializeHandlers(
            CompletableFuture<String> localAddressFuture) {
        List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> handlers =
                super.initializeHandlers(localAddressFuture);
        handlers.set(
                indexOf(handlers, OpenSessionHeaders.getInstance()),
                Tuple2.of(
                        OpenSessionHeaders.getInstance(),
                        new IdentifyingOpenSessionHandler(guarded, responseHeaders, identityResolver, onIdentityRejected)));
        handlers.set(
                indexOf(handlers, ExecuteStatementHeaders.getInstance()),
                Tuple2.of(
                        ExecuteStatementHeaders.getInstance(),
                        new DecidingExecuteStatementHandler(guarded, responseHeaders, order)));
        handlers.set(
                indexOf(handlers, ConfigureSessionHeaders.getInstance()),
                Tuple2.of(
                        ConfigureSessionHeaders.getInstance(),
                        new DecidingConfigureSessionHandler(guarded, responseHeaders, order)));
        // Flink's handler, given the session's time zone as its configuration: all it reads of it (FetchResultsView);
        // a request of a held statement still running answered once it has ended (ReadyResultsHandler).
        for (FetchResultsHeaders route : List.of(FetchResultsHeaders.getDefaultInstance(), FetchResultsHeaders.getInstanceV1())) {
            handlers.set(
                    indexOf(handlers, route),
                    Tuple2.of(route, new ReadyResultsHandler(guarded.forFetchResults(), responseHeaders, route,
                            guarded.gatewaySessions(), resultsMaxWait)));
        }
        handlers.add(Tuple2.of(AdvisoryHeaders.getInstance(), new AdvisoryHandler(guarded, responseHeaders)));
        handlers.add(
                Tuple2.of(SessionAdvisoriesHeaders.getInstance(), new SessionAdvisoriesHandler(guarded, responseHeaders)));
        handlers.add(Tuple2.of(ObservedJobsHeaders.getInstance(), new ObservedJobsHandler(guarded, responseHeaders)));
        if (reloadRoute != null) {
            handlers.add(
                    Tuple2.of(PolicyReloadHeaders.getInstance(), new PolicyReloadHandler(guarded, responseHeaders, reloadRoute)));
        }
        return handlers;
    }

    /**
     * Calls of {@code session} waiting now for an earlier call of the session to be answered
     * ({@code executeStatement}, {@code configureSession}); for monitoring and tests.
     */
    public int waitingCalls(SessionHandle session) {
        return order.waiting(session);
    }

    private static int indexOf(
            List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> handlers, RestHandlerSpecification route) {
        for (int i = 0; i < handlers.size(); i++) {
            if (handlers.get(i).f0 == route) {
                return i;
            }
        }
        throw new IllegalStateException(
                "Flink's REST endpoint serves no " + route.getTargetRestEndpointURL() + " route to wrap.");
    }

    @Override
    protected CompletableFuture<Void> shutDownInternal() {
        return super.shutDownInternal().whenComplete((ignored, error) -> decisions.shutdown());
    }
}
