package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.identity.IdentityResolver;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.util.HandlerUtils;
import org.apache.flink.runtime.webmonitor.NonLeaderRetrievalRestfulGateway;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelHandlerContext;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpRequest;
import org.apache.flink.shaded.netty4.io.netty.handler.ssl.SslHandler;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
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
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Flink's openSession route, answering as Flink's handler does, that first resolves who is calling
 * from the connection (peer address, the TLS client certificate) and the request headers ({@link
 * IdentityResolver}), and opens the session for that identity ({@link
 * GuardedSqlGatewayService#openSession(SessionEnvironment, Identity)}), which the guard keeps with
 * the session.
 *
 * <p>Why the whole of {@code respondToRequest}: the identity comes from the connection and the
 * headers, which Flink's {@code handleRequest} does not see; this handler opens the session as
 * {@code OpenSessionHandler#handleRequest} does (the same environment from the same request
 * fields) and sends the response as {@code AbstractSqlGatewayRestHandler#respondToRequest} does.
 */
final class IdentifyingOpenSessionHandler extends OpenSessionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(IdentifyingOpenSessionHandler.class);

    private final GuardedSqlGatewayService guarded;
    private final IdentityResolver resolver;
    private final Consumer<Identity> onRejected;

    IdentifyingOpenSessionHandler(
            GuardedSqlGatewayService guarded,
            Map<String, String> responseHeaders,
            IdentityResolver resolver,
            Consumer<Identity> onRejected) {
        super(guarded, responseHeaders, OpenSessionHeaders.getInstance());
        this.guarded = guarded;
        this.resolver = resolver;
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
        OpenSessionResponseBody response =
                open(SqlGatewayRestAPIVersion.fromURIToVersion(httpRequest.uri()), handlerRequest, identity);
        return HandlerUtils.sendResponse(
                ctx, httpRequest, response, OpenSessionHeaders.getInstance().getResponseStatusCode(), responseHeaders);
    }

    /** Never called: {@link #respondToRequest} opens the session with the caller's identity. */
    @Override
    protected CompletableFuture<OpenSessionResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<OpenSessionRequestBody> request) {
        throw new IllegalStateException("openSession is served with the caller's identity, by respondToRequest");
    }

    /** Opens the session as {@code OpenSessionHandler#handleRequest} does, for {@code identity}. */
    private OpenSessionResponseBody open(
            SqlGatewayRestAPIVersion version, HandlerRequest<OpenSessionRequestBody> request, Identity identity) {
        SessionHandle session =
                guarded.openSession(
                        SessionEnvironment.newBuilder()
                                .setSessionEndpointVersion(version)
                                .setSessionName(request.getRequestBody().getSessionName())
                                .addSessionConfig(request.getRequestBody().getProperties())
                                .build(),
                        identity);
        return new OpenSessionResponseBody(session.getIdentifier().toString());
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
