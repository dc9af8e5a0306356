package io.github.sqlguard.plan;

/**
 * The node that makes a column and the name it gives it there: read back from a compiled plan through the nodes
 * that pass a column on unchanged (a {@code Calc} projecting it as an input reference, an exchange, a watermark or
 * mini-batch assigner), {@code window_time} of a {@code WindowAggregate} for a view's {@code window_time AS wt}
 * ({@link ExplainedPlan#source}).
 *
 * @param node the node whose output holds the column first under {@code name}
 * @param name the column's name in that node's output type
 */
public record ColumnSource(PlanNode node, String name) {}
