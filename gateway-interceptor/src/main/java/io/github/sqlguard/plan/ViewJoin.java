package io.github.sqlguard.plan;

/**
 * A regular join of two tables written in the query of a view a statement reads, directly or through other views
 * ({@code FROM orders o JOIN shipments s} in {@code shipped_within_3_days}): the names a {@code STATE_TTL} hint on the
 * view's joining {@code SELECT} gives its two inputs. The plan no longer shows them: Flink expands the view, and its
 * aliases are gone. Read by {@code stateful-without-ttl}'s fix for a join the statement does not write, so that it
 * offers the per-side hint in the view, as the {@code state-ttl-hint} rewrite writes it there.
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param left the name a hint gives the left input (its alias, else the table's name)
 * @param leftTable the table the left input reads
 * @param right the name a hint gives the right input
 * @param rightTable the table the right input reads
 */
public record ViewJoin(String view, String left, String leftTable, String right, String rightTable) {}
