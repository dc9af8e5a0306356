package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The Top-N bound a {@code WHERE} puts on a rank function's alias, as the statement facts and the rewrites
 * read it: {@code rn <= 3}, {@code rn = 1}, {@code rn < 4}, {@code 3 >= rn}. Flink makes a {@code Rank} of a
 * rank function only with such a bound in the query that reads it ({@code FlinkLogicalRankRule}: a {@code
 * Calc} over the {@code OverAggregate} whose condition {@code RankUtil#extractRankRange} turns into the
 * {@code rankRange}); without one the row number stays an {@code OverAggregate}, a number for every row.
 */
public final class RankBounds {

    /** A conjunct of a {@code WHERE} that bounds a rank alias, and the largest rank it keeps. */
    public record Bound(SqlNode conjunct, long maxRank) {}

    private RankBounds() {}

    /** The Top-N bound on {@code alias} among {@code where}'s conjuncts, if one is there. */
    public static Optional<Bound> of(SqlNode where, String alias) {
        for (SqlNode conjunct : Conjuncts.of(where)) {
            OptionalLong max = maxRank(conjunct, alias);
            if (max.isPresent()) {
                return Optional.of(new Bound(conjunct, max.getAsLong()));
            }
        }
        return Optional.empty();
    }

    private static OptionalLong maxRank(SqlNode conjunct, String alias) {
        if (!(conjunct instanceof SqlBasicCall call) || call.operandCount() != 2) {
            return OptionalLong.empty();
        }
        SqlNode left = call.operand(0);
        SqlNode right = call.operand(1);
        SqlKind kind = call.getKind();
        if (isColumn(right, alias) && number(left).isPresent()) {
            kind = kind.reverse();
            SqlNode swap = left;
            left = right;
            right = swap;
        }
        if (!isColumn(left, alias)) {
            return OptionalLong.empty();
        }
        OptionalLong n = number(right);
        if (n.isEmpty()) {
            return OptionalLong.empty();
        }
        return switch (kind) {
            case EQUALS, LESS_THAN_OR_EQUAL -> n;
            case LESS_THAN -> OptionalLong.of(n.getAsLong() - 1);
            default -> OptionalLong.empty();
        };
    }

    private static boolean isColumn(SqlNode node, String alias) {
        return node instanceof SqlIdentifier id && !id.isStar() && id.names.get(id.names.size() - 1).equals(alias);
    }

    private static OptionalLong number(SqlNode node) {
        if (node instanceof SqlNumericLiteral literal && literal.isInteger()) {
            return OptionalLong.of(literal.longValue(true));
        }
        return OptionalLong.empty();
    }
}
