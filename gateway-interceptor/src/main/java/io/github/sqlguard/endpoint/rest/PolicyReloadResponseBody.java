package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.policy.PolicyReloader;

import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The JSON body of {@code POST /sql-guard/v1/policy/reload}: {@code {"outcome": "applied" |
 * "unchanged", "previousHash": …, "policyHash": …, "restartRequired": [keys], "configFile": …}}.
 *
 * <p>Stability: public, evolving.
 */
public final class PolicyReloadResponseBody implements ResponseBody {

    @JsonProperty("outcome")
    private final String outcome;

    @JsonProperty("previousHash")
    private final String previousHash;

    @JsonProperty("policyHash")
    private final String policyHash;

    @JsonProperty("restartRequired")
    private final List<String> restartRequired;

    @JsonProperty("configFile")
    private final String configFile;

    @JsonCreator
    public PolicyReloadResponseBody(
            @JsonProperty("outcome") String outcome,
            @JsonProperty("previousHash") String previousHash,
            @JsonProperty("policyHash") String policyHash,
            @JsonProperty("restartRequired") List<String> restartRequired,
            @JsonProperty("configFile") String configFile) {
        this.outcome = outcome;
        this.previousHash = previousHash;
        this.policyHash = policyHash;
        this.restartRequired = restartRequired == null ? List.of() : List.copyOf(restartRequired);
        this.configFile = configFile;
    }

    static PolicyReloadResponseBody of(PolicyReloader.Result result) {
        return new PolicyReloadResponseBody(
                result.outcome().name().toLowerCase(),
                result.previousHash(),
                result.policyHash(),
                result.restartRequired(),
                result.configFile().toString());
    }

    public String getOutcome() {
        return outcome;
    }

    public String getPreviousHash() {
        return previousHash;
    }

    public String getPolicyHash() {
        return policyHash;
    }

    public List<String> getRestartRequired() {
        return restartRequired;
    }

    public String getConfigFile() {
        return configFile;
    }
}
