package io.github.sqlguard.endpoint.rest;

import org.apache.flink.table.gateway.rest.message.session.SessionHandleIdPathParameter;
import org.apache.flink.table.gateway.rest.message.session.SessionMessageParameters;

/**
 * {@code GET /sql-guard/v1/sessions/:session_handle/advisories}: the advisories of a session's most
 * recent operations, oldest first ({@link SessionAdvisoriesResponseBody}); 404 for a session the
 * guard does not know. Clients that do not see operation handles (such as Flink's SQL Client
 * executor) read the advisories that are new since their last statement.
 *
 * <p>Stability: public, evolving.
 */
public final class SessionAdvisoriesHeaders
        extends GuardGetHeaders<SessionAdvisoriesResponseBody, SessionMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL = "/sql-guard/v1/sessions/:" + SessionHandleIdPathParameter.KEY + "/advisories";

    private static final SessionAdvisoriesHeaders INSTANCE = new SessionAdvisoriesHeaders();

    private SessionAdvisoriesHeaders() {
        super(
                URL,
                SessionAdvisoriesResponseBody.class,
                "The Flink SQL Guard advisories of a session's most recent operations.",
                "getSqlGuardSessionAdvisories");
    }

    public static SessionAdvisoriesHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public SessionMessageParameters getUnresolvedMessageParameters() {
        return new SessionMessageParameters();
    }
}
