package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlPostfixOperator;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;

import java.util.ArrayList;
import java.util.List;

/**
 * A node the rewrite made, unparsed with the {@code ASC} the user wrote after each order key of a
 * window in it that the rewrite took from the user's statement. Calcite's parser keeps no node for
 * an explicit {@code ASC} (its {@code OrderItem} production makes a {@code DESC} call only, {@code
 * SqlStdOperatorTable.DESC}), so a rewrite that writes a new {@code OVER} clause from a {@code
 * LATERAL}'s {@code ORDER BY ... product ASC} printed {@code ORDER BY ... product} (round 41, case
 * 439; issue 30 §1: keep the user's keywords). Whether the user wrote it is read from Flink's tokens
 * of the statement ({@link SqlTokens}): the token right after the key's last one.
 */
final class AscendingKeys {

    /** Unparses its operand followed by {@code ASC}, as Calcite's own {@code DESC} operator does with {@code DESC}. */
    private static final SqlPostfixOperator ASC =
            new SqlPostfixOperator("ASC", SqlKind.OTHER, 20, ReturnTypes.ARG0, InferTypes.RETURN_TYPE, OperandTypes.ANY);

    private AscendingKeys() {}

    /** {@code node} unparsed ({@link SqlTrees#unparse}), each order key the user wrote {@code ASC} after with its {@code ASC}. */
    static String unparse(SqlNode node, Splicer.Offsets offsets) {
        List<Runnable> restore = new ArrayList<>();
        try {
            mark(node, offsets, restore);
            return SqlTrees.unparse(node);
        } finally {
            // The tree is the rewrite's: it is left as it was, the ASC being the text's only.
            restore.forEach(Runnable::run);
        }
    }

    private static void mark(SqlNode node, Splicer.Offsets offsets, List<Runnable> restore) {
        if (node instanceof SqlWindow window && window.getOrderList() != null) {
            SqlNodeList order = window.getOrderList();
            for (int i = 0; i < order.size(); i++) {
                SqlNode key = order.get(i);
                if ((key.getKind() == SqlKind.NULLS_FIRST || key.getKind() == SqlKind.NULLS_LAST)
                        && key instanceof SqlCall nulls) {
                    // ORDER BY sold ASC NULLS LAST: the ASC stands between the key and its NULLS LAST call.
                    SqlNode operand = nulls.operand(0);
                    if (operand.getKind() != SqlKind.DESCENDING && writtenAscending(operand, offsets)) {
                        nulls.setOperand(0, ASC.createCall(operand.getParserPosition(), operand));
                        restore.add(() -> nulls.setOperand(0, operand));
                    }
                } else if (key.getKind() != SqlKind.DESCENDING && writtenAscending(key, offsets)) {
                    int at = i;
                    order.set(at, ASC.createCall(key.getParserPosition(), key));
                    restore.add(() -> order.set(at, key));
                }
            }
            return;
        }
        for (SqlNode child : Trees.children(node)) {
            mark(child, offsets, restore);
        }
    }

    /** True when {@code key} is a node of the user's statement with an {@code ASC} token right after it. */
    private static boolean writtenAscending(SqlNode key, Splicer.Offsets offsets) {
        if (!offsets.isOriginal(key)) {
            return false;
        }
        int end = Splicer.last(key, offsets);
        SqlTokens tokens = offsets.tokens();
        int last = tokens.endingBy(end);
        return end >= 0 && last >= 0 && tokens.get(last).end() == end
                && tokens.is(last + 1, FlinkSqlParserImplConstants.ASC);
    }
}
