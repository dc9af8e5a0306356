package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;

/**
 * What the proof plans when a rewrite changes a table: the statement with each read of the table
 * replaced by its changed copy ({@link TableChange}), fully qualified and under the name
 * the statement used, so its columns read as before.
 */
final class ScratchReferences {

    private ScratchReferences() {}

    /** {@code tree}'s text with each {@code FROM} read of {@code table} reading {@code scratch} (same catalog and database). */
    static String replace(SqlNode tree, RewriteContext context, CatalogObject table, String scratch) {
        List<String> copy = new ArrayList<>(table.identifier().subList(0, 2));
        copy.add(scratch);
        for (SqlSelect select : Trees.selects(tree)) {
            select.setFrom(replaceIn(select.getFrom(), context, table, copy));
        }
        return SqlTrees.unparse(tree);
    }

    private static SqlNode replaceIn(SqlNode from, RewriteContext context, CatalogObject table, List<String> copy) {
        if (from == null) {
            return null;
        }
        if (from instanceof SqlIdentifier id && reads(id, context, table)) {
            return WindowTopN.as(scratch(copy), id.names.get(id.names.size() - 1));
        }
        if (from instanceof org.apache.calcite.sql.SqlJoin join) {
            join.setLeft(replaceIn(join.getLeft(), context, table, copy));
            join.setRight(replaceIn(join.getRight(), context, table, copy));
            return join;
        }
        if (from.getKind() == SqlKind.AS && ((SqlCall) from).operand(0) instanceof SqlIdentifier id && reads(id, context, table)) {
            ((SqlCall) from).setOperand(0, scratch(copy));
        }
        if (from.getKind() == SqlKind.AS && ((SqlCall) from).operand(0).getKind() == SqlKind.SNAPSHOT
                && ((SqlCall) ((SqlCall) from).operand(0)).operand(0) instanceof SqlIdentifier id && reads(id, context, table)) {
            // t FOR SYSTEM_TIME AS OF ... AS a: the snapshot reads t.
            ((SqlCall) ((SqlCall) from).operand(0)).setOperand(0, scratch(copy));
        }
        if (from.getKind() == SqlKind.COLLECTION_TABLE) {
            // A window TVF: TABLE(TUMBLE(TABLE t, ...)) reads t through EXPLICIT_TABLE.
            replaceExplicit(from, context, table, copy);
        }
        return from;
    }

    private static void replaceExplicit(SqlNode node, RewriteContext context, CatalogObject table, List<String> copy) {
        if (node instanceof SqlCall call) {
            List<SqlNode> operands = call.getOperandList();
            for (int i = 0; i < operands.size(); i++) {
                SqlNode operand = operands.get(i);
                if (call.getKind() == SqlKind.EXPLICIT_TABLE && operand instanceof SqlIdentifier id && reads(id, context, table)) {
                    call.setOperand(i, scratch(copy));
                } else if (operand != null) {
                    replaceExplicit(operand, context, table, copy);
                }
            }
        }
    }

    private static boolean reads(SqlIdentifier id, RewriteContext context, CatalogObject table) {
        return !id.isStar() && context.lookUp(id.names).map(o -> o.identifier().equals(table.identifier())).orElse(false);
    }

    private static SqlIdentifier scratch(List<String> copy) {
        return new SqlIdentifier(copy, null, SqlParserPos.ZERO,
                List.of(SqlParserPos.QUOTED_ZERO, SqlParserPos.QUOTED_ZERO, SqlParserPos.QUOTED_ZERO));
    }
}
