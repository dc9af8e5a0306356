package io.github.sqlguard.plan;

/**
 * A group aggregation written in the query of a view a statement reads, directly or through other views ({@code SELECT
 * page, COUNT(*) FROM page_views GROUP BY page} in {@code views_per_page}), over one input: the name a {@code STATE_TTL}
 * hint on that {@code SELECT} gives its input. The plan no longer shows it: Flink expands the view. Read by {@code
 * stateful-without-ttl}'s fix for an aggregation the statement does not write, so that it offers the hint in the view,
 * as the {@code state-ttl-hint} rewrite writes it there (as {@link ViewJoin} for a join).
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param input the name a hint gives the aggregation's input (its alias, else the table's or view's name)
 * @param table true where that input is a table read as it is (not a subquery or a view), whose {@code WATERMARK}
 *     Flink 1.20's hint matching does not pass
 */
public record ViewAggregation(String view, String input, boolean table) {}
