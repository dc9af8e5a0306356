package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.ParsedStatement.LateralLimit;

import java.util.List;

/**
 * {@code lateral-top-n-unsupported}: a Top-N written as {@code LATERAL (... ORDER BY ... LIMIT n)}
 * that Flink's planner cannot decorrelate.
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20): {@code unexpected correlate variable $cor0 in the plan}
 * (Flink's {@code FlinkDecorrelateProgram}: a correlation left after decorrelation), for a statement
 * whose parse tree has a {@code LATERAL} subquery with a {@code LIMIT} ({@link LateralLimit}). Seen
 * on 2.3.0 for such a subquery with one more condition than the key equalities, with an {@code
 * OFFSET}, or over the keys of another table; the form correlated by the key equalities alone, over
 * {@code SELECT DISTINCT <keys>} of the same relation, plans as a {@code Rank} (cases 403, 428).
 */
public final class LateralTopNUnsupportedRule extends DiagnosisRule {

    public static final String ID = "lateral-top-n-unsupported";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID, "A Top-N written as `LATERAL (... ORDER BY ... LIMIT n)` that Flink cannot decorrelate.");

    public LateralTopNUnsupportedRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("unexpected correlate variable")
                && !context.statement().facts().lateralLimits().isEmpty();
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        LateralLimit lateral = context.statement().facts().lateralLimits().get(0);
        return "Flink could not decorrelate the LATERAL subquery that keeps the first " + lateral.limit() + " rows"
                + (lateral.keys().isEmpty() ? "" : " per " + String.join(", ", lateral.keys()))
                + " (ORDER BY " + String.join(", ", lateral.orderBy()) + " LIMIT " + lateral.limit() + "): the planner"
                + " turns a LATERAL ... LIMIT into a Top-N only in a narrow form (correlated by the key equalities alone,"
                + " its left side the SELECT DISTINCT of those keys from the same relation, no OFFSET)"
                + (lateral.otherConditions().isEmpty() ? "" : "; this one also filters on "
                        + String.join(" AND ", lateral.otherConditions()))
                + ". It rejects the rest with this internal error.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        LateralLimit lateral = context.statement().facts().lateralLimits().get(0);
        String keys = lateral.keys().isEmpty() ? "<the columns the LATERAL correlates>" : String.join(", ", lateral.keys());
        String from = lateral.from().isEmpty() ? "<the relation the LATERAL reads>" : lateral.from();
        List<String> conditions = lateral.otherConditions();
        return "Write the Top-N with ROW_NUMBER, which Flink plans as a Rank: SELECT * FROM (SELECT *, ROW_NUMBER() OVER"
                + " (PARTITION BY " + keys + " ORDER BY " + String.join(", ", lateral.orderBy()) + ") AS rn FROM " + from
                + (conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions)) + ") WHERE rn <= "
                + lateral.limit() + " (the same rows where the LATERAL's left side is every " + keys + " of " + from
                + "; otherwise join this result to it on " + keys + "); per time window (PARTITION BY window_start,"
                + " window_end, " + keys + " over a window TVF) its state is freed as each window closes.";
    }
}
