package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code WITH} items of a statement, each with its query and the SQL that reads it (the {@code WITH}'s body and
 * its other items' queries), as SQL in the guard's writing ({@link FilteredView#unparse}): where an item renames a
 * column its query computes ({@code WITH b AS (SELECT bid.auction AS a ...)}), the SQL that reads it names the item's
 * name for it ({@code a}), and Flink's plan shows neither (a field access {@code $1}). Stateless.
 */
public final class WithItems {

    /** Statement trees are walked this deep. */
    private static final int MAX_DEPTH = 256;

    private WithItems() {}

    /**
     * A {@code WITH} item.
     *
     * @param name the item's name
     * @param query its query, as SQL
     * @param readBy the SQL that can read it: its {@code WITH}'s body and the other items' queries
     * @param projects where its query projects or filters one table or view as it is (one {@code FROM} name, no join,
     *     {@code GROUP BY}, {@code HAVING}, {@code DISTINCT}, OVER, {@code ORDER BY} or {@code LIMIT}: Flink plans it as a
     *     Calc over that table's scan), that name's last part; empty otherwise
     */
    public record WithItem(String name, String query, String readBy, Optional<String> projects) {}

    /** The {@code WITH} items of {@code statement}, at any depth; empty where it has none or does not parse. */
    public static List<WithItem> of(String statement) {
        List<WithItem> out = new ArrayList<>();
        QueryFacts.parse(statement).ifPresent(tree -> collect(tree, out, 0));
        return List.copyOf(out);
    }

    /** The table or view {@code query} projects or filters as it is ({@link WithItem#projects}); empty otherwise. */
    private static Optional<String> projected(SqlNode query) {
        if (!(query instanceof SqlSelect select) || select.getGroup() != null || select.getHaving() != null
                || select.isDistinct() || !select.getWindowList().isEmpty() || select.getFetch() != null
                || select.getOffset() != null || select.getOrderList() != null && !select.getOrderList().isEmpty()
                || select.getSelectList().stream().anyMatch(WithItems::over)) {
            return Optional.empty();
        }
        SqlNode from = select.getFrom() != null && select.getFrom().getKind() == SqlKind.AS
                ? ((SqlCall) select.getFrom()).operand(0) : select.getFrom();
        return from instanceof SqlIdentifier id && !id.isStar()
                ? Optional.of(id.names.get(id.names.size() - 1)) : Optional.empty();
    }

    /** True where {@code node} holds an OVER call (a ranking, an OVER aggregate). */
    private static boolean over(SqlNode node) {
        if (node instanceof SqlCall call) {
            return call.getKind() == SqlKind.OVER
                    || call.getOperandList().stream().anyMatch(o -> o != null && over(o));
        }
        return node instanceof SqlNodeList list && list.stream().anyMatch(o -> o != null && over(o));
    }

    private static void collect(SqlNode node, List<WithItem> out, int depth) {
        if (node == null || depth >= MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlWith with) {
            List<SqlWithItem> items = with.withList.stream().map(SqlWithItem.class::cast).toList();
            for (SqlWithItem item : items) {
                StringBuilder readBy = new StringBuilder(FilteredView.unparse(with.body));
                items.stream().filter(other -> other != item)
                        .forEach(other -> readBy.append('\n').append(FilteredView.unparse(other.query)));
                out.add(new WithItem(item.name.getSimple(), FilteredView.unparse(item.query), readBy.toString(),
                        projected(item.query)));
            }
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                collect(operand, out, depth + 1);
            }
        } else if (node instanceof SqlNodeList list) {
            for (SqlNode item : list) {
                collect(item, out, depth + 1);
            }
        }
    }
}
