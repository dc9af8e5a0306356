package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
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
                .map(f -> "Use ROW_NUMBER() in place of " + f.function() + "(): " + RankFunctions.rowNumber(f, f.orderBy())
                        + ", with the same filter; for ties, add a tiebreaker column to its ORDER BY.")
                .orElse("Use ROW_NUMBER() in place of RANK() or DENSE_RANK(), with the same filter; for ties, add a"
                        + " tiebreaker column to its ORDER BY.");
    }
}
