package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * An order whose first key is a processing-time attribute ({@code c.pt DESC, page}), ordered by an event-time column
 * in its place ({@code c.view_time DESC, page}): its direction and the statement's qualifier kept, the keys after it
 * as written. Flink does not materialize a processing-time attribute that a ranking orders by, so every row has the
 * same sort key there ({@code plan.Operator.Rank#firstArrivalsReadAsLatest}, {@code
 * plan.Operator.Rank#rankedByLaterKeys}); by the event time the ranking follows the rows' time. Stateless.
 */
final class EventTimeOrder {

    private EventTimeOrder() {}

    /**
     * Replaces the first key of {@code order}, in place (so that a splice changes that key alone), by the column
     * {@code time}.
     */
    static void replaceFirstKey(SqlNodeList order, String time) {
        SqlNode first = order.get(0);
        boolean descending = first.getKind() == SqlKind.DESCENDING;
        SqlNode at = column(first);
        SqlIdentifier column = at instanceof SqlIdentifier id && id.names.size() > 1
                ? SqlTrees.identifier(id.names.get(0), time) : SqlTrees.identifier(time);
        if (descending) {
            // The DESC call kept, its position with it: the splice places a LIMIT after it (Splicer).
            ((SqlCall) first).setOperand(0, column);
        } else {
            order.set(0, column);
        }
    }

    /** The column (or expression) of the first key of {@code order} as SQL, without its direction: {@code c.pt}. */
    static String firstKey(SqlNodeList order) {
        return SqlTrees.unparse(column(order.get(0)));
    }

    /** What the order key {@code key} orders by: the operand of its {@code DESC}, or the key itself. */
    private static SqlNode column(SqlNode key) {
        return key.getKind() == SqlKind.DESCENDING ? ((SqlCall) key).operand(0) : key;
    }

    /** The keys of {@code order} after its first, as SQL ({@code page, id DESC}); empty for one key. */
    static String laterKeys(SqlNodeList order) {
        return order.size() < 2 ? "" : SqlTrees.unparse(new SqlNodeList(order.getList().subList(1, order.size()), SqlParserPos.ZERO));
    }
}
