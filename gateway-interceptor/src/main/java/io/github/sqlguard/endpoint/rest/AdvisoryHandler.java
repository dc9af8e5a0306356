package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.RestHandlerException;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.AbstractSqlGatewayRestHandler;
import org.apache.flink.table.gateway.rest.message.operation.OperationHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.operation.OperationMessageParameters;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Serves {@link AdvisoryHeaders}: the advisory of one operation, 404 when the guard keeps none. */
public final class AdvisoryHandler
        extends AbstractSqlGatewayRestHandler<EmptyRequestBody, AdvisoryResponseBody, OperationMessageParameters> {

    private final GuardedSqlGatewayService guarded;

    public AdvisoryHandler(GuardedSqlGatewayService guarded, Map<String, String> responseHeaders) {
        super(guarded, responseHeaders, AdvisoryHeaders.getInstance());
        this.guarded = guarded;
    }

    @Override
    protected CompletableFuture<AdvisoryResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<EmptyRequestBody> request)
            throws RestHandlerException {
        SessionHandle session = request.getPathParameter(SessionHandleIdPathParameter.class);
        OperationHandle operation = request.getPathParameter(OperationHandleIdPathParameter.class);
        // Answers once the rewrites of the operation's statement are proven (a statement that ran gets them after it).
        return guarded.advisoryWhenProven(session, operation).thenApply(advisory -> advisory
                .map(AdvisoryResponseBody::of)
                .orElseThrow(() -> new CompletionException(
                        new RestHandlerException(
                                "Flink SQL Guard keeps no advisory for operation " + operation + " of session "
                                        + session + " (unknown, closed, or older than the session's most recent"
                                        + " operations).",
                                HttpResponseStatus.NOT_FOUND))));
    }
}
