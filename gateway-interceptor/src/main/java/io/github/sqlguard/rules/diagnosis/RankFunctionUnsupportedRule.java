package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code rank-function-unsupported}: RANK() or DENSE_RANK() in a streaming Top-N, which Flink does not support.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code RANK() on streaming table is not supported currently}
 * (or {@code DENSE_RANK() ...}); not {@code FETCH is missed, which on streaming table is not
 * supported currently}, which is an OFFSET without FETCH. For a window Top-N (a ranking over a window
 * TVF's rows partitioned by its window), {@code RANK() function is not supported on Window TopN
 * currently, only ROW_NUMBER() is supported.} (or {@code DENSE_RANK() ...}), raised while the plan is
 * translated ({@code StreamExecWindowRank#translateToPlanInternal}, Flink 2.3.0 and 1.20.0).
 */
public final class RankFunctionUnsupportedRule extends DiagnosisRule {

    public static final String ID = "rank-function-unsupported";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "`RANK()` or `DENSE_RANK()` in a streaming Top-N, which Flink does not support.");

    public RankFunctionUnsupportedRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("RANK() on streaming table is not supported currently") || window(plannerError);
    }

    private static boolean window(String plannerError) {
        return plannerError.contains("function is not supported on Window TopN currently, only ROW_NUMBER() is supported");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        if (window(plannerError)) {
            return "Flink's window Top-N supports ROW_NUMBER() only; RANK() and DENSE_RANK() are rejected when the plan is"
                    + " translated.";
        }
        return "Flink's streaming Top-N supports ROW_NUMBER() only; RANK() and DENSE_RANK() are rejected in streaming mode.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return RankFunctions.first(context)
                .map(f -> f.orderTiesWholePartition() ? everyRowTies(f)
                        : "Use ROW_NUMBER() in place of " + f.function() + "(): " + RankFunctions.rowNumber(f, f.orderBy())
                                + ", with the same filter; for ties, add a tiebreaker column to its ORDER BY.")
                .orElse("Use ROW_NUMBER() in place of RANK() or DENSE_RANK(), with the same filter; for ties, add a"
                        + " tiebreaker column to its ORDER BY.");
    }

    /**
     * The fix where the window's {@code ORDER BY} ties every row of a partition ({@code RANK() OVER (PARTITION BY a
     * ORDER BY a)}, {@link RankFunction#orderTiesWholePartition}): the function numbers every row 1, so the ranking
     * keeps every row and a tiebreaker added to that ORDER BY would be the whole order. What is missing is the order
     * itself (the column that picks the rows to keep); where every row is meant, the ranking is dropped.
     */
    private static String everyRowTies(RankFunction f) {
        String partition = String.join(", ", f.partitionBy());
        return "Every row of a partition ties in ORDER BY " + String.join(", ", f.orderBy()) + " (one value within"
                + " PARTITION BY " + partition + "): " + f.function() + "() numbers every row 1, and a filter that"
                + " keeps rank 1 keeps every row: the ORDER BY that picks the rows is what is missing. Where N rows per "
                + partition + " are meant, order the window by the column that ranks them (not one of PARTITION BY) and"
                + " number the rows with ROW_NUMBER(), with the same filter; where every row is meant, drop the ranking"
                + " and its filter (the same rows, with no state).";
    }
}
