package io.github.sqlguard.plan;

/**
 * A set operation or an {@code IN} / {@code EXISTS} subquery written in the query of a view a statement reads,
 * directly or through other views ({@code SELECT order_id FROM shop_orders EXCEPT SELECT order_id FROM refunds} in
 * {@code kept_orders}). The plan no longer shows what wrote a SEMI or ANTI join: Flink expands the view and plans an
 * {@code INTERSECT} as a SEMI join ({@code ReplaceIntersectWithSemiJoinRule}), an {@code EXCEPT} as an ANTI join
 * ({@code ReplaceMinusWithAntiJoinRule}), as it does a subquery. Read by {@code rules.SemiJoinSides}, which names the
 * join's sides.
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param operator the set operator as the statement facts name it ({@code EXCEPT}, {@code INTERSECT}, {@code UNION
 *     ALL}), or {@link #SUBQUERY} for an {@code IN}, {@code EXISTS}, {@code SOME} or {@code ALL} subquery
 */
public record ViewSetOperation(String view, String operator) {

    /** The {@link #operator} of a subquery predicate. */
    public static final String SUBQUERY = "subquery";
}
