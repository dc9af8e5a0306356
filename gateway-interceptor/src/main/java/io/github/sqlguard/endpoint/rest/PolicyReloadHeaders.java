package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.HttpMethodWrapper;
import org.apache.flink.runtime.rest.messages.EmptyMessageParameters;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.versioning.RestAPIVersion;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.rest.header.SqlGatewayMessageHeaders;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import java.util.Collection;
import java.util.List;

/**
 * {@code POST /sql-guard/v1/policy/reload}: re-reads the {@code sql-guard.*} options of the
 * gateway's {@code config.yaml} now ({@code PolicyReloader}); {@code 200} with {@link
 * PolicyReloadResponseBody} when the file's policy was applied or already in force, {@code 422}
 * with the reason when it was rejected (the policy in force stays). The request has no body: the
 * route cannot supply a policy, only make the gateway read its own file.
 *
 * <p>Served only when {@code sql-guard.admin.reload-route.enabled} is true. Stability: public,
 * evolving.
 */
public final class PolicyReloadHeaders
        implements SqlGatewayMessageHeaders<EmptyRequestBody, PolicyReloadResponseBody, EmptyMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL = "/sql-guard/v1/policy/reload";

    private static final PolicyReloadHeaders INSTANCE = new PolicyReloadHeaders();

    private PolicyReloadHeaders() {}

    public static PolicyReloadHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public Class<PolicyReloadResponseBody> getResponseClass() {
        return PolicyReloadResponseBody.class;
    }

    @Override
    public HttpResponseStatus getResponseStatusCode() {
        return HttpResponseStatus.OK;
    }

    @Override
    public String getDescription() {
        return "Re-reads the Flink SQL Guard policy (sql-guard.* options) from the gateway's config.yaml.";
    }

    @Override
    public Class<EmptyRequestBody> getRequestClass() {
        return EmptyRequestBody.class;
    }

    @Override
    public EmptyMessageParameters getUnresolvedMessageParameters() {
        return EmptyMessageParameters.getInstance();
    }

    @Override
    public HttpMethodWrapper getHttpMethod() {
        return HttpMethodWrapper.POST;
    }

    @Override
    public String getTargetRestEndpointURL() {
        return URL;
    }

    @Override
    public Collection<? extends RestAPIVersion<?>> getSupportedAPIVersions() {
        return List.of(SqlGatewayRestAPIVersion.getDefaultVersion());
    }

    @Override
    public String operationId() {
        return "reloadSqlGuardPolicy";
    }
}
