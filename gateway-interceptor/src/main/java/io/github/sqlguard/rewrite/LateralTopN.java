package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.CorrelatedKey;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A Top-N written with {@code LATERAL}: the keys of a relation, each joined with its first rows of
 * that relation,
 *
 * <pre>{@code
 * SELECT s.shop, t.product, t.sold
 * FROM (SELECT DISTINCT shop FROM counts) s,
 *      LATERAL (SELECT product, sold FROM counts WHERE counts.shop = s.shop ORDER BY sold DESC LIMIT 3) t
 * }</pre>
 *
 * written as the {@code ROW_NUMBER} Top-N of the same rows, {@code SELECT t.shop, t.product, t.sold
 * FROM (SELECT shop, product, sold, ROW_NUMBER() OVER (PARTITION BY shop ORDER BY sold DESC) AS rn
 * FROM counts) t WHERE rn <= 3}, so that the families that change a ranking (a window Top-N) can
 * change this one. The two are the same rows only where every key the left side yields is a key of
 * the relation the {@code LATERAL} ranks: the left side must be {@code SELECT DISTINCT <the
 * correlated columns> FROM <the same relation>}, and the subquery's only reference to it the
 * equalities of those columns ({@link CorrelatedKey}, as the statement facts read them, each of a
 * column with the left side's column of the same name); the subquery's other conditions stay (the rows ranked).
 */
final class LateralTopN {

    /** The rewritten form, and what it says of the change. */
    record Ranked(SqlNode tree, String keys, long limit, String rowNumber) {}

    private LateralTopN() {}

    /**
     * {@code tree} with its one {@code LATERAL} Top-N written as a {@code ROW_NUMBER} Top-N (the tree
     * is changed in place); empty when it has none of that shape, or more than one.
     */
    static Optional<Ranked> asRowNumber(SqlNode tree) {
        Ranked found = null;
        for (SqlSelect outer : Trees.selects(tree)) {
            if (outer.getFrom() instanceof SqlJoin join) {
                Optional<Ranked> ranked = rewrite(tree, outer, join);
                if (ranked.isPresent()) {
                    if (found != null) {
                        return Optional.empty();
                    }
                    found = ranked.get();
                }
            }
        }
        return Optional.ofNullable(found);
    }

    private static Optional<Ranked> rewrite(SqlNode tree, SqlSelect outer, SqlJoin join) {
        if (join.getCondition() != null || outer.getGroup() != null && !outer.getGroup().isEmpty()
                || outer.getHaving() != null || outer.isDistinct() || WindowTopN.star(outer.getSelectList())) {
            return Optional.empty();
        }
        Aliased left = aliased(join.getLeft());
        Aliased right = aliased(join.getRight());
        if (left == null || right == null || !(left.node() instanceof SqlSelect keys)
                || right.node().getKind() != SqlKind.LATERAL
                || !(((SqlCall) right.node()).operand(0) instanceof SqlOrderBy limited)
                || !(limited.query instanceof SqlSelect ranked) || limited.offset != null) {
            return Optional.empty();
        }
        OptionalLong limit = positive(limited.fetch);
        if (limit.isEmpty() || limited.orderList == null || limited.orderList.isEmpty()) {
            return Optional.empty();
        }
        // The left side: SELECT DISTINCT <columns> FROM <relation>, nothing else.
        SqlIdentifier relation = Trees.tableName(ranked.getFrom());
        SqlIdentifier keysFrom = Trees.tableName(keys.getFrom());
        if (!keys.isDistinct() || keys.getWhere() != null || keys.getGroup() != null && !keys.getGroup().isEmpty()
                || relation == null || keysFrom == null
                || !keysFrom.equalsDeep(relation, org.apache.calcite.util.Litmus.IGNORE)) {
            return Optional.empty();
        }
        List<String> keyColumns = new ArrayList<>();
        for (SqlNode item : keys.getSelectList()) {
            if (!(item instanceof SqlIdentifier id) || id.isStar()) {
                return Optional.empty();
            }
            keyColumns.add(last(id));
        }
        // The subquery: correlated only by <relation>.<key> = <left>.<key>, for each key once.
        List<String> correlated = new ArrayList<>();
        List<SqlNode> rest = new ArrayList<>();
        for (SqlNode conjunct : Trees.conjuncts(ranked.getWhere())) {
            Optional<CorrelatedKey> key = CorrelatedKey.of(conjunct, last(relation))
                    .filter(k -> k.outerName().equalsIgnoreCase(left.alias()) && k.outerColumn().equalsIgnoreCase(k.column()));
            if (key.isPresent()) {
                correlated.add(key.get().column());
            } else if (mentions(conjunct, left.alias())) {
                return Optional.empty();
            } else {
                rest.add(conjunct);
            }
        }
        if (!sameColumns(correlated, keyColumns) || ranked.isDistinct()
                || ranked.getGroup() != null && !ranked.getGroup().isEmpty() || ranked.getHaving() != null) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (SqlNode item : ranked.getSelectList()) {
            String name = outputName(item);
            if (name == null) {
                return Optional.empty();
            }
            names.add(name.toLowerCase(Locale.ROOT));
        }
        String rowNumber = free("rn", names);
        // The block that ranks: the keys, the subquery's items, the row number over the subquery's rows.
        SqlSelect block = Snippets.select("SELECT 1 FROM t");
        SqlNodeList items = new SqlNodeList(block.getSelectList().getParserPosition());
        for (String key : keyColumns) {
            if (!names.contains(key.toLowerCase(Locale.ROOT))) {
                items.add(SqlTrees.identifier(key));
            }
        }
        ranked.getSelectList().forEach(items::add);
        StringBuilder over = new StringBuilder("ROW_NUMBER() OVER (PARTITION BY ");
        over.append(String.join(", ", keyColumns.stream().map(k -> SqlTrees.unparse(SqlTrees.identifier(k))).toList()));
        over.append(" ORDER BY ").append(SqlTrees.unparse(limited.orderList)).append(")");
        SqlNode numbered = Snippets.expression(over.toString());
        if (numbered instanceof SqlCall call && call.operand(1) instanceof SqlWindow window) {
            // The LATERAL's own order keys, with the positions they had: written as the user wrote them (AscendingKeys).
            window.setOrderList(limited.orderList);
        }
        items.add(WindowTopN.as(numbered, rowNumber));
        block.setSelectList(items);
        block.setFrom(ranked.getFrom());
        block.setWhere(Trees.and(rest));
        // The outer block reads it under the LATERAL's alias; the left side's columns are its keys.
        SqlNode from = WindowTopN.as(block, right.alias());
        Map<String, String> moved = new LinkedHashMap<>();
        keyColumns.forEach(k -> moved.put(k.toLowerCase(Locale.ROOT), k));
        SqlShuttle requalify = new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                if (id.names.size() == 2 && id.names.get(0).equalsIgnoreCase(left.alias())
                        && moved.containsKey(id.names.get(1).toLowerCase(Locale.ROOT))) {
                    return SqlTrees.identifier(right.alias(), id.names.get(1));
                }
                return id;
            }
        };
        SqlNodeList selectList = new SqlNodeList(outer.getSelectList().getParserPosition());
        for (SqlNode item : outer.getSelectList()) {
            // t.shop is named shop, as s.shop was.
            selectList.add(item.accept(requalify));
        }
        List<SqlNode> where = new ArrayList<>();
        for (SqlNode conjunct : Trees.conjuncts(outer.getWhere())) {
            where.add(conjunct.accept(requalify));
        }
        where.add(Snippets.select("SELECT 1 FROM t WHERE " + SqlTrees.unparse(SqlTrees.identifier(rowNumber))
                + " <= " + limit.getAsLong()).getWhere());
        if (leftReferences(selectList, where, left.alias())) {
            return Optional.empty();
        }
        outer.setSelectList(selectList);
        outer.setFrom(from);
        outer.setWhere(Trees.and(where));
        return Optional.of(new Ranked(tree, String.join(", ", keyColumns), limit.getAsLong(), rowNumber));
    }

    /** A {@code FROM} item and its alias. */
    private record Aliased(SqlNode node, String alias) {}

    private static Aliased aliased(SqlNode item) {
        if (item != null && item.getKind() == SqlKind.AS && ((SqlCall) item).operandCount() == 2
                && ((SqlCall) item).operand(1) instanceof SqlIdentifier alias) {
            return new Aliased(((SqlCall) item).operand(0), alias.getSimple());
        }
        return null;
    }

    private static boolean sameColumns(List<String> a, List<String> b) {
        return a.size() == b.size()
                && a.stream().map(s -> s.toLowerCase(Locale.ROOT)).distinct().count() == a.size()
                && a.stream().allMatch(x -> b.stream().anyMatch(y -> y.equalsIgnoreCase(x)));
    }

    /** The name a select item gives its column: its alias, or the column it reads; null for an expression. */
    private static String outputName(SqlNode item) {
        if (item.getKind() == SqlKind.AS) {
            return ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
        }
        return item instanceof SqlIdentifier id && !id.isStar() ? last(id) : null;
    }

    private static boolean leftReferences(SqlNodeList items, List<SqlNode> where, String left) {
        for (SqlNode item : items) {
            if (mentions(item, left)) {
                return true;
            }
        }
        return where.stream().anyMatch(c -> mentions(c, left));
    }

    /** True when {@code node} reads a column qualified by {@code alias} ({@code s.shop}). */
    private static boolean mentions(SqlNode node, String alias) {
        if (node instanceof SqlIdentifier id) {
            return id.names.size() > 1 && id.names.get(0).equalsIgnoreCase(alias);
        }
        return Trees.children(node).stream().anyMatch(child -> mentions(child, alias));
    }

    private static OptionalLong positive(SqlNode fetch) {
        if (fetch instanceof org.apache.calcite.sql.SqlNumericLiteral literal && literal.isExact()) {
            long value = literal.longValue(true);
            return value > 0 ? OptionalLong.of(value) : OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /** {@code wanted}, or it with a number after it, not among {@code taken}. */
    private static String free(String wanted, List<String> taken) {
        String name = wanted;
        for (int i = 2; taken.contains(name); i++) {
            name = wanted + i;
        }
        return name;
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }

    /** The query of the {@code WITH} item {@code name} of {@code tree}, if it is a query block. */
    static Optional<SqlSelect> withQuery(SqlNode tree, String name) {
        List<SqlNode> stack = new ArrayList<>(List.of(tree));
        while (!stack.isEmpty()) {
            SqlNode node = stack.remove(stack.size() - 1);
            if (node instanceof SqlWith with) {
                for (SqlNode item : with.withList) {
                    SqlWithItem withItem = (SqlWithItem) item;
                    if (withItem.name.getSimple().equalsIgnoreCase(name) && withItem.query instanceof SqlSelect select) {
                        return Optional.of(select);
                    }
                }
            }
            stack.addAll(Trees.children(node));
        }
        return Optional.empty();
    }
}
