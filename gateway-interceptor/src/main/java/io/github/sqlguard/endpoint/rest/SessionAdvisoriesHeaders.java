package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.HttpMethodWrapper;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.versioning.RestAPIVersion;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.rest.header.SqlGatewayMessageHeaders;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.session.SessionMessageParameters;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import java.util.Collection;
import java.util.List;

/**
 * {@code GET /sql-guard/v1/sessions/:session_handle/advisories}: the advisories of a session's most
 * recent operations, oldest first ({@link SessionAdvisoriesResponseBody}); 404 for a session the
 * guard does not know. Clients that do not see operation handles (such as Flink's SQL Client
 * executor) read the advisories that are new since their last statement.
 *
 * <p>Stability: public, evolving.
 */
public final class SessionAdvisoriesHeaders
        implements SqlGatewayMessageHeaders<EmptyRequestBody, SessionAdvisoriesResponseBody, SessionMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL = "/sql-guard/v1/sessions/:" + SessionHandleIdPathParameter.KEY + "/advisories";

    private static final SessionAdvisoriesHeaders INSTANCE = new SessionAdvisoriesHeaders();

    private SessionAdvisoriesHeaders() {}

    public static SessionAdvisoriesHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public Class<SessionAdvisoriesResponseBody> getResponseClass() {
        return SessionAdvisoriesResponseBody.class;
    }

    @Override
    public HttpResponseStatus getResponseStatusCode() {
        return HttpResponseStatus.OK;
    }

    @Override
    public String getDescription() {
        return "The Flink SQL Guard advisories of a session's most recent operations.";
    }

    @Override
    public Class<EmptyRequestBody> getRequestClass() {
        return EmptyRequestBody.class;
    }

    @Override
    public SessionMessageParameters getUnresolvedMessageParameters() {
        return new SessionMessageParameters();
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
        return List.of(SqlGatewayRestAPIVersion.getDefaultVersion());
    }

    @Override
    public String operationId() {
        return "getSqlGuardSessionAdvisories";
    }
}
