package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;

/** The conjuncts of a condition of Flink's parse tree, as the statement facts and the rewrites read them. */
public final class Conjuncts {

    private Conjuncts() {}

    /** The conjuncts of {@code where} (split at top-level {@code AND}); none for null. */
    public static List<SqlNode> of(SqlNode where) {
        List<SqlNode> out = new ArrayList<>();
        collect(where, out);
        return out;
    }

    private static void collect(SqlNode where, List<SqlNode> out) {
        if (where == null) {
            return;
        }
        if (where.getKind() == SqlKind.AND) {
            for (SqlNode operand : ((SqlCall) where).getOperandList()) {
                collect(operand, out);
            }
        } else {
            out.add(where);
        }
    }
}
