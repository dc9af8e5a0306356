package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.handler.RestHandlerSpecification;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelInboundHandler;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpoint;
import org.apache.flink.util.ConfigurationException;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Flink's REST endpoint with every standard route, unchanged, plus the guard's advisory routes
 * ({@link AdvisoryHeaders}, {@link SessionAdvisoriesHeaders}). Used when the guard wraps the {@code
 * rest} endpoint, so stock clients see the protocol they know and guard-aware clients can read
 * advisories.
 *
 * <p>Stability: public, evolving.
 */
public final class GuardRestEndpoint extends SqlGatewayRestEndpoint {

    private final GuardedSqlGatewayService guarded;

    /**
     * @param configuration the REST options as {@code SqlGatewayRestEndpointFactory} rebuilds them
     * @param guarded the guarded service every route is served by
     */
    public GuardRestEndpoint(Configuration configuration, GuardedSqlGatewayService guarded)
            throws IOException, ConfigurationException {
        super(configuration, guarded);
        this.guarded = guarded;
    }

    @Override
    protected List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> initializeHandlers(
            CompletableFuture<String> localAddressFuture) {
        List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> handlers =
                super.initializeHandlers(localAddressFuture);
        handlers.add(Tuple2.of(AdvisoryHeaders.getInstance(), new AdvisoryHandler(guarded, responseHeaders)));
        handlers.add(
                Tuple2.of(SessionAdvisoriesHeaders.getInstance(), new SessionAdvisoriesHandler(guarded, responseHeaders)));
        return handlers;
    }
}
