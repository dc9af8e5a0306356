package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.identity.Identities;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.identity.IdentityResolver;
import io.github.sqlguard.policy.GuardOptions;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.webmonitor.NonLeaderRetrievalRestfulGateway;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelHandlerContext;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpRequest;
import org.apache.flink.shaded.netty4.io.netty.handler.ssl.SslHandler;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.session.OpenSessionHandler;
import org.apache.flink.table.gateway.rest.header.session.OpenSessionHeaders;
import org.apache.flink.table.gateway.rest.message.session.OpenSessionRequestBody;
import org.apache.flink.table.gateway.rest.message.session.OpenSessionResponseBody;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import javax.net.ssl.SSLPeerUnverifiedException;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Flink's openSession handler, unchanged, that first resolves who is calling from the connection
 * (peer address, the TLS client certificate) and the request headers ({@link IdentityResolver}),
 * opens the session with that identity visible to the service ({@link Identities#opening()}), and
 * binds the new session's handle to it ({@link Identities#bind}).
 */
final class IdentifyingOpenSessionHandler extends OpenSessionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(IdentifyingOpenSessionHandler.class);

    private final IdentityResolver resolver;
    private final Identities identities;
    private final Consumer<Identity> onRejected;

    IdentifyingOpenSessionHandler(
            SqlGatewayService service,
            Map<String, String> responseHeaders,
            IdentityResolver resolver,
            Identities identities,
            Consumer<Identity> onRejected) {
        super(service, responseHeaders, OpenSessionHeaders.getInstance());
        this.resolver = resolver;
        this.identities = identities;
        this.onRejected = onRejected;
    }

    @Override
    protected CompletableFuture<Void> respondToRequest(
            ChannelHandlerContext ctx,
            HttpRequest httpRequest,
            HandlerRequest<OpenSessionRequestBody> handlerRequest,
            NonLeaderRetrievalRestfulGateway gateway) {
        Map<String, String> properties = handlerRequest.getRequestBody().getProperties();
        Identity identity =
                resolver.resolve(
                        peer(ctx),
                        peerCertificates(ctx),
                        name -> httpRequest.headers().getAll(name),
                        properties == null ? null : properties.get(GuardOptions.USER_PROPERTY.key()));
        if (identity.rejected().isPresent()) {
            LOG.warn("Flink SQL Guard: {}.", identity.rejected().get());
            onRejected.accept(identity);
        }
        // Flink calls handleRequest, and so the service, on this thread before it returns.
        return identities.whileOpening(identity, () -> super.respondToRequest(ctx, httpRequest, handlerRequest, gateway));
    }

    @Override
    protected CompletableFuture<OpenSessionResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<OpenSessionRequestBody> request) {
        Identity identity = identities.opening().orElseThrow(
                () -> new IllegalStateException("openSession served outside respondToRequest"));
        return super.handleRequest(version, request).thenApply(response -> {
            identities.bind(new SessionHandle(UUID.fromString(response.getSessionHandle())), identity);
            return response;
        });
    }

    private static InetAddress peer(ChannelHandlerContext ctx) {
        return ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress();
    }

    /** The client certificate chain TLS verified, or empty (no TLS, or no client authentication). */
    private static List<X509Certificate> peerCertificates(ChannelHandlerContext ctx) {
        SslHandler ssl = ctx.pipeline().get(SslHandler.class);
        if (ssl == null) {
            return List.of();
        }
        try {
            Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
            return Arrays.stream(chain)
                    .filter(X509Certificate.class::isInstance)
                    .map(X509Certificate.class::cast)
                    .toList();
        } catch (SSLPeerUnverifiedException e) {
            return List.of();
        }
    }
}
