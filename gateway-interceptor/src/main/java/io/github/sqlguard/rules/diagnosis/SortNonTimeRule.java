package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code sort-non-time}: ORDER BY a non-time column on an unbounded stream.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code Sort on a non-time-attribute field is not supported}.
 */
public final class SortNonTimeRule extends DiagnosisRule {

    public static final String ID = "sort-non-time";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(ID, "`ORDER BY` a non-time column on an unbounded stream.");

    public SortNonTimeRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("Sort on a non-time-attribute field is not supported");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "An unbounded stream cannot be sorted by an ordinary column: every new row could change the order of all earlier ones. Streaming ORDER BY must start with an ascending time attribute.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return "Sort by an ascending time attribute first (a column with a WATERMARK, or PROCTIME()); keep a bounded Top-N"
                + " instead (ROW_NUMBER() OVER (ORDER BY the same columns) in a subquery, filtered to its first rows, per"
                + " window if possible); or run the query in batch mode: SET 'execution.runtime-mode' = 'batch'.";
    }
}
