package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code over-order-desc}: ROW_NUMBER ordered DESC with no Top-N filter: an OVER window, which streams only ascending.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code The window can only be ordered in ASCENDING mode}.
 */
public final class OverOrderDescRule extends DiagnosisRule {

    public static final String ID = "over-order-desc";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "`ROW_NUMBER` ordered `DESC` with no Top-N filter: an OVER window, which streams only ascending.");

    public OverOrderDescRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("The window can only be ordered in ASCENDING mode");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        String rn = RankFunctions.first(context).map(RankFunctions::alias).orElse("the row number");
        return "Without a Top-N filter on " + rn + " in an outer query (" + rn + " <= 3 or " + rn + " = 1, alone or AND-ed"
                + " with other conditions; an OR breaks it), Flink plans ROW_NUMBER as an OVER window, and streaming OVER"
                + " windows can only be ordered ascending on a time attribute.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        String rank = RankFunctions.first(context)
                .map(f -> "SELECT * FROM (SELECT ..., " + RankFunctions.rowNumber(f, f.orderBy()) + RankFunctions.from(f)
                        + ") WHERE " + RankFunctions.alias(f) + " = 1 (or " + RankFunctions.alias(f) + " <= 3)")
                .orElse("SELECT * FROM (SELECT ..., ROW_NUMBER() OVER (...) AS rn ...) WHERE rn = 1");
        return "Wrap the query and filter on the row number alone: " + rank + "; keep other conditions AND-ed, or move an"
                + " OR to another WHERE level.";
    }
}
