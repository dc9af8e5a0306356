package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code planner-error}: the planner (or Flink's parser) rejected the statement for a reason no
 * other diagnosis recognises. The error is passed through unchanged so the user sees Flink's own
 * message instead of {@code Internal server error}. Its role is {@link
 * io.github.sqlguard.rules.RuleRole#FALLBACK}: the engine keeps its finding only when no diagnosis
 * explains the error, and a statement blocked by it alone gets Flink's own error.
 */
public final class PlannerErrorRule extends DiagnosisRule {

    public static final String ID = "planner-error";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.fallback(
                    ID,
                    "Flink rejected the statement and no diagnosis explains it; its error is passed through.");

    public PlannerErrorRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return true;
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "Flink rejected the statement: " + plannerError;
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return "Correct the statement as Flink's message says.";
    }
}
