package io.github.sqlguard.lint;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rules.Level;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The guard's verdict on one statement of a script.
 *
 * @param file the script, as given on the command line
 * @param line 1-based line of the statement's first code character
 * @param column 1-based column of that character
 * @param textLine 1-based line of the first character of {@code text}: its first leading comment, or its code
 *     ({@code ScriptSplitter.Statement#textLine})
 * @param textColumn 1-based column of that character
 * @param text the statement as written (leading comments kept, no terminating {@code ;})
 * @param kind the statement kind, e.g. {@code QUERY}
 * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK} or {@code UNANALYSED}
 * @param findings the findings, BLOCK first
 * @param applied whether the statement took effect in the lint session (DDL, SET, ...)
 * @param standIn with {@code --stand-in-connectors}: the note that the statement was planned through
 *     (or registered) a stand-in connector, which every finding of it carries; empty otherwise
 * @param plan the plan the guard judged, when the statement was planned
 * @param facts the Flink version, stateful operators, state TTLs and Flink's refusal, for {@code
 *     compare}
 * @param rewrites the preferred proven rewrite of each finding that has one (the guard's {@code
 *     Rewrites#first}, paired with the finding as lint located it)
 */
public record LintedStatement(
        String file, int line, int column, int textLine, int textColumn, String text, String kind, String verdict, List<LintFinding> findings,
        boolean applied, String standIn, Optional<ExplainedPlan> plan, StatementFacts facts,
        Map<LintFinding, Rewrite> rewrites) {

    public LintedStatement {
        findings = List.copyOf(findings);
        rewrites = Map.copyOf(rewrites);
    }

    /** A statement without rewrites. */
    public LintedStatement(
            String file, int line, int column, int textLine, int textColumn, String text, String kind, String verdict,
            List<LintFinding> findings, boolean applied, String standIn, Optional<ExplainedPlan> plan, StatementFacts facts) {
        this(file, line, column, textLine, textColumn, text, kind, verdict, findings, applied, standIn, plan, facts, Map.of());
    }

    /** The preferred proven rewrite of {@code finding}, if one was proven. */
    public Optional<Rewrite> rewriteOf(LintFinding finding) {
        return Optional.ofNullable(rewrites.get(finding));
    }

    /** A statement without leading comments planned with the real environment (no stand-in), its plan not kept. */
    public LintedStatement(
            String file, int line, int column, String text, String kind, String verdict, List<LintFinding> findings,
            boolean applied) {
        this(file, line, column, line, column, text, kind, verdict, findings, applied, "", Optional.empty(),
                StatementFacts.NONE);
    }

    /** True when the statement was planned through (or registered) a stand-in connector. */
    public boolean plansWithStandIn() {
        return !standIn.isEmpty();
    }

    /** The highest level among the findings, {@link Level#OFF} when there are none. */
    public Level level() {
        return findings.stream().map(LintFinding::level).max(Level::compareTo).orElse(Level.OFF);
    }
}
