package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

/**
 * {@code time-attribute-required}: a window over a column that is not a time attribute: a window TVF's {@code
 * DESCRIPTOR}, a legacy {@code GROUP BY TUMBLE(...)}, or a bounded OVER window ordered by a plain {@code TIMESTAMP}.
 *
 * <p>Planner symptoms (Flink 2.3.0): {@code The window function requires the timecol is a time attribute type, but
 * is TIMESTAMP(3).} ({@code WindowUtil}, 1.20.0 too); {@code Window aggregate can only be defined over a time
 * attribute column, but TIMESTAMP(3) encountered.} (a legacy group window); {@code Non-time attribute sort is not
 * supported for bounded OVER window.} ({@code StreamExecOverAggregate}, raised while translating; 1.20 refuses the
 * same OVER window as {@code over-order-non-time}). A time attribute is a column with a {@code WATERMARK} or a
 * {@code PROCTIME()} column; a regular join, a non-window aggregation or a Top-N materializes the time attributes it
 * reads into plain timestamps (Flink docs, "Time Attributes").
 */
public final class TimeAttributeRequiredRule extends DiagnosisRule {

    public static final String ID = "time-attribute-required";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID,
            "A window (a window TVF, a `GROUP BY TUMBLE(...)`, a bounded OVER window) over a column that is not a time"
                    + " attribute.");

    private static final String TVF = "The window function requires the timecol is a time attribute type";
    private static final String GROUP_WINDOW = "Window aggregate can only be defined over a time attribute column";
    private static final String OVER = "Non-time attribute sort is not supported for bounded OVER window";

    public TimeAttributeRequiredRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains(TVF) || plannerError.contains(GROUP_WINDOW) || plannerError.contains(OVER);
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        String window = plannerError.contains(TVF) ? "A window table function's DESCRIPTOR"
                : plannerError.contains(GROUP_WINDOW) ? "A group window (GROUP BY TUMBLE, HOP or SESSION)"
                : "A bounded OVER window's ORDER BY";
        return window + " must name a time attribute (a column with a WATERMARK, or a PROCTIME() column); this one"
                + " names a plain TIMESTAMP, which Flink cannot tell the progress of time from.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return "Declare a WATERMARK on the column in its table's DDL (ALTER TABLE ... ADD WATERMARK), or window on the"
                + " table's own time attribute. A column read through a regular"
                + " join, a non-window aggregation or a Top-N is a plain TIMESTAMP there even where its table declares a"
                + " WATERMARK (Flink materializes time attributes in those operators): window the table before it, or"
                + " join with an interval or temporal join, which keep the time attribute.";
    }
}
