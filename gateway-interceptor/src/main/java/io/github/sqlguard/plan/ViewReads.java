package io.github.sqlguard.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the queries of the views a statement reads, directly or through other views, say that its plan no longer
 * shows: Flink expands a view into the statement's plan, and its hints, its bounds as written, its aliases and the
 * names its ranking orders by are gone there. Read from the session's catalog by {@code flink.ViewQueries}.
 *
 * @param hints the {@code STATE_TTL} hint options of their queries ({@link ViewHint})
 * @param longestBound the longest time bound of their conditions ({@link ViewTimeBound})
 * @param joins the regular joins of two tables their queries write ({@link ViewJoin})
 * @param rankings the ranking functions their queries write ({@link ViewRanking})
 * @param aggregations the group aggregations of one input their queries write ({@link ViewAggregation})
 * @param setOperations the set operations and subquery predicates their queries write ({@link ViewSetOperation})
 * @param filters the views the statement names that filter or project one table as it is ({@link ViewFilter})
 * @param joinConditions what each join their queries write is on ({@link ViewJoinCondition})
 * @param columns the columns of each view the statement names, by its name as the statement writes it, as the
 *     session's catalog resolves the view's schema: a window over a view reads a time attribute only where it selects it
 */
public record ViewReads(
        List<ViewHint> hints, Optional<ViewTimeBound> longestBound, List<ViewJoin> joins, List<ViewRanking> rankings,
        List<ViewAggregation> aggregations, List<ViewSetOperation> setOperations,
        List<ViewFilter> filters, List<ViewJoinCondition> joinConditions, Map<String, List<String>> columns) {

    /** A statement that reads no view, or none that says any of these. */
    public static final ViewReads NONE = new ViewReads(
            List.of(), Optional.empty(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of());

    public ViewReads {
        hints = List.copyOf(hints);
        joins = List.copyOf(joins);
        rankings = List.copyOf(rankings);
        aggregations = List.copyOf(aggregations);
        setOperations = List.copyOf(setOperations);
        filters = List.copyOf(filters);
        joinConditions = List.copyOf(joinConditions);
        columns = Map.copyOf(columns);
    }
}
