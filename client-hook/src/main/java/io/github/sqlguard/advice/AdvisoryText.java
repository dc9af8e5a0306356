package io.github.sqlguard.advice;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;
import io.github.sqlguard.statement.StatementKind;

/**
 * Terminal text of an advisory: a headline, then each WARN/INFO finding as {@link Finding#describe()}.
 * An {@code EXPLAIN}'s advisory is not shown: its findings are already in the EXPLAIN's result
 * (the gateway's {@code == SQL Guard ==} section).
 */
public final class AdvisoryText {

    private AdvisoryText() {}

    /**
     * The text shown under a statement's result; empty when the advisory has no WARN or INFO
     * finding, or is an {@code EXPLAIN}'s.
     */
    public static String of(Advisory advisory) {
        if (advisory.statementKind().equals(StatementKind.EXPLAIN.name())) {
            return "";
        }
        var shown =
                advisory.findings().stream().filter(f -> f.level() == Level.WARN || f.level() == Level.INFO).toList();
        if (shown.isEmpty()) {
            return "";
        }
        long warnings = shown.stream().filter(f -> f.level() == Level.WARN).count();
        StringBuilder out = new StringBuilder();
        out.append(warnings > 0 ? "[WARNING] " : "[INFO] ")
                .append("sql-guard: the statement ran with ")
                .append(shown.size())
                .append(shown.size() == 1 ? " advisory" : " advisories")
                .append(" (verdict ")
                .append(advisory.verdict())
                .append("):\n");
        for (Finding finding : shown) {
            out.append('\n').append(finding.describe());
        }
        return out.toString();
    }
}
