package io.github.sqlguard.rules;

import io.github.sqlguard.statement.ParsedStatement.SqlFacts;

/**
 * How a message names the two sides of a SEMI or ANTI join and what the statement wrote to get it. Flink plans
 * one from an {@code IN}, {@code EXISTS}, {@code SOME} or {@code ALL} subquery (the subquery on the right), from an
 * {@code INTERSECT} (a SEMI join: {@code ReplaceIntersectWithSemiJoinRule}) and from an {@code EXCEPT} (an ANTI
 * join: {@code ReplaceMinusWithAntiJoinRule}), the query after the operator on the right (Flink 2.3.0). Read from
 * the statement's own text: where it writes both kinds, each name says both.
 *
 * @param origin what the statement wrote, after "Flink builds from": {@code an EXCEPT}
 * @param inner the right side: {@code the query after EXCEPT}
 * @param outer the left side: {@code the query before EXCEPT}
 * @param matchCame the end of "no longer finds it and ...": what the row's match was
 */
public record SemiJoinSides(String origin, String inner, String outer, String matchCame) {

    /** The names for a SEMI or ANTI join ({@code joinType}) of the statement whose facts are {@code facts}. */
    public static SemiJoinSides of(String joinType, SqlFacts facts) {
        boolean anti = "ANTI".equals(joinType);
        String operator = anti ? "EXCEPT" : "INTERSECT";
        boolean setOperation = facts.setOperations().contains(operator);
        boolean subquery = !facts.subqueryPredicates().isEmpty();
        if (setOperation && !subquery) {
            return new SemiJoinSides("an " + operator, "the query after " + operator, "the query before " + operator,
                    "the query after " + operator + " had its value");
        }
        String came = "a matching row came";
        if (setOperation) {
            return new SemiJoinSides("an IN or EXISTS subquery or an " + operator,
                    "the subquery's side (or the query after " + operator + ")",
                    "the outer query (or the query before " + operator + ")", came);
        }
        return new SemiJoinSides("an IN or EXISTS subquery", "the subquery's side", "the outer query", came);
    }

    /** True where the statement writes the set operation and no subquery: the join is the set operation's. */
    public boolean setOperation() {
        return inner.startsWith("the query after");
    }
}
