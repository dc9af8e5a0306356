package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWindow;

import java.util.ArrayList;
import java.util.List;

/**
 * The order a rank function's window gives the rows of one partition, as the statement writes it.
 *
 * <p>Stateless.
 */
public final class RankOrders {

    private RankOrders() {}

    /**
     * True when every row of a partition ties in the window's {@code ORDER BY}: each of its keys (under {@code DESC} or
     * {@code NULLS FIRST/LAST}) is a literal or a column the window is partitioned by, one value within a partition
     * ({@code RANK() OVER (PARTITION BY a ORDER BY a)}, Flink's {@code RankTest#testRankFunctionInMiddle}): {@code
     * RANK()} and {@code DENSE_RANK()} number every row 1, and {@code ROW_NUMBER()} in an order the query does not set.
     */
    public static boolean tiesWholePartition(SqlWindow window) {
        List<String> partition = partitionColumns(window.getPartitionList());
        SqlNodeList order = window.getOrderList();
        if (order == null || order.isEmpty()) {
            return false;
        }
        for (SqlNode key : order) {
            SqlNode at = key;
            while (at instanceof SqlCall call && (call.getKind() == SqlKind.DESCENDING
                    || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
                at = call.operand(0);
            }
            boolean constant = at instanceof SqlLiteral
                    || (at instanceof SqlIdentifier id && partition.contains(id.names.get(id.names.size() - 1)));
            if (!constant) {
                return false;
            }
        }
        return true;
    }

    /** The last name of each column of {@code partitionBy} ({@code o.user_id} as {@code user_id}); expressions left out. */
    public static List<String> partitionColumns(SqlNodeList partitionBy) {
        List<String> columns = new ArrayList<>();
        for (SqlNode column : partitionBy) {
            if (column instanceof SqlIdentifier id) {
                columns.add(id.names.get(id.names.size() - 1));
            }
        }
        return columns;
    }
}
