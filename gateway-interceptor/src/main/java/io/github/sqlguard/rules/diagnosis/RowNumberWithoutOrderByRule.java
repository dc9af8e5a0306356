package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

import java.util.List;

/**
 * {@code row-number-without-order-by}: ROW_NUMBER() with no ORDER BY, or ORDER BY a constant.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code The window rank function requires order by clause with non-constant fields}.
 */
public final class RowNumberWithoutOrderByRule extends DiagnosisRule {

    public static final String ID = "row-number-without-order-by";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(ID, "`ROW_NUMBER()` with no `ORDER BY`, or `ORDER BY` a constant.");

    public RowNumberWithoutOrderByRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("The window rank function requires order by clause with non-constant fields");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "ROW_NUMBER needs an ORDER BY on a real column to decide which rows come first; without one (or with a constant) the rank is undefined.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return RankFunctions.first(context)
                .map(f -> {
                    String keys = String.join(", ", f.partitionBy());
                    return "Order by the column that decides which row to keep (a time attribute, for a deduplication): "
                            + RankFunctions.rowNumber(f, List.of("... DESC"))
                            + (keys.isEmpty() ? "" : "; for an arbitrary row per " + keys + " use GROUP BY " + keys
                                    + " with FIRST_VALUE/LAST_VALUE") + ".";
                })
                .orElse("Order the ROW_NUMBER's window by the column that decides which row to keep (a time attribute,"
                        + " for a deduplication); for an arbitrary row per key use GROUP BY with FIRST_VALUE/LAST_VALUE.");
    }
}
