package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;
import org.apache.flink.sql.parser.dql.SqlRichExplain;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one walk of a tree Flink's SQL parser read: the nodes directly under a node, for every reader that walks a
 * statement, its views' queries and a rewrite's tree alike ({@code rewrite.Trees#children}, {@link FilteringQuery},
 * {@code flink.ViewQueries}), so that no reader walks a Calcite tree by hand. Stateless.
 */
public final class SqlChildren {

    private SqlChildren() {}

    /**
     * The nodes directly under {@code node}, none null: a view definition's query ({@link FlinkLine#viewQuery}), a
     * list's items, a statement set's INSERTs, an {@code EXECUTE}'s or {@code EXPLAIN}'s statement, a call's operands
     * (none for the Flink DDL nodes whose {@code getOperandList} throws {@code UnsupportedOperationException}: they hold
     * nothing a reader reads, {@link Operands}).
     */
    public static List<SqlNode> of(SqlNode node) {
        List<SqlNode> out = new ArrayList<>();
        SqlNode viewQuery = FlinkLine.current().viewQuery(node);
        if (viewQuery != null) {
            out.add(viewQuery);
        } else if (node instanceof SqlNodeList list) {
            list.forEach(out::add);
        } else if (node instanceof SqlStatementSet set) {
            out.addAll(set.getInserts());
        } else if (node instanceof SqlExecute execute) {
            out.add(execute.getStatement());
        } else if (node instanceof SqlRichExplain explain) {
            out.add(explain.getStatement());
        } else if (node instanceof SqlCall call) {
            out.addAll(Operands.of(call));
        }
        out.removeIf(Objects::isNull);
        return out;
    }
}
