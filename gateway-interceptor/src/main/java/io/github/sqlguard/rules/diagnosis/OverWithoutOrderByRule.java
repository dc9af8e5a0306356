package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

import java.util.List;

/**
 * {@code over-without-order-by}: an aggregate over an {@code OVER} window with no {@code ORDER BY} ({@code COUNT(a)
 * OVER (PARTITION BY c)}), the partition's total beside each row.
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20, {@code StreamPhysicalOverAggregateRule}'s check of the window's order):
 * {@code The window can only be ordered by a single time column}, which Flink also gives a window ordered by two
 * columns; this rule answers only where the statement writes a window with no order (Flink's own plan tests,
 * {@code OverAggregateTest#testWithoutOrderByClause}, plan it on a later Flink as an {@code OverAggregate} with
 * {@code orderBy=[]} and a frame of the whole partition).
 */
public final class OverWithoutOrderByRule extends DiagnosisRule {

    public static final String ID = "over-without-order-by";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID, "An aggregate `OVER` a window with no `ORDER BY` (the partition's total beside each row), which a streaming `OVER` window cannot compute on Flink 2.3 or 1.20.");

    private static final String SYMPTOM = "The window can only be ordered by a single time column";

    public OverWithoutOrderByRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String message, AnalysisContext context) {
        return message.contains(SYMPTOM) && !unordered(context).isEmpty();
    }

    @Override
    protected String reason(String message, AnalysisContext context) {
        return String.join(", ", unordered(context)) + " has no ORDER BY: a streaming OVER window is computed row by row"
                + " in the order of one time attribute, over the rows up to the current one, so an aggregate over the"
                + " whole partition (which each later row of the partition would change for every row already emitted)"
                + " is refused; Flink's message speaks of the order the window lacks.";
    }

    /**
     * The window ordered by {@code PROCTIME()}, a time attribute every input has (Flink's plan tests order an {@code
     * OVER} by the call itself: {@code OverAggregateTest#testProcTimeBoundedPartitionedRowsOverWithBuiltinProctime}),
     * or by the input's event time, which the guard cannot name here (a refused statement has no plan to read it from).
     */
    @Override
    protected String fix(String message, AnalysisContext context) {
        String over = unordered(context).get(0);
        String ordered = over.endsWith("()") ? over.substring(0, over.length() - 1) + "ORDER BY PROCTIME())"
                : over.substring(0, over.length() - 1) + " ORDER BY PROCTIME())";
        return "For a running aggregate over the rows up to each row (not the whole partition: this changes the"
                + " result), order the window by a time attribute: " + ordered + " orders the rows as they arrive;"
                + " ORDER BY the column the input's WATERMARK is declared on orders them by event time. For the"
                + " partition's total, aggregate with GROUP BY the window's PARTITION BY columns (one row per partition,"
                + " updated as rows arrive) and join that to the rows that need it.";
    }

    private static List<String> unordered(AnalysisContext context) {
        return context.statement().facts().unorderedOvers();
    }
}
