package io.github.sqlguard.endpoint.rest;

import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The JSON body of {@code GET /sql-guard/v1/sessions/:session_handle/advisories}: the advisories of
 * the session's most recent operations, oldest first: {@code {"advisories": [ {…}, … ]}}, each
 * shaped as {@link AdvisoryResponseBody}.
 *
 * <p>Stability: public, evolving.
 */
public final class SessionAdvisoriesResponseBody implements ResponseBody {

    @JsonProperty("advisories")
    private final List<AdvisoryResponseBody> advisories;

    @JsonCreator
    public SessionAdvisoriesResponseBody(@JsonProperty("advisories") List<AdvisoryResponseBody> advisories) {
        this.advisories = advisories == null ? List.of() : List.copyOf(advisories);
    }

    public List<AdvisoryResponseBody> getAdvisories() {
        return advisories;
    }
}
