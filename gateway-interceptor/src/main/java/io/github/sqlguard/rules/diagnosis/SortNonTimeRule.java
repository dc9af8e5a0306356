package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

import java.util.Optional;

/**
 * {@code sort-non-time}: ORDER BY a non-time column on an unbounded stream.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code Sort on a non-time-attribute field is not supported}.
 */
public final class SortNonTimeRule extends DiagnosisRule {

    public static final String ID = "sort-non-time";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(ID, "`ORDER BY` a non-time column on an unbounded stream.");

    public SortNonTimeRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("Sort on a non-time-attribute field is not supported");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return descendingFirstKey(context)
                .map(key -> "Flink sorts an unbounded stream only when its ORDER BY starts with a time attribute (a"
                        + " column with a WATERMARK, or PROCTIME()) in ascending order: rows come in time order, and each"
                        + " is released once the watermark (or the clock) passes its time. This ORDER BY starts with "
                        + key + aggregate(context, key).map(call -> ", the result of " + call + ", which is no time"
                                + " attribute: it changes as rows arrive, and every change could reorder the rows already"
                                + " out.").orElse(", descending, which Flink refuses even on a time attribute: the first"
                                + " row out would be the last of a stream that never ends."))
                .orElse("An unbounded stream cannot be sorted by an ordinary column: every new row could change the"
                        + " order of all earlier ones. Streaming ORDER BY must start with an ascending time attribute.");
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return descendingFirstKey(context)
                .map(key -> {
                    String column = key.substring(0, key.length() - " DESC".length());
                    return "For the first rows by " + key + " (the latest, the largest), keep a Top-N: ORDER BY " + key
                            + " LIMIT n, or ROW_NUMBER() OVER (ORDER BY " + key + ") in a subquery filtered to rn <= n,"
                            + " which keeps those n rows, updated as rows arrive; "
                            + (aggregate(context, key).isPresent() ? ""
                                    : "where " + column + " is a time attribute, sort by it ascending (ORDER BY " + column
                                            + " ASC, ...); ")
                            + "or run the query in batch mode: SET 'execution.runtime-mode' = 'batch'.";
                })
                .orElse("Sort by an ascending time attribute first (a column with a WATERMARK, or PROCTIME()); keep a"
                        + " bounded Top-N instead (ROW_NUMBER() OVER (ORDER BY the same columns) in a subquery, filtered to"
                        + " its first rows, per window if possible); or run the query in batch mode: SET"
                        + " 'execution.runtime-mode' = 'batch'.");
    }

    /**
     * The aggregate call ({@code COUNT(*)}) a descending key ({@code c DESC}) names by its select alias, which is no
     * time attribute; empty for any other key.
     */
    private static Optional<String> aggregate(AnalysisContext context, String key) {
        String column = key.substring(0, key.length() - " DESC".length()).replace("`", "");
        return context.statement().facts().aggregateAliases().entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(column)).map(java.util.Map.Entry::getValue).findFirst();
    }

    /**
     * The first key of the statement's first {@code ORDER BY}, as written ({@code ts DESC}), where it is descending:
     * Flink's streaming sort ({@code StreamPhysicalTemporalSortRule}, a {@code TemporalSort}) takes a first key that is
     * a time attribute sorted ascending only, and plans nothing else (hence the planner's one message).
     */
    private static Optional<String> descendingFirstKey(AnalysisContext context) {
        return context.statement().facts().orderBys().stream()
                .findFirst()
                .map(order -> order.get(0))
                .filter(key -> key.endsWith(" DESC"));
    }
}
