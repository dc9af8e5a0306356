package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Advisory;

import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The JSON body of the advisory routes: what the guard said about one operation.
 *
 * <pre>{@code
 * {"operationHandle": "…", "verdict": "WARN", "statementKind": "QUERY",
 *  "findings": [{"ruleId": "stateful-without-ttl", "level": "WARN", "reason": "…", "node": "GroupAggregate(…)",
 *                "excerpt": "==> GroupAggregate(…)\n   +- …", "fix": "…", "docLink": "docs/rules/stateful-without-ttl.md"}]}
 * }</pre>
 *
 * <p>Stability: public, evolving (fields may be added, none removed).
 */
public final class AdvisoryResponseBody implements ResponseBody {

    @JsonProperty("operationHandle")
    private final String operationHandle;

    @JsonProperty("verdict")
    private final String verdict;

    @JsonProperty("statementKind")
    private final String statementKind;

    @JsonProperty("findings")
    private final List<FindingBody> findings;

    @JsonCreator
    public AdvisoryResponseBody(
            @JsonProperty("operationHandle") String operationHandle,
            @JsonProperty("verdict") String verdict,
            @JsonProperty("statementKind") String statementKind,
            @JsonProperty("findings") List<FindingBody> findings) {
        this.operationHandle = operationHandle;
        this.verdict = verdict;
        this.statementKind = statementKind;
        this.findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** The body of an advisory. */
    public static AdvisoryResponseBody of(Advisory advisory) {
        return new AdvisoryResponseBody(
                advisory.operationHandle(),
                advisory.verdict(),
                advisory.statementKind(),
                advisory.findings().stream().map(FindingBody::of).toList());
    }

    public String getOperationHandle() {
        return operationHandle;
    }

    public String getVerdict() {
        return verdict;
    }

    public String getStatementKind() {
        return statementKind;
    }

    public List<FindingBody> getFindings() {
        return findings;
    }

    /** One finding, as {@link Finding} carries it. */
    public static final class FindingBody {

        @JsonProperty("ruleId")
        private final String ruleId;

        @JsonProperty("level")
        private final String level;

        @JsonProperty("reason")
        private final String reason;

        @JsonProperty("node")
        private final String node;

        @JsonProperty("excerpt")
        private final String excerpt;

        @JsonProperty("fix")
        private final String fix;

        @JsonProperty("docLink")
        private final String docLink;

        @JsonCreator
        public FindingBody(
                @JsonProperty("ruleId") String ruleId,
                @JsonProperty("level") String level,
                @JsonProperty("reason") String reason,
                @JsonProperty("node") String node,
                @JsonProperty("excerpt") String excerpt,
                @JsonProperty("fix") String fix,
                @JsonProperty("docLink") String docLink) {
            this.ruleId = ruleId;
            this.level = level;
            this.reason = reason;
            this.node = node;
            this.excerpt = excerpt;
            this.fix = fix;
            this.docLink = docLink;
        }

        static FindingBody of(Finding finding) {
            return new FindingBody(
                    finding.ruleId(), finding.level().name(), finding.reason(), finding.node(), finding.excerpt(),
                    finding.fix(), finding.docLink());
        }

        public String getRuleId() {
            return ruleId;
        }

        public String getLevel() {
            return level;
        }

        public String getReason() {
            return reason;
        }

        public String getNode() {
            return node;
        }

        public String getExcerpt() {
            return excerpt;
        }

        public String getFix() {
            return fix;
        }

        public String getDocLink() {
            return docLink;
        }
    }
}
