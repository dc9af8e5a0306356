package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.messages.EmptyMessageParameters;

/**
 * {@code GET /sql-guard/v1/jobs}: the jobs the guard let through whose state it watches, and the
 * most recent that left the watch, each with its statement's verdict, its findings on stateful
 * operators with their status ({@code confirmed}, {@code not-confirmed}, ...) and each operator's
 * observed state and trend ({@link ObservedJobsResponseBody}). Empty with {@code
 * sql-guard.observe.enabled: false}.
 *
 * <p>Stability: public, evolving.
 */
public final class ObservedJobsHeaders extends GuardGetHeaders<ObservedJobsResponseBody, EmptyMessageParameters> {

    /** The route, relative to the gateway's REST root. */
    public static final String URL = "/sql-guard/v1/jobs";

    private static final ObservedJobsHeaders INSTANCE = new ObservedJobsHeaders();

    private ObservedJobsHeaders() {
        super(
                URL,
                ObservedJobsResponseBody.class,
                "The jobs Flink SQL Guard let through, with their verdict, findings and observed state.",
                "getSqlGuardObservedJobs");
    }

    public static ObservedJobsHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public EmptyMessageParameters getUnresolvedMessageParameters() {
        return EmptyMessageParameters.getInstance();
    }
}
