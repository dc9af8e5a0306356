package io.github.sqlguard.endpoint.rest;

import org.apache.flink.table.gateway.rest.message.operation.OperationHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.operation.OperationMessageParameters;
import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;

/**
 * {@code GET /sql-guard/v1/sessions/:session_handle/operations/:operation_handle/advisory}: the
 * guard's advisory of one operation ({@link AdvisoryResponseBody}); 404 when the guard keeps none
 * for it (an unknown session or operation, or one older than the most recent 256 of its session).
 *
 * <p>Served beside the standard routes by {@link GuardRestEndpoint}, unversioned and under Flink's
 * current REST version prefix. Stability: public, evolving.
 */
public final class AdvisoryHeaders
        extends GuardGetHeaders<AdvisoryResponseBody, OperationMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL =
            "/sql-guard/v1/sessions/:" + SessionHandleIdPathParameter.KEY + "/operations/:"
                    + OperationHandleIdPathParameter.KEY + "/advisory";

    private static final AdvisoryHeaders INSTANCE = new AdvisoryHeaders();

    private AdvisoryHeaders() {
        super(
                URL,
                AdvisoryResponseBody.class,
                "The Flink SQL Guard advisory (verdict and findings) of an operation.",
                "getSqlGuardAdvisory");
    }

    public static AdvisoryHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public OperationMessageParameters getUnresolvedMessageParameters() {
        return new OperationMessageParameters();
    }
}
