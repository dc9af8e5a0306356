package io.github.sqlguard.statement;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An anti-join written as an outer join: a {@code LEFT JOIN} whose {@code SELECT} keeps only the left rows that found
 * no match ({@code FROM orders o LEFT JOIN payments p ON o.order_id = p.order_id WHERE p.order_id IS NULL}: orders
 * without a payment). Flink plans it as a regular {@code LEFT} join under a filter: a left row is emitted with NULLs
 * as soon as it arrives and retracted once its match arrives, so the result is the left rows that have no match yet.
 * A lookup join or a temporal join in its place reads the right side once, as of the left row's time: a match that
 * arrives later retracts nothing, and the left row stays in the result for good, so neither keeps the query's
 * meaning. Read with Flink's parser. Stateless.
 */
public final class LeftAntiJoins {

    private static final int MAX_DEPTH = 256;

    private LeftAntiJoins() {}

    /**
     * True when {@code select} joins its {@code FROM} as {@code LEFT JOIN} and its {@code WHERE} requires a column of
     * the right input, qualified by its alias or name, to be NULL.
     */
    public static boolean keepsUnmatchedOnly(SqlSelect select) {
        if (!(select.getFrom() instanceof SqlJoin join) || join.getJoinType() != JoinType.LEFT || select.getWhere() == null) {
            return false;
        }
        Optional<String> right = HintInputName.of(join.getRight());
        return right.isPresent() && Conjuncts.of(select.getWhere()).stream().anyMatch(c -> c.getKind() == SqlKind.IS_NULL
                && ((SqlCall) c).operand(0) instanceof SqlIdentifier id && id.names.size() == 2
                && id.names.get(0).equals(right.get()));
    }

    /** The names (alias, else table name) of the right inputs of the anti-joins {@code statement} writes; none when it does not parse. */
    public static List<String> rightSides(String statement) {
        List<String> out = new ArrayList<>();
        try {
            for (SqlNode node : FlinkSqlParser.parseStmtList(statement)) {
                collect(node, out, 0);
            }
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return List.of();
        }
        return out;
    }

    private static void collect(SqlNode node, List<String> out, int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlSelect select && keepsUnmatchedOnly(select)) {
            HintInputName.of(((SqlJoin) select.getFrom()).getRight()).ifPresent(out::add);
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(child -> collect(child, out, depth + 1));
        } else if (node instanceof SqlCall call) {
            Operands.of(call).forEach(child -> collect(child, out, depth + 1));
        }
    }
}
