package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.List;

/**
 * A select item that is an expression over a {@code GROUP BY} column ({@code UPPER(name)} of {@code SELECT UPPER(name),
 * SUM(score) ... GROUP BY name}): Flink keeps the aggregation's key through the projection only where its columns are
 * selected as they are, renamed, or cast to a type that keeps every value apart ({@code FlinkRelMdUniqueKeys
 * #getProjectUniqueKeys}), as it cannot know whether a function keeps distinct values apart. An aggregate's argument
 * ({@code COUNT(a)}) is no such expression: it is not a key of the row the aggregation emits.
 */
public final class GroupKeyExpressions {

    private static final int MAX_DEPTH = 64;

    private GroupKeyExpressions() {}

    /**
     * True when {@code node} names one of {@code columns} (each as {@link ParsedStatement.Grouping} names them: the
     * last part of the identifier, as SQL) outside an aggregate call or an {@code OVER} window.
     */
    public static boolean mentionsAny(SqlNode node, List<String> columns) {
        return mentionsAny(node, columns, 0);
    }

    /** The column {@code identifier} names, as {@link ParsedStatement.Grouping} names it. */
    public static String column(SqlIdentifier identifier) {
        return SqlIdentifiers.sql(identifier.names.get(identifier.names.size() - 1));
    }

    private static boolean mentionsAny(SqlNode node, List<String> columns, int depth) {
        if (node == null || depth > MAX_DEPTH || columns.isEmpty()) {
            return false;
        }
        if (node instanceof SqlIdentifier identifier) {
            return !identifier.isStar() && columns.contains(column(identifier));
        }
        if (node instanceof SqlNodeList list) {
            return list.getList().stream().anyMatch(n -> mentionsAny(n, columns, depth + 1));
        }
        return node instanceof SqlCall call && !AggregateCalls.isAggregate(call) && call.getKind() != SqlKind.OVER
                && Operands.of(call).stream().anyMatch(n -> mentionsAny(n, columns, depth + 1));
    }
}
