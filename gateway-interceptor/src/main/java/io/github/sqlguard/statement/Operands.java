package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;

import java.util.List;

/**
 * A call's operands as Flink's parser gives them, for the readers of this package that walk a parsed statement:
 * none for the Flink DDL nodes whose {@code getOperandList} throws {@code UnsupportedOperationException}, which hold
 * no expression, condition, hint or query such a walk reads. Stateless.
 */
final class Operands {

    private Operands() {}

    /** {@code call}'s operands; empty where it does not expose them. */
    static List<SqlNode> of(SqlCall call) {
        try {
            return call.getOperandList();
        } catch (UnsupportedOperationException e) {
            // Some Flink DDL nodes do not expose operands; they carry nothing the walks read.
            return List.of();
        }
    }
}
