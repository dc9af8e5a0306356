package io.github.sqlguard.advice;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;

/** Terminal text of an advisory: a headline, then each WARN/INFO finding as {@link Finding#describe()}. */
public final class AdvisoryText {

    private AdvisoryText() {}

    /** The text shown under a statement's result; empty when the advisory has no WARN or INFO finding. */
    public static String of(Advisory advisory) {
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
