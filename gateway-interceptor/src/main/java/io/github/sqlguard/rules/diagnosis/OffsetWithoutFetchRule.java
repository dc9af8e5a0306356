package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code offset-without-fetch}: {@code OFFSET m} with no {@code FETCH} or {@code LIMIT}, which Flink
 * refuses on a stream.
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20.0, raised when the plan is translated, so {@code EXPLAIN} alone does
 * not show it): {@code FETCH is missed, which on streaming table is not supported currently.} ({@code
 * StreamExecSortLimit#translateToPlanInternal} for {@code ORDER BY ... OFFSET m}, a ranking of the whole stream
 * from row m + 1 with no end; {@code StreamExecLimit} for {@code OFFSET m} without {@code ORDER BY}: both throw
 * where the range's end is {@code Long.MAX_VALUE}). Flink's own plan tests write the shape ({@code
 * SortLimitTest#testSortWithoutTimeWithOffset}, {@code LimitTest#testOnlyOffset}).
 */
public final class OffsetWithoutFetchRule extends DiagnosisRule {

    public static final String ID = "offset-without-fetch";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID, "`OFFSET m` without `FETCH` or `LIMIT`, which Flink refuses on a stream.");

    private static final String SYMPTOM = "FETCH is missed, which on streaming table is not supported currently";

    public OffsetWithoutFetchRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains(SYMPTOM);
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "OFFSET without FETCH or LIMIT keeps every row after the first ones, for as long as the stream runs:"
                + " Flink plans it as a ranking of the whole stream (or a limit) with no last row, whose state would"
                + " hold every row, and refuses it when it translates the plan.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return "Bound the rows kept: LIMIT n before the OFFSET (LIMIT n OFFSET m), or FETCH NEXT n ROWS ONLY after it:"
                + " Flink then keeps rows m + 1 to m + n of the order in state and drops the rest, all rows going to one"
                + " parallel instance; or, for every row in event-time order, ORDER BY the column with the WATERMARK"
                + " ascending first, without OFFSET: Flink then emits the rows sorted as the watermark passes them (a"
                + " TemporalSort).";
    }
}
