package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.RestHandlerException;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.AbstractSqlGatewayRestHandler;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.session.SessionMessageParameters;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Serves {@link SessionAdvisoriesHeaders}: a session's advisories, oldest first; 404 for an unknown session. */
public final class SessionAdvisoriesHandler
        extends AbstractSqlGatewayRestHandler<EmptyRequestBody, SessionAdvisoriesResponseBody, SessionMessageParameters> {

    private final GuardedSqlGatewayService guarded;

    public SessionAdvisoriesHandler(GuardedSqlGatewayService guarded, Map<String, String> responseHeaders) {
        super(guarded, responseHeaders, SessionAdvisoriesHeaders.getInstance());
        this.guarded = guarded;
    }

    @Override
    protected CompletableFuture<SessionAdvisoriesResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<EmptyRequestBody> request)
            throws RestHandlerException {
        SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
        // Answers once every pending rewrite of the session's operations is proven.
        return guarded.advisoriesWhenProven(session).thenApply(advisories -> advisories
                .map(list -> new SessionAdvisoriesResponseBody(list.stream().map(AdvisoryResponseBody::of).toList()))
                .orElseThrow(() -> new CompletionException(new RestHandlerException(
                        "Flink SQL Guard knows no session " + session + ".", HttpResponseStatus.NOT_FOUND))));
    }
}
