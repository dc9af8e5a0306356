package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.HttpMethodWrapper;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.versioning.RestAPIVersion;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.rest.header.SqlGatewayMessageHeaders;
import org.apache.flink.table.gateway.rest.message.operation.OperationHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.operation.OperationMessageParameters;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import java.util.Collection;
import java.util.List;

/**
 * {@code GET /sql-guard/v1/sessions/:session_handle/operations/:operation_handle/advisory}: the
 * guard's advisory of one operation ({@link AdvisoryResponseBody}); 404 when the guard keeps none
 * for it (an unknown session or operation, or one older than the most recent 256 of its session).
 *
 * <p>Served beside the standard routes by {@link GuardRestEndpoint}, unversioned and under Flink's
 * current REST version prefix. Stability: public, evolving.
 */
public final class AdvisoryHeaders
        implements SqlGatewayMessageHeaders<EmptyRequestBody, AdvisoryResponseBody, OperationMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL =
            "/sql-guard/v1/sessions/:" + SessionHandleIdPathParameter.KEY + "/operations/:"
                    + OperationHandleIdPathParameter.KEY + "/advisory";

    private static final AdvisoryHeaders INSTANCE = new AdvisoryHeaders();

    private AdvisoryHeaders() {}

    public static AdvisoryHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public Class<AdvisoryResponseBody> getResponseClass() {
        return AdvisoryResponseBody.class;
    }

    @Override
    public HttpResponseStatus getResponseStatusCode() {
        return HttpResponseStatus.OK;
    }

    @Override
    public String getDescription() {
        return "The Flink SQL Guard advisory (verdict and findings) of an operation.";
    }

    @Override
    public Class<EmptyRequestBody> getRequestClass() {
        return EmptyRequestBody.class;
    }

    @Override
    public OperationMessageParameters getUnresolvedMessageParameters() {
        return new OperationMessageParameters();
    }

    @Override
    public HttpMethodWrapper getHttpMethod() {
        return HttpMethodWrapper.GET;
    }

    @Override
    public String getTargetRestEndpointURL() {
        return URL;
    }

    @Override
    public Collection<? extends RestAPIVersion<?>> getSupportedAPIVersions() {
        // One version only: the route is versioned by its own path (sql-guard/v1).
        return List.of(SqlGatewayRestAPIVersion.getDefaultVersion());
    }

    @Override
    public String operationId() {
        return "getSqlGuardAdvisory";
    }
}
