package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The columns by which a join reads a table {@code FOR SYSTEM_TIME AS OF} a time ({@code JOIN customers FOR SYSTEM_TIME
 * AS OF o.proc AS c ON o.email = c.email}: {@code email}): the columns of that table its condition equates with a
 * column of the other side. They are the lookup keys Flink keeps a lookup join's key by: Flink 2.3.0 {@code
 * FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable} compares the table's PRIMARY KEY with the targets of {@code
 * joinInfo.pairs()} (column equals column; an equality with a constant is no pair), and gives the join's result no
 * unique key from the table unless they hold the whole key. Read with Flink's parser. Stateless.
 */
public final class LookupKeys {

    private static final int MAX_DEPTH = 256;

    private LookupKeys() {}

    /**
     * The columns of the input {@code name} (an alias, else the table's name: {@link HintInputName}) read {@code FOR
     * SYSTEM_TIME AS OF} in {@code statement} that its join's condition equates with a column of another input, in the
     * condition's order; empty where no such join reads it or the statement does not parse.
     */
    public static List<String> of(String statement, String name) {
        List<String> out = new ArrayList<>();
        try {
            for (SqlNode node : FlinkSqlParser.parseStmtList(statement)) {
                collect(node, name, out, 0);
            }
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return List.of();
        }
        return List.copyOf(out);
    }

    private static void collect(SqlNode node, String name, List<String> out, int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlJoin join && asOf(join.getRight()) && HintInputName.of(join.getRight()).equals(Optional.of(name))) {
            for (SqlNode conjunct : Conjuncts.of(join.getCondition())) {
                if (conjunct.getKind() != SqlKind.EQUALS) {
                    continue;
                }
                SqlNode a = ((SqlCall) conjunct).operand(0);
                SqlNode b = ((SqlCall) conjunct).operand(1);
                column(a, name).filter(c -> other(b, name)).or(() -> column(b, name).filter(c -> other(a, name)))
                        .filter(c -> !out.contains(c)).ifPresent(out::add);
            }
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(child -> collect(child, name, out, depth + 1));
        } else if (node instanceof SqlCall call) {
            Operands.of(call).forEach(child -> collect(child, name, out, depth + 1));
        }
    }

    /** True for {@code t FOR SYSTEM_TIME AS OF x}, aliased or not. */
    private static boolean asOf(SqlNode item) {
        SqlNode inner = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
        return inner.getKind() == SqlKind.SNAPSHOT;
    }

    /** The column {@code node} names as {@code name.column}. */
    private static Optional<String> column(SqlNode node, String name) {
        return node instanceof SqlIdentifier id && id.names.size() == 2 && id.names.get(0).equals(name)
                ? Optional.of(id.names.get(1)) : Optional.empty();
    }

    /** True for a column of another input than {@code name}, qualified by it. */
    private static boolean other(SqlNode node, String name) {
        return node instanceof SqlIdentifier id && id.names.size() == 2 && !id.names.get(0).equals(name);
    }
}
