package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code frame-with-row-number}: ROW_NUMBER/RANK with a ROWS or RANGE frame, which SQL does not allow.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions}.
 */
public final class FrameWithRowNumberRule extends DiagnosisRule {

    public static final String ID = "frame-with-row-number";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "`ROW_NUMBER`/`RANK` with a `ROWS` or `RANGE` frame, which SQL does not allow.");

    public FrameWithRowNumberRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "ROW_NUMBER, RANK and DENSE_RANK number the rows of the whole partition; a window frame (ROWS/RANGE BETWEEN ...) means nothing for them and the validator rejects it.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return RankFunctions.first(context)
                .map(f -> "Drop the frame: " + RankFunctions.rowNumber(f, f.orderBy()) + ", then filter WHERE "
                        + RankFunctions.alias(f) + " <= 3 (your own Top-N condition) in an outer query.")
                .orElse("Drop the ROWS/RANGE frame from the rank function's OVER clause, then filter on its row number in an"
                        + " outer query.");
    }
}
