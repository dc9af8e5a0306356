package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.FromTable;
import io.github.sqlguard.statement.RankBounds;
import io.github.sqlguard.statement.RankOrders;
import io.github.sqlguard.statement.SqlChildren;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finding one's way in a statement's tree as Flink's SQL parser gives it: the query blocks, the
 * tables they read, the rank functions they compute and the filters on them. A tree is mutable
 * (Calcite's nodes have setters); a rewrite works on a tree parsed for it alone, so what it
 * changes is nobody else's. Stateless.
 */
final class Trees {

    /** The rank functions of a streaming Top-N, by the name Flink's parser gives them. */
    static final Set<String> RANK_FUNCTIONS = Set.of("ROW_NUMBER", "RANK", "DENSE_RANK");

    private Trees() {}

    /** The nodes directly under {@code node}: a call's operands, a list's items, a statement's parts ({@link SqlChildren}). */
    static List<SqlNode> children(SqlNode node) {
        return SqlChildren.of(node);
    }

    /** Each node's parent in the tree of {@code root}, by identity. */
    static Map<SqlNode, SqlNode> parents(SqlNode root) {
        Map<SqlNode, SqlNode> parents = new IdentityHashMap<>();
        List<SqlNode> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            SqlNode node = stack.remove(stack.size() - 1);
            for (SqlNode child : children(node)) {
                if (!parents.containsKey(child)) {
                    parents.put(child, node);
                    stack.add(child);
                }
            }
        }
        return parents;
    }

    /** Every query block ({@code SELECT}) of the tree, outer ones first. */
    static List<SqlSelect> selects(SqlNode root) {
        List<SqlSelect> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(SqlNode node, List<SqlSelect> out) {
        if (node instanceof SqlSelect select) {
            out.add(select);
        }
        for (SqlNode child : children(node)) {
            collect(child, out);
        }
    }

    /**
     * Puts {@code replacement} where {@code old} is in its parent; false when the parent cannot
     * take it (or {@code old} is the root).
     */
    static boolean replace(Map<SqlNode, SqlNode> parents, SqlNode old, SqlNode replacement) {
        SqlNode parent = parents.get(old);
        if (parent instanceof SqlNodeList list) {
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) == old) {
                    list.set(i, replacement);
                    return true;
                }
            }
            return false;
        }
        if (parent instanceof SqlCall call) {
            List<SqlNode> operands;
            try {
                operands = call.getOperandList();
            } catch (UnsupportedOperationException e) {
                return false;
            }
            for (int i = 0; i < operands.size(); i++) {
                if (operands.get(i) == old) {
                    try {
                        call.setOperand(i, replacement);
                        return true;
                    } catch (UnsupportedOperationException | AssertionError e) {
                        return false;
                    }
                }
            }
        }
        return false;
    }

    /**
     * A rank function computed by a query block: {@code ROW_NUMBER() OVER (PARTITION BY ... ORDER BY
     * ...) AS rn}.
     *
     * @param select the block
     * @param index its position in the block's select list
     * @param alias its alias, or null
     * @param over the {@code OVER} call
     * @param function the rank function's call
     * @param window the window, written inline
     */
    record RankItem(SqlSelect select, int index, String alias, SqlCall over, SqlCall function, SqlWindow window) {

        String functionName() {
            return function.getOperator().getName().toUpperCase(Locale.ROOT);
        }

        /** The last name of each column its window is partitioned by ({@code o.user_id} as {@code user_id}); expressions left out. */
        List<String> partitionColumns() {
            return RankOrders.partitionColumns(window.getPartitionList());
        }

        /** True when every row of a partition ties in the window's {@code ORDER BY} ({@link RankOrders#tiesWholePartition}). */
        boolean orderTiesWholePartition() {
            return RankOrders.tiesWholePartition(window);
        }
    }

    /** The rank functions computed by {@code select}'s select list with an inline window. */
    static List<RankItem> rankItems(SqlSelect select) {
        List<RankItem> out = new ArrayList<>();
        SqlNodeList items = select.getSelectList();
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            String alias = null;
            SqlNode value = item;
            if (item.getKind() == SqlKind.AS) {
                SqlCall as = (SqlCall) item;
                value = as.operand(0);
                alias = ((SqlIdentifier) as.operand(1)).getSimple();
            }
            if (value instanceof SqlCall over && over.getKind() == SqlKind.OVER
                    && over.operand(0) instanceof SqlCall function
                    && RANK_FUNCTIONS.contains(function.getOperator().getName().toUpperCase(Locale.ROOT))
                    && over.operand(1) instanceof SqlWindow window) {
                out.add(new RankItem(select, i, alias, over, function, window));
            }
        }
        return out;
    }

    /** Every rank function of the tree with an inline window. */
    static List<RankItem> rankItems(SqlNode root) {
        List<RankItem> out = new ArrayList<>();
        for (SqlSelect select : selects(root)) {
            out.addAll(rankItems(select));
        }
        return out;
    }

    /**
     * The query block that reads {@code inner} as its {@code FROM} (a subquery, aliased or not),
     * if there is one.
     */
    static Optional<SqlSelect> outer(Map<SqlNode, SqlNode> parents, SqlSelect inner) {
        SqlNode node = inner;
        SqlNode parent = parents.get(node);
        if (parent != null && parent.getKind() == SqlKind.AS) {
            node = parent;
            parent = parents.get(node);
        }
        if (parent instanceof SqlSelect outer && outer.getFrom() == node) {
            return Optional.of(outer);
        }
        return Optional.empty();
    }

    /**
     * The query block that reads {@code inner}: the one with it as its {@code FROM} ({@link #outer}),
     * or, where {@code inner} is the query of a {@code WITH} item, the one block of the {@code WITH}'s
     * body that reads the item by its name as its {@code FROM} (aliased or not); empty when no block,
     * or more than one, does. For the families that only read the reader's filter (is it a Top-1?)
     * and change nothing but the inner block.
     */
    static Optional<SqlSelect> reader(Map<SqlNode, SqlNode> parents, SqlSelect inner) {
        Optional<SqlSelect> direct = outer(parents, inner);
        if (direct.isPresent()) {
            return direct;
        }
        if (!(parents.get(inner) instanceof SqlWithItem item) || item.query != inner
                || !(parents.get(parents.get(item)) instanceof SqlWith with)) {
            return Optional.empty();
        }
        String name = item.name.getSimple();
        List<SqlSelect> readers = new ArrayList<>();
        for (SqlSelect select : selects(with.body)) {
            SqlNode from = select.getFrom();
            SqlNode table = SqlUtil.stripAs(from);
            if (table instanceof SqlIdentifier id && id.isSimple() && id.getSimple().equals(name)) {
                readers.add(select);
            }
        }
        return readers.size() == 1 ? Optional.of(readers.get(0)) : Optional.empty();
    }

    /** A conjunct of a {@code WHERE} that bounds a rank alias: {@code rn <= 3}, {@code rn = 1}, {@code rn < 4}. */
    record RankBound(SqlNode conjunct, long maxRank) {}

    /** The conjuncts of {@code where} (split at top-level {@code AND}). */
    static List<SqlNode> conjuncts(SqlNode where) {
        return io.github.sqlguard.statement.Conjuncts.of(where);
    }

    /** {@code conjuncts} joined by {@code AND}; null for none. */
    static SqlNode and(List<SqlNode> conjuncts) {
        SqlNode out = null;
        for (SqlNode conjunct : conjuncts) {
            out = out == null ? conjunct : SqlStdOperatorTable.AND.createCall(SqlParserPos.ZERO, out, conjunct);
        }
        return out;
    }

    /** The Top-N bound on {@code alias} among {@code where}'s conjuncts, if one is there ({@link RankBounds}). */
    static Optional<RankBound> rankBound(SqlNode where, String alias) {
        return RankBounds.of(where, alias).map(b -> new RankBound(b.conjunct(), b.maxRank()));
    }

    /** True when {@code node} reads the column {@code alias} (unqualified or qualified by any alias). */
    static boolean refersTo(SqlNode node, String alias) {
        if (node instanceof SqlIdentifier id) {
            return !id.isStar() && id.names.get(id.names.size() - 1).equals(alias);
        }
        for (SqlNode child : children(node)) {
            if (refersTo(child, alias)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A table a query block reads by name: an identifier in its {@code FROM}, with the alias the
     * block gives it.
     *
     * @param name the identifier as written
     * @param alias the alias, or null
     * @param item the {@code FROM} item: the identifier, or its {@code AS} (or hinted table) around it
     */
    record TableRef(SqlIdentifier name, String alias, SqlNode item) {

        /** How the block names the table's columns: its alias, else its last name part. */
        String reference() {
            return alias != null ? alias : name.names.get(name.names.size() - 1);
        }
    }

    /** The tables {@code from} reads by name, through joins and aliases; subqueries are not entered. */
    static List<TableRef> tableRefs(SqlNode from) {
        List<TableRef> out = new ArrayList<>();
        tableRefs(from, out);
        return out;
    }

    private static void tableRefs(SqlNode from, List<TableRef> out) {
        if (from == null) {
            return;
        }
        if (from instanceof SqlIdentifier id) {
            out.add(new TableRef(id, null, id));
        } else if (from instanceof SqlJoin join) {
            tableRefs(join.getLeft(), out);
            tableRefs(join.getRight(), out);
        } else if (from.getKind() == SqlKind.AS) {
            SqlCall as = (SqlCall) from;
            SqlNode inner = as.operand(0);
            String alias = ((SqlIdentifier) as.operand(1)).getSimple();
            SqlIdentifier table = tableName(inner);
            if (table != null) {
                out.add(new TableRef(table, alias, from));
            }
        } else {
            SqlIdentifier table = tableName(from);
            if (table != null) {
                out.add(new TableRef(table, null, from));
            }
        }
    }

    /** The table a {@code FROM} item names: an identifier, or one with hints ({@code SqlTableRef}). */
    static SqlIdentifier tableName(SqlNode item) {
        return FromTable.named(item).orElse(null);
    }

    /** Every table name read in a {@code FROM} anywhere in the tree (subqueries, joins, WITH items, TVFs). */
    static List<SqlIdentifier> tablesRead(SqlNode root) {
        List<SqlIdentifier> out = new ArrayList<>();
        for (SqlSelect select : selects(root)) {
            for (TableRef ref : tableRefs(select.getFrom())) {
                out.add(ref.name());
            }
            tvfTables(select.getFrom(), out);
        }
        return out;
    }

    /**
     * The tables a window TVF of the {@code FROM} item {@code from} reads: {@code TABLE(TUMBLE(TABLE t,
     * ...))} reads {@code t} through {@code EXPLICIT_TABLE} (also as {@code DATA => TABLE t}, and in a join).
     */
    private static void tvfTables(SqlNode from, List<SqlIdentifier> out) {
        if (from == null) {
            return;
        }
        if (from instanceof SqlJoin join) {
            tvfTables(join.getLeft(), out);
            tvfTables(join.getRight(), out);
        } else if (from.getKind() == SqlKind.AS) {
            tvfTables(((SqlCall) from).operand(0), out);
        } else if (from.getKind() == SqlKind.COLLECTION_TABLE) {
            explicitTables(from, out);
        }
    }

    private static void explicitTables(SqlNode node, List<SqlIdentifier> out) {
        if (!(node instanceof SqlCall call)) {
            return;
        }
        for (SqlNode operand : call.getOperandList()) {
            if (call.getKind() == SqlKind.EXPLICIT_TABLE && operand instanceof SqlIdentifier id) {
                out.add(id);
            } else if (operand != null && !(operand instanceof SqlSelect)) {
                explicitTables(operand, out);
            }
        }
    }

    /** The names of the {@code WITH} items of the tree: a {@code FROM} of one of these is not a catalog table. */
    static Set<String> withNames(SqlNode root) {
        Set<String> names = new java.util.HashSet<>();
        List<SqlNode> stack = new ArrayList<>(List.of(root));
        while (!stack.isEmpty()) {
            SqlNode node = stack.remove(stack.size() - 1);
            if (node instanceof SqlWith with) {
                for (SqlNode item : with.withList) {
                    names.add(((SqlWithItem) item).name.getSimple());
                }
            }
            stack.addAll(children(node));
        }
        return names;
    }

    /**
     * The query of the {@code WITH} item that {@code select} reads as its whole {@code FROM} ({@code FROM c} or {@code
     * FROM c AS x}), where it is a plain {@code SELECT} and no other {@code FROM} of the tree names the item (a change of
     * it changes what {@code select} reads alone); empty otherwise.
     */
    static Optional<SqlSelect> withItemRead(SqlNode root, SqlSelect select) {
        SqlIdentifier name = tableName(SqlUtil.stripAs(select.getFrom()));
        if (name == null || !name.isSimple()) {
            return Optional.empty();
        }
        long readers = tablesRead(root).stream().filter(t -> t.isSimple() && t.getSimple().equals(name.getSimple())).count();
        List<SqlNode> stack = new ArrayList<>(List.of(root));
        SqlSelect found = null;
        while (!stack.isEmpty()) {
            SqlNode node = stack.remove(stack.size() - 1);
            if (node instanceof SqlWith with) {
                for (SqlNode item : with.withList) {
                    if (((SqlWithItem) item).name.getSimple().equals(name.getSimple())
                            && ((SqlWithItem) item).query instanceof SqlSelect query) {
                        found = query;
                    }
                }
            }
            stack.addAll(children(node));
        }
        return found != null && readers == 1 ? Optional.of(found) : Optional.empty();
    }

    /** The source query of an INSERT, or null. */
    static SqlNode insertSource(SqlNode node) {
        return node instanceof RichSqlInsert insert ? insert.getSource() : null;
    }

    /** True when {@code literal} is the integer constant {@code value}. */
    static boolean isInteger(SqlNode node, long value) {
        return node instanceof SqlLiteral literal && node instanceof SqlNumericLiteral n && n.isInteger()
                && literal.longValue(true) == value;
    }
}
