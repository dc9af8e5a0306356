package io.github.sqlguard.rules;

import io.github.sqlguard.plan.ViewReads;
import io.github.sqlguard.plan.ViewSetOperation;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;

import java.util.List;

/**
 * How a message names the two sides of a SEMI or ANTI join and what the statement wrote to get it. Flink plans
 * one from an {@code IN}, {@code EXISTS}, {@code SOME} or {@code ALL} subquery (the subquery on the right), from an
 * {@code INTERSECT} (a SEMI join: {@code ReplaceIntersectWithSemiJoinRule}) and from an {@code EXCEPT} (an ANTI
 * join: {@code ReplaceMinusWithAntiJoinRule}), the query after the operator on the right (Flink 2.3.0). Read from
 * the statement's own text and from the queries of the views it reads ({@link ViewSetOperation}: Flink expands a view
 * into the statement's plan, its set operation with it): where they write both kinds, each name says both; a set
 * operation only a view writes is named with the view ({@code an EXCEPT in the view kept_orders}), and its sides
 * where a message first names them ({@link #where}).
 *
 * @param origin what the statement wrote, after "Flink builds from": {@code an EXCEPT}
 * @param inner the right side: {@code the query after EXCEPT}
 * @param outer the left side: {@code the query before EXCEPT}
 * @param matchCame the end of "no longer finds it and ...": what the row's match was
 * @param innerQualifier what qualifies a column of the right side in a join condition: {@code the query after EXCEPT's }
 * @param where where the set operation is written when only views write it: {@code  in the view kept_orders}; empty
 *     else
 * @param rightSide the right side where a message names the join's right input: {@code inner}, a subquery's named the
 *     IN or EXISTS subquery's side ({@code the IN or EXISTS subquery's side (or the query after EXCEPT)})
 * @param writtenAs what the statement and the views it reads write that Flink builds the join from ({@link Written}),
 *     which decides what a message says of it: the names above are only said
 */
public record SemiJoinSides(
        String origin, String inner, String outer, String matchCame, String innerQualifier, String where,
        String rightSide, Written writtenAs) {

    /** What the statement and the views it reads write that Flink builds a SEMI or ANTI join from. */
    public enum Written {
        /** An {@code IN}, {@code EXISTS}, {@code SOME} or {@code ALL} subquery, and no set operation of the join's kind. */
        SUBQUERY,
        /** An {@code INTERSECT} or {@code EXCEPT}, and no subquery. */
        SET_OPERATION,
        /** Both: the join is either's. */
        EITHER
    }

    /**
     * The names for a SEMI or ANTI join ({@code joinType}) of the statement whose facts are {@code facts}, reading the
     * views {@code views} tell of.
     */
    public static SemiJoinSides of(String joinType, SqlFacts facts, ViewReads views) {
        boolean anti = "ANTI".equals(joinType);
        String operator = anti ? "EXCEPT" : "INTERSECT";
        List<String> viewsWriting = views.setOperations().stream().filter(o -> o.operator().equals(operator))
                .map(ViewSetOperation::view).distinct().toList();
        boolean setOperation = facts.setOperations().contains(operator) || !viewsWriting.isEmpty();
        boolean subquery = !facts.subqueryPredicates().isEmpty()
                || views.setOperations().stream().anyMatch(o -> o.operator().equals(ViewSetOperation.SUBQUERY));
        // Where only views write it, the view says which query: the statement has no query before or after it.
        String where = facts.setOperations().contains(operator) || viewsWriting.isEmpty() ? ""
                : (viewsWriting.size() == 1 ? " in the view " : " in the views ") + String.join(" and ", viewsWriting);
        if (setOperation && !subquery) {
            return new SemiJoinSides("an " + operator + where, "the query after " + operator,
                    "the query before " + operator, "the query after " + operator + " had its value",
                    "the query after " + operator + "'s ", where, "the query after " + operator, Written.SET_OPERATION);
        }
        String came = "a matching row came";
        if (setOperation) {
            String after = " (or the query after " + operator + where + ")";
            return new SemiJoinSides("an IN or EXISTS subquery or an " + operator + where, "the subquery's side" + after,
                    "the outer query (or the query before " + operator + where + ")", came, "the subquery's ", "",
                    "the IN or EXISTS subquery's side" + after, Written.EITHER);
        }
        return new SemiJoinSides("an IN or EXISTS subquery", "the subquery's side", "the outer query", came,
                "the subquery's ", "", "the IN or EXISTS subquery's side", Written.SUBQUERY);
    }

    /** True where the statement or a view it reads writes the set operation and no subquery: the join is the set operation's. */
    public boolean setOperation() {
        return writtenAs == Written.SET_OPERATION;
    }

    /** True where only a subquery writes the join: no set operation of its kind is written. */
    public boolean subqueryOnly() {
        return writtenAs == Written.SUBQUERY;
    }
}
