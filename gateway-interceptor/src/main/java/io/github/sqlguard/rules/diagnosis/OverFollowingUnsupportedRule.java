package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code over-following-unsupported}: an OVER aggregate whose frame does not end at {@code CURRENT ROW}
 * ({@code ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING}, {@code RANGE ... AND INTERVAL '30' MINUTE FOLLOWING},
 * {@code CURRENT ROW AND UNBOUNDED FOLLOWING}), which Flink's streaming OVER aggregate cannot run.
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20.0, raised when the plan is translated, so {@code EXPLAIN} alone does
 * not show it): {@code OVER RANGE FOLLOWING windows are not supported yet.} ({@code
 * StreamExecOverAggregate#translateToPlanInternal}: it runs a frame from {@code UNBOUNDED PRECEDING} or {@code
 * n PRECEDING} to {@code CURRENT ROW} only, and throws this for every other frame, {@code ROWS} or {@code RANGE}
 * alike, even one ending at {@code 1 PRECEDING}).
 */
public final class OverFollowingUnsupportedRule extends DiagnosisRule {

    public static final String ID = "over-following-unsupported";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID,
            "An OVER aggregate whose `ROWS`/`RANGE` frame does not end at `CURRENT ROW` (`... FOLLOWING`), which a"
                    + " streaming OVER aggregate cannot run.");

    private static final String SYMPTOM = "OVER RANGE FOLLOWING windows are not supported yet";

    public OverFollowingUnsupportedRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains(SYMPTOM);
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "Flink computes a streaming OVER aggregate once, when each row arrives, over that row and the rows before"
                + " it, so its frame has to end at CURRENT ROW: this window's frame ends after the current row (n"
                + " FOLLOWING, UNBOUNDED FOLLOWING) or before it, rows Flink does not have when it writes the result."
                + " Flink says RANGE for ROWS frames too, and refuses the statement when it translates the plan.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return "End the frame at the current row: ROWS BETWEEN n PRECEDING AND CURRENT ROW (or RANGE BETWEEN INTERVAL"
                + " ... PRECEDING AND CURRENT ROW, or UNBOUNDED PRECEDING AND CURRENT ROW). A centred frame (n PRECEDING"
                + " AND n FOLLOWING) becomes the trailing one of the same width (2n PRECEDING AND CURRENT ROW): each"
                + " row's result is then the centred result of the row n before it, written n rows later.";
    }
}
