package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.HttpMethodWrapper;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.MessageParameters;
import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.runtime.rest.versioning.RestAPIVersion;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.rest.header.SqlGatewayMessageHeaders;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import java.util.Collection;
import java.util.List;

/**
 * What the guard's own read-only routes have in common: {@code GET}, no request body, {@code 200
 * OK}, served under Flink's current REST version only (each route is versioned by its own path,
 * {@code /sql-guard/v1/...}).
 *
 * @param <R> the response body
 * @param <M> the path parameters
 */
abstract class GuardGetHeaders<R extends ResponseBody, M extends MessageParameters>
        implements SqlGatewayMessageHeaders<EmptyRequestBody, R, M> {

    private final String url;
    private final Class<R> responseClass;
    private final String description;
    private final String operationId;

    GuardGetHeaders(String url, Class<R> responseClass, String description, String operationId) {
        this.url = url;
        this.responseClass = responseClass;
        this.description = description;
        this.operationId = operationId;
    }

    @Override
    public final Class<R> getResponseClass() {
        return responseClass;
    }

    @Override
    public final HttpResponseStatus getResponseStatusCode() {
        return HttpResponseStatus.OK;
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Class<EmptyRequestBody> getRequestClass() {
        return EmptyRequestBody.class;
    }

    @Override
    public final HttpMethodWrapper getHttpMethod() {
        return HttpMethodWrapper.GET;
    }

    @Override
    public final String getTargetRestEndpointURL() {
        return url;
    }

    @Override
    public final Collection<? extends RestAPIVersion<?>> getSupportedAPIVersions() {
        return List.of(SqlGatewayRestAPIVersion.getDefaultVersion());
    }

    @Override
    public final String operationId() {
        return operationId;
    }
}
