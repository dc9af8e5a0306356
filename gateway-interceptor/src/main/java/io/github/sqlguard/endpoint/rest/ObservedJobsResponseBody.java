package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

/**
 * The JSON body of {@code GET /sql-guard/v1/jobs}: {@code {"observing": true, "jobs": [ … ]}},
 * each job shaped as its latest {@code jobObserved} audit record ({@code
 * io.github.sqlguard.audit.ObservedStateRecord}: {@code decisionId}, {@code jobId}, {@code verdict},
 * {@code outcome}, {@code operators}, {@code findings}, {@code advisories}, …), so the route and the
 * audit say the same thing in the same words.
 *
 * <p>Stability: public, evolving.
 */
public final class ObservedJobsResponseBody implements ResponseBody {

    @JsonProperty("observing")
    private final boolean observing;

    @JsonProperty("jobs")
    private final JsonNode jobs;

    @JsonCreator
    public ObservedJobsResponseBody(@JsonProperty("observing") boolean observing, @JsonProperty("jobs") JsonNode jobs) {
        this.observing = observing;
        this.jobs = jobs;
    }

    public boolean isObserving() {
        return observing;
    }

    public JsonNode getJobs() {
        return jobs;
    }
}
