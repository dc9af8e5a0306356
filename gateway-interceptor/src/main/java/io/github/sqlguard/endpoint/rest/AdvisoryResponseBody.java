package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.StillReported;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Advisory;

import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON body of the advisory routes: what the guard said about one operation.
 *
 * <pre>{@code
 * {"operationHandle": "…", "verdict": "WARN", "statementKind": "QUERY",
 *  "findings": [{"ruleId": "stateful-without-ttl", "level": "WARN", "reason": "…", "node": "GroupAggregate(…)",
 *                "excerpt": "==> GroupAggregate(…)\n   +- …", "fix": "…", "docLink": "docs/rules/stateful-without-ttl.md",
 *                "planNode": 4}],
 *  "rewrites": [{"ruleId": "stateful-without-ttl", "findingNode": "GroupAggregate[4](…)", "family": "state-ttl-hint",
 *                "sql": "SELECT /*+ STATE_TTL(…) *&#47; …;", "statement": "…", "operators": ["GroupAggregate"],
 *                "columns": "same", "changes": "…", "chosen": "…", "view": null, "remaining": [], "planNodes": [4],
 *                "restores": true, "alsoAnswers": [{"ruleId": "…", "findingNode": "…", "planNodes": [7]}]}],
 *  "rewritesPending": false, "docsBaseUrl": "https://github.com/sql-guard/flink-sql-guard/blob/main/"}
 * }</pre>
 *
 * A rewrite answers the finding with its {@code ruleId} whose {@code planNode} is among its {@code
 * planNodes} (a finding about no plan node: whose {@code node} is its {@code findingNode}); a rewrite's {@code
 * restores} is false where the statement restores state (its session names a savepoint) and the rewrite, judged as
 * that restore, does not keep it (its {@code changes} say what is lost; {@link Rewrite#restores()}), so that a client
 * can leave it out (absent from a gateway before round 56: read as true). A rewrite is written once however many
 * findings it answers (one {@code SET} of the state TTL for a Top-N, an aggregation and a sink): {@code alsoAnswers}
 * names the others, each as a rewrite names its first (absent from a gateway before round 68, which repeated the
 * rewrite). {@code rewritesPending}
 * is true while the rewrites of a statement that ran are still being proven (the routes wait for
 * them, within {@code sql-guard.rewrite.timeout}). {@code docsBaseUrl} is the {@code sql-guard.docs-base-url}
 * the statement was judged under: a finding's page is it followed by the {@code docLink} path, the link
 * the gateway's refusal shows ({@link Advisory#docsBaseUrl}; absent from a gateway before round 44).
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

    @JsonProperty("rewrites")
    private final List<RewriteBody> rewrites;

    @JsonProperty("rewritesPending")
    private final boolean rewritesPending;

    @JsonProperty("docsBaseUrl")
    private final String docsBaseUrl;

    @JsonCreator
    public AdvisoryResponseBody(
            @JsonProperty("operationHandle") String operationHandle,
            @JsonProperty("verdict") String verdict,
            @JsonProperty("statementKind") String statementKind,
            @JsonProperty("findings") List<FindingBody> findings,
            @JsonProperty("rewrites") List<RewriteBody> rewrites,
            @JsonProperty("rewritesPending") boolean rewritesPending,
            @JsonProperty("docsBaseUrl") String docsBaseUrl) {
        this.operationHandle = operationHandle;
        this.verdict = verdict;
        this.statementKind = statementKind;
        this.findings = findings == null ? List.of() : List.copyOf(findings);
        this.rewrites = rewrites == null ? List.of() : List.copyOf(rewrites);
        this.rewritesPending = rewritesPending;
        this.docsBaseUrl = docsBaseUrl;
    }

    /** The body of an advisory. */
    public static AdvisoryResponseBody of(Advisory advisory) {
        return new AdvisoryResponseBody(
                advisory.operationHandle(),
                advisory.verdict(),
                advisory.statementKind(),
                advisory.findings().stream().map(FindingBody::of).toList(),
                shownOnce(advisory.rewrites()),
                advisory.rewritesPending(),
                advisory.docsBaseUrl());
    }

    /**
     * The bodies of {@code rewrites}, each SQL once: a rewrite whose SQL an earlier one has (one {@code SET} of the
     * state TTL answering a Top-N, an aggregation and a sink) is named in that one's {@code alsoAnswers} by the finding
     * it answers, not written out again (issue 30, round 68; {@link io.github.sqlguard.rewrite.RewritesShownOnce} for
     * the texts). The audit record keeps every rewrite of every finding.
     */
    static List<RewriteBody> shownOnce(List<Rewrite> rewrites) {
        Map<String, Rewrite> first = new LinkedHashMap<>();
        Map<String, List<AnsweredBody>> also = new HashMap<>();
        for (Rewrite rewrite : rewrites) {
            if (first.putIfAbsent(rewrite.sql(), rewrite) != null) {
                also.computeIfAbsent(rewrite.sql(), s -> new ArrayList<>()).add(AnsweredBody.of(rewrite));
            }
        }
        return first.values().stream().map(r -> RewriteBody.of(r, also.getOrDefault(r.sql(), List.of()))).toList();
    }

    public List<RewriteBody> getRewrites() {
        return rewrites;
    }

    public boolean isRewritesPending() {
        return rewritesPending;
    }

    public String getDocsBaseUrl() {
        return docsBaseUrl;
    }

    /** One proven rewrite, as {@link Rewrite} carries it. */
    public static final class RewriteBody {

        @JsonProperty("ruleId")
        private final String ruleId;
        @JsonProperty("findingNode")
        private final String findingNode;
        @JsonProperty("family")
        private final String family;
        @JsonProperty("sql")
        private final String sql;
        @JsonProperty("statement")
        private final String statement;
        @JsonProperty("operators")
        private final List<String> operators;
        @JsonProperty("columns")
        private final String columns;
        @JsonProperty("changes")
        private final String changes;
        @JsonProperty("chosen")
        private final String chosen;
        @JsonProperty("view")
        private final String view;
        @JsonProperty("remaining")
        private final List<String> remaining;
        @JsonProperty("planNodes")
        private final List<Integer> planNodes;
        @JsonProperty("restores")
        private final boolean restores;
        @JsonProperty("alsoAnswers")
        private final List<AnsweredBody> alsoAnswers;

        /** A rewrite that answers one finding. */
        public RewriteBody(
                String ruleId, String findingNode, String family, String sql, String statement, List<String> operators,
                String columns, String changes, String chosen, String view, List<String> remaining, List<Integer> planNodes,
                Boolean restores) {
            this(ruleId, findingNode, family, sql, statement, operators, columns, changes, chosen, view, remaining,
                    planNodes, restores, List.of());
        }

        @JsonCreator
        public RewriteBody(
                @JsonProperty("ruleId") String ruleId,
                @JsonProperty("findingNode") String findingNode,
                @JsonProperty("family") String family,
                @JsonProperty("sql") String sql,
                @JsonProperty("statement") String statement,
                @JsonProperty("operators") List<String> operators,
                @JsonProperty("columns") String columns,
                @JsonProperty("changes") String changes,
                @JsonProperty("chosen") String chosen,
                @JsonProperty("view") String view,
                @JsonProperty("remaining") List<String> remaining,
                @JsonProperty("planNodes") List<Integer> planNodes,
                @JsonProperty("restores") Boolean restores,
                @JsonProperty("alsoAnswers") List<AnsweredBody> alsoAnswers) {
            this.ruleId = ruleId;
            this.findingNode = findingNode;
            this.family = family;
            this.sql = sql;
            this.statement = statement;
            this.operators = operators == null ? List.of() : List.copyOf(operators);
            this.columns = columns;
            this.changes = changes;
            this.chosen = chosen;
            this.view = view;
            this.remaining = remaining == null ? List.of() : List.copyOf(remaining);
            this.planNodes = planNodes == null ? List.of() : List.copyOf(planNodes);
            // A gateway before round 56 sends none: its rewrites were not judged as a restore.
            this.restores = restores == null || restores;
            // A gateway before round 68 sends none: it wrote a rewrite out again under each finding it answers.
            this.alsoAnswers = alsoAnswers == null ? List.of() : List.copyOf(alsoAnswers);
        }

        /** The body of {@code rewrite} as it may be shown ({@link Rewrite#shown()}: its secrets masked). */
        static RewriteBody of(Rewrite proven) {
            return of(proven, List.of());
        }

        /** The body of {@code proven}, which answers the findings of {@code alsoAnswers} too. */
        static RewriteBody of(Rewrite proven, List<AnsweredBody> alsoAnswers) {
            Rewrite rewrite = proven.shown();
            return new RewriteBody(
                    rewrite.ruleId(), rewrite.findingNode(), rewrite.family(), rewrite.sql(), rewrite.statement(),
                    rewrite.operators(), rewrite.columns(), rewrite.changes(), rewrite.chosen(), rewrite.view().orElse(null),
                    StillReported.printed(rewrite.remaining()), rewrite.planNodes(), rewrite.restores(), alsoAnswers);
        }

        /** The rewrite this body carries, as the answer to its first finding. */
        public Rewrite toRewrite() {
            return new Rewrite(ruleId, findingNode, family, sql, statement, operators, columns, changes, chosen,
                    Optional.ofNullable(view), StillReported.parsed(remaining), planNodes, Optional.empty(), restores);
        }

        /** The rewrite this body carries, once per finding it answers: its first, then those of {@code alsoAnswers}. */
        public List<Rewrite> toRewrites() {
            List<Rewrite> out = new ArrayList<>();
            out.add(toRewrite());
            for (AnsweredBody answered : alsoAnswers) {
                out.add(new Rewrite(answered.ruleId, answered.findingNode, family, sql, statement, operators, columns,
                        changes, chosen, Optional.ofNullable(view), StillReported.parsed(remaining), answered.planNodes,
                        Optional.empty(), restores));
            }
            return out;
        }

        public List<AnsweredBody> getAlsoAnswers() {
            return alsoAnswers;
        }

        public String getRuleId() {
            return ruleId;
        }

        public String getFamily() {
            return family;
        }

        public String getSql() {
            return sql;
        }

        public boolean isRestores() {
            return restores;
        }
    }

    /** A further finding a rewrite answers: its rule, node and plan node, as {@link RewriteBody} names its first. */
    public static final class AnsweredBody {

        @JsonProperty("ruleId")
        private final String ruleId;
        @JsonProperty("findingNode")
        private final String findingNode;
        @JsonProperty("planNodes")
        private final List<Integer> planNodes;

        @JsonCreator
        public AnsweredBody(
                @JsonProperty("ruleId") String ruleId,
                @JsonProperty("findingNode") String findingNode,
                @JsonProperty("planNodes") List<Integer> planNodes) {
            this.ruleId = ruleId;
            this.findingNode = findingNode;
            this.planNodes = planNodes == null ? List.of() : List.copyOf(planNodes);
        }

        static AnsweredBody of(Rewrite rewrite) {
            return new AnsweredBody(rewrite.ruleId(), rewrite.shown().findingNode(), rewrite.planNodes());
        }

        public String getRuleId() {
            return ruleId;
        }

        public String getFindingNode() {
            return findingNode;
        }

        public List<Integer> getPlanNodes() {
            return planNodes;
        }
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

        @JsonProperty("planNode")
        private final Integer planNode;

        @JsonCreator
        public FindingBody(
                @JsonProperty("ruleId") String ruleId,
                @JsonProperty("level") String level,
                @JsonProperty("reason") String reason,
                @JsonProperty("node") String node,
                @JsonProperty("excerpt") String excerpt,
                @JsonProperty("fix") String fix,
                @JsonProperty("docLink") String docLink,
                @JsonProperty("planNode") Integer planNode) {
            this.ruleId = ruleId;
            this.level = level;
            this.reason = reason;
            this.node = node;
            this.excerpt = excerpt;
            this.fix = fix;
            this.docLink = docLink;
            this.planNode = planNode;
        }

        static FindingBody of(Finding finding) {
            return new FindingBody(
                    finding.ruleId(), finding.level().name(), finding.reason(), finding.node(), finding.excerpt(),
                    finding.fix(), finding.docLink(), finding.planNode().orElse(null));
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

        public Integer getPlanNode() {
            return planNode;
        }
    }
}
