package io.github.sqlguard.service;

import io.github.sqlguard.rewrite.ProvenFixes;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.StillReported;
import io.github.sqlguard.rules.Finding;

import java.util.List;

/**
 * What the guard said about one operation, kept for clients that show advisories after a
 * statement (the SQL Client hook, REST callers).
 *
 * @param operationHandle the operation the statement became
 * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK} or {@code UNANALYSED}
 * @param statementKind the statement's kind, e.g. {@code QUERY}
 * @param findings every finding, BLOCK first
 * @param rewrites the proven rewrites of the findings ({@link Rewrite#answers}), the preferred first
 * @param rewritesPending true while the rewrites of a statement that ran are still being proven
 * @param docsBaseUrl {@code sql-guard.docs-base-url} of the policy the statement was judged under
 *     ({@link io.github.sqlguard.policy.Policy#docsBaseUrl}): a finding's {@code see:} link is this
 *     followed by its {@link Finding#docLink} ({@link Finding#describe(String)}), as in the gateway's
 *     refusal; empty where it is not known (an advisory of a gateway from before round 44)
 */
public record Advisory(
        String operationHandle, String verdict, String statementKind, List<Finding> findings, List<Rewrite> rewrites,
        boolean rewritesPending, String docsBaseUrl) {

    public Advisory {
        findings = List.copyOf(findings);
        rewrites = List.copyOf(rewrites);
        docsBaseUrl = docsBaseUrl == null ? "" : docsBaseUrl;
    }

    /** An advisory with no rewrites, its links the findings' paths. */
    public Advisory(String operationHandle, String verdict, String statementKind, List<Finding> findings) {
        this(operationHandle, verdict, statementKind, findings, List.of(), false, "");
    }

    /**
     * The characters of text this advisory holds (its findings' and rewrites' strings): what keeping
     * it costs, within a constant factor.
     */
    public long textLength() {
        long length = 0;
        for (Finding f : findings) {
            length += len(f.reason()) + len(f.node()) + len(f.excerpt()) + len(f.fix()) + len(f.docLink());
        }
        for (Rewrite r : rewrites) {
            length += len(r.sql()) + len(r.statement()) + len(r.changes()) + len(r.chosen()) + len(r.columns())
                    + len(r.findingNode()) + r.operators().stream().mapToLong(Advisory::len).sum()
                    + StillReported.printed(r.remaining()).stream().mapToLong(Advisory::len).sum();
        }
        return length;
    }

    private static long len(String text) {
        return text == null ? 0 : text.length();
    }

    /** The proven rewrites of {@code finding}, the preferred first. */
    public List<Rewrite> rewritesOf(Finding finding) {
        return rewrites.stream().filter(r -> r.answers(finding)).toList();
    }

    /** This advisory with the rewrites proven after its statement ran. */
    public Advisory withRewrites(List<Rewrite> proven) {
        List<Finding> settled = findings.stream().map(f -> ProvenFixes.settle(f, proven)).toList();
        return new Advisory(operationHandle, verdict, statementKind, settled, proven, false, docsBaseUrl);
    }

    /** This advisory, its rewrites still being proven. */
    public Advisory pending() {
        return new Advisory(operationHandle, verdict, statementKind, findings, rewrites, true, docsBaseUrl);
    }
}
