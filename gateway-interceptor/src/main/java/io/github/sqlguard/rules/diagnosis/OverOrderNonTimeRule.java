package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code over-order-non-time}: OVER window ordered by a non-time attribute (Flink versions before 2.1).
 *
 * <p>Planner symptom (Flink 2.3.0): {@code OVER windows' ordering in stream mode must be defined on a time attribute}.
 */
public final class OverOrderNonTimeRule extends DiagnosisRule {

    public static final String ID = "over-order-non-time";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(ID, "OVER window ordered by a non-time attribute (Flink versions before 2.1).");

    public OverOrderNonTimeRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("OVER windows' ordering in stream mode must be defined on a time attribute");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "Streaming OVER windows in this Flink version must be ordered by a time attribute (a WATERMARK column or PROCTIME()).";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        String filter = RankFunctions.first(context).map(f -> " (WHERE " + RankFunctions.alias(f) + " <= 3)").orElse("");
        return "ORDER BY a time attribute in the OVER clause, or for a Top-N filter on the row number in an outer query"
                + filter + " so Flink plans a Rank.";
    }
}
