package io.github.sqlguard.plan;

/**
 * What a join written in the query of a view a statement reads, directly or through other views, is on, as the view's
 * query (Flink's expanded query, {@code CatalogView#getExpandedQuery}) writes it: {@code s.carrier_id = c.carrier_id}
 * in {@code shipped_orders}. The plan no longer shows which joins the view wrote: Flink expands the view, and its join
 * reorder may drop a condition the view's join is on ({@code rules.plan.LostJoinCondition}, case 1112). Empty where the
 * join has no condition (a cross join, or a comma join without a column equality in its {@code WHERE}).
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param condition the join's {@code ON} condition or {@code USING} columns, as the view's query writes them
 */
public record ViewJoinCondition(String view, String condition) {}
