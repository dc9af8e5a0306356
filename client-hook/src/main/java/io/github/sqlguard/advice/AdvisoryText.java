package io.github.sqlguard.advice;

import io.github.sqlguard.rewrite.RewritesShownOnce;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;
import io.github.sqlguard.statement.StatementKind;

/**
 * Terminal text of an advisory: a headline, then each finding as {@link Finding#describe(String)}
 * with its {@code see:} link under the gateway's {@code sql-guard.docs-base-url} ({@link
 * Advisory#docsBaseUrl}, the link the gateway's refusal shows), each followed by its proven rewrites ({@code Rewrite#describe()}, the refusal's text), one that answers
 * several findings written out once ({@link RewritesShownOnce}). An
 * advisory reaches a client only for a statement that ran, so a BLOCK finding in it is one the
 * gateway let through in report mode ({@code sql-guard.mode: report}, audited {@code would-block}):
 * the headline says the guard would refuse the statement when it enforces. An {@code EXPLAIN}'s
 * advisory is not shown: its findings are already in the EXPLAIN's result (the gateway's {@code ==
 * SQL Guard ==} section).
 */
public final class AdvisoryText {

    private AdvisoryText() {}

    /**
     * The text shown under the result of a statement that ran; empty when the advisory has no
     * finding, or is an {@code EXPLAIN}'s.
     */
    public static String of(Advisory advisory) {
        if (advisory.statementKind().equals(StatementKind.EXPLAIN.name())) {
            return "";
        }
        var shown = advisory.findings();
        if (shown.isEmpty()) {
            return "";
        }
        boolean wouldBlock = shown.stream().anyMatch(f -> f.level() == Level.BLOCK);
        boolean warned = wouldBlock || shown.stream().anyMatch(f -> f.level() == Level.WARN);
        StringBuilder out = new StringBuilder();
        out.append(warned ? "[WARNING] " : "[INFO] ");
        if (wouldBlock) {
            out.append("sql-guard (report mode): the guard would refuse this statement when it enforces its policy;"
                    + " it ran with ");
        } else {
            out.append("sql-guard: the statement ran with ");
        }
        out.append(Level.counted(shown.stream().map(Finding::level).toList()))
                .append(" (verdict ")
                .append(advisory.verdict())
                .append("):\n");
        // One SET of the state TTL answering the Top-N, the aggregation and the sink is written out once ({@link
        // RewritesShownOnce}), as the gateway's refusal writes it.
        RewritesShownOnce once = new RewritesShownOnce(shown, advisory::rewritesOf);
        for (Finding finding : shown) {
            out.append('\n').append(finding.describe(advisory.docsBaseUrl()));
            advisory.rewritesOf(finding).forEach(rewrite -> out.append(once.describe(finding, rewrite)));
        }
        return out.toString();
    }
}
