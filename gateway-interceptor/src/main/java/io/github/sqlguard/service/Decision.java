package io.github.sqlguard.service;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedStatement;

import java.time.Duration;
import java.util.Optional;

/**
 * The guard's decision on one statement or configuration call, before it is acted on.
 *
 * @param statement the parsed statement
 * @param verdict the findings and their highest level
 * @param plan the plan the rules looked at, if the statement was planned
 * @param effectiveStateTtl the state TTL that applies (0 = never expires)
 * @param unanalysedReason why the guard could not analyse the statement, or {@code null}
 * @param refuse true when the statement must not run (a BLOCK finding, or unanalysed with fail
 *     mode {@code closed})
 * @param analysisMs time the guard spent, in milliseconds
 */
public record Decision(
        ParsedStatement statement,
        Verdict verdict,
        Optional<ExplainedPlan> plan,
        Duration effectiveStateTtl,
        String unanalysedReason,
        boolean refuse,
        long analysisMs) {

    /** {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK}, or {@code UNANALYSED}. */
    public String verdictLabel() {
        if (unanalysedReason != null && verdict.level() != Level.BLOCK) {
            return "UNANALYSED";
        }
        return verdict.label();
    }

    /**
     * The error text a client shows for a refused statement: a headline with the rule ids, then
     * each finding (BLOCK first) with its reason, plan excerpt, fix and doc page.
     */
    public String refusalMessage() {
        StringBuilder out = new StringBuilder();
        if (verdict.blocked()) {
            out.append("[sql-guard] Statement blocked by policy: ");
            out.append(String.join(", ", verdict.findings(Level.BLOCK).stream().map(Finding::ruleId).toList()));
            out.append('\n');
        } else {
            out.append("[sql-guard] Statement refused: the guard could not analyse it (")
                    .append(unanalysedReason)
                    .append(") and sql-guard.fail-mode is 'closed'.\n");
        }
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (Finding finding : verdict.findings(level)) {
                out.append('\n').append(finding.describe());
            }
        }
        return out.toString().stripTrailing();
    }
}
