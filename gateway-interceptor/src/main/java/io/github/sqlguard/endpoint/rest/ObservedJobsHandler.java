package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.service.GuardedSqlGatewayService;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.RestHandlerException;
import org.apache.flink.runtime.rest.messages.EmptyMessageParameters;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.rest.handler.AbstractSqlGatewayRestHandler;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Serves {@link ObservedJobsHeaders} from the state watcher's views, rendered as the audit renders
 * them (the guard's Jackson, the record's flat fields) and handed to Flink's REST layer as a tree.
 */
public final class ObservedJobsHandler
        extends AbstractSqlGatewayRestHandler<EmptyRequestBody, ObservedJobsResponseBody, EmptyMessageParameters> {

    private static final ObjectMapper RECORDS = new ObjectMapper();
    private static final org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper TREE =
            new org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper();

    private final GuardedSqlGatewayService guarded;

    public ObservedJobsHandler(GuardedSqlGatewayService guarded, Map<String, String> responseHeaders) {
        super(guarded, responseHeaders, ObservedJobsHeaders.getInstance());
        this.guarded = guarded;
    }

    @Override
    protected CompletableFuture<ObservedJobsResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<EmptyRequestBody> request)
            throws RestHandlerException {
        try {
            JsonNode jobs = TREE.readTree(RECORDS.writeValueAsString(guarded.watcher().jobs()));
            return CompletableFuture.completedFuture(new ObservedJobsResponseBody(guarded.watcher().enabled(), jobs));
        } catch (JsonProcessingException
                | org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new RestHandlerException(
                    "Flink SQL Guard could not render its observed jobs: " + e.getMessage(),
                    HttpResponseStatus.INTERNAL_SERVER_ERROR, e);
        }
    }
}
