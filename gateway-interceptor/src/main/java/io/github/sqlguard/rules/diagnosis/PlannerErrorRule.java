package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;

/**
 * {@code planner-error}: the planner (or Flink's parser) rejected the statement for a reason no
 * other diagnosis recognises. The error is passed through unchanged so the user sees Flink's own
 * message instead of {@code Internal server error}.
 */
public final class PlannerErrorRule extends DiagnosisRule {

    public static final String ID = "planner-error";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String summary() {
        return "Flink rejected the statement; its error is passed through.";
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
