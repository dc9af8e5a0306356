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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one query of a statement that reads a table and filters it, where that query is a subquery or a {@code WITH}
 * item the statement reads its rows through, not the statement's aggregating or ranking {@code SELECT} ({@code WITH b
 * AS (SELECT bid.auction AS a, bid.price AS p FROM events WHERE event_type = 2)}, or the same query in parentheses in
 * a {@code FROM}): a window over the table itself would drop its {@code WHERE}, so a window fix windows the table in
 * that query's {@code FROM} and keeps the names it gives ({@code a} for {@code bid.auction}), as the window-top-n
 * rewrite writes it. Stateless.
 *
 * @param name the {@code WITH} item's name or the subquery's alias; empty for a subquery without one
 * @param names the names the query gives what it selects, by the {@link WrittenExpressions#form form} of what it
 *     selects ({@code BID.AUCTION} to {@code a}); a column it selects as it is keeps its name
 */
public record FilteringQuery(String name, Map<String, String> names) {

    /** Statement trees are walked this deep. */
    private static final int MAX_DEPTH = 256;

    public FilteringQuery {
        names = Map.copyOf(names);
    }

    /**
     * The query of {@code statement} that reads {@code table} (by its last name) and filters it, where it is the only
     * query that reads it, has a {@code WHERE} and neither groups nor ranks ({@code GROUP BY}, {@code HAVING}, {@code
     * DISTINCT}, {@code OVER}, {@code ORDER BY}, {@code LIMIT}), and is a subquery or a {@code WITH} item; empty
     * otherwise, or where the statement does not parse.
     */
    public static Optional<FilteringQuery> of(String statement, String table) {
        Optional<SqlNode> tree = QueryFacts.parse(statement);
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        List<Found> found = new ArrayList<>();
        collect(tree.get(), null, table, found, 0);
        if (found.size() != 1 || found.get(0).holder() == null) {
            return Optional.empty();
        }
        SqlSelect select = found.get(0).select();
        if (select.getWhere() == null || select.getGroup() != null || select.getHaving() != null || select.isDistinct()
                || select.getFetch() != null || select.getOffset() != null
                || select.getOrderList() != null && !select.getOrderList().isEmpty() || over(select.getSelectList())) {
            return Optional.empty();
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (SqlNode item : select.getSelectList()) {
            if (item.getKind() == SqlKind.AS) {
                SqlCall as = (SqlCall) item;
                names.put(WrittenExpressions.form(FilteredView.unparse(as.operand(0))),
                        ((SqlIdentifier) as.operand(1)).getSimple());
            } else if (item instanceof SqlIdentifier id && !id.isStar()) {
                names.put(WrittenExpressions.form(FilteredView.unparse(id)), id.names.get(id.names.size() - 1));
            }
        }
        return Optional.of(new FilteringQuery(found.get(0).holder(), names));
    }

    /**
     * The statement's name for {@code key}, a column of the plan over this query's rows: the name the query gives what
     * Flink prints as {@code key} ({@code a} for {@code bid.auction}), else {@code key} itself.
     */
    public String nameOf(String key) {
        return names.getOrDefault(WrittenExpressions.form(key), key);
    }

    private record Found(SqlSelect select, String holder) {}

    /** Each SELECT that reads {@code table}, with the name of the WITH item or subquery holding it ("" unnamed, null none). */
    private static void collect(SqlNode node, String holder, String table, List<Found> out, int depth) {
        if (node == null || depth >= MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlWith with) {
            for (SqlNode item : with.withList) {
                SqlWithItem withItem = (SqlWithItem) item;
                collect(withItem.query, withItem.name.getSimple(), table, out, depth + 1);
            }
            collect(with.body, holder, table, out, depth + 1);
            return;
        }
        if (node instanceof SqlSelect select) {
            if (reads(select.getFrom(), table)) {
                out.add(new Found(select, holder));
            }
            collectFrom(select.getFrom(), table, out, depth + 1);
            for (SqlNode operand : new SqlNode[] {select.getSelectList(), select.getWhere(), select.getHaving()}) {
                collect(operand, "", table, out, depth + 1);
            }
            return;
        }
        for (SqlNode child : SqlChildren.of(node)) {
            collect(child, holder, table, out, depth + 1);
        }
    }

    /** The queries of a FROM: a subquery's held by its alias ("" without one), a join's inputs each. */
    private static void collectFrom(SqlNode from, String table, List<Found> out, int depth) {
        if (from == null || depth >= MAX_DEPTH) {
            return;
        }
        if (from.getKind() == SqlKind.AS) {
            SqlCall as = (SqlCall) from;
            SqlNode alias = as.operand(1);
            collect(as.operand(0), alias instanceof SqlIdentifier id ? id.getSimple() : "", table, out, depth + 1);
        } else if (from instanceof org.apache.calcite.sql.SqlJoin join) {
            collectFrom(join.getLeft(), table, out, depth + 1);
            collectFrom(join.getRight(), table, out, depth + 1);
        } else if (from instanceof SqlSelect || from instanceof SqlWith || from.getKind() == SqlKind.UNION) {
            collect(from, "", table, out, depth + 1);
        } else if (!(from instanceof SqlIdentifier)) {
            collect(from, null, table, out, depth + 1);
        }
    }

    /** True where {@code from} is {@code table}, aliased or not. */
    private static boolean reads(SqlNode from, String table) {
        SqlNode read = from != null && from.getKind() == SqlKind.AS ? ((SqlCall) from).operand(0) : from;
        return read instanceof SqlIdentifier id && !id.isStar() && id.names.get(id.names.size() - 1).equalsIgnoreCase(table);
    }

    private static boolean over(SqlNode node) {
        if (node instanceof SqlCall call) {
            return call.getKind() == SqlKind.OVER || call.getOperandList().stream().anyMatch(o -> o != null && over(o));
        }
        return node instanceof SqlNodeList list && list.stream().anyMatch(o -> o != null && over(o));
    }
}
