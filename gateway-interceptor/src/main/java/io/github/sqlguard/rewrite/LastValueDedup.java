package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code last-value}, for {@code dedup-not-recognized}: "keep the latest row per key" as a group
 * aggregation, {@code SELECT k, LAST_VALUE(a) AS a, ... FROM t GROUP BY k} ({@code FIRST_VALUE} for
 * the first row), the form a table without a time attribute allows. It is not the same query: each
 * column's value is the last to arrive, not the one of the row with the latest order key, and the
 * result is an updating one (a {@code GroupAggregate}). Both skip NULLs (Flink's {@code
 * FirstValueAggFunction} sets its value once, from the first non-NULL one; {@code LastValueAggFunction}
 * replaces it with every non-NULL one), so one result row's columns can come from different rows.
 */
final class LastValueDedup extends ScopedFamily {

    static final String ID = "last-value";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(DedupNotRecognizedRule.ID),
            List.of("GroupAggregate", "GlobalGroupAggregate"),
            "the latest (or first) row per key as `LAST_VALUE(...)` (`FIRST_VALUE(...)`) with `GROUP BY` the key, the form a table without a time attribute allows");

    LastValueDedup() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (overUpdateStream(finding, context)) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        for (RankItem item : Trees.rankItems(tree)) {
            SqlSelect rank = item.select();
            Optional<SqlSelect> outer = Trees.outer(parents, rank);
            if (item.alias() == null || outer.isEmpty() || rank.getGroup() != null
                    || item.window().getPartitionList().isEmpty() || item.window().getOrderList().isEmpty()) {
                continue;
            }
            List<SqlNode> conjuncts = Trees.conjuncts(outer.get().getWhere());
            Optional<Trees.RankBound> bound = Trees.rankBound(outer.get().getWhere(), item.alias());
            if (bound.isEmpty() || bound.get().maxRank() != 1 || conjuncts.size() != 1) {
                continue;
            }
            List<String> keys = new ArrayList<>();
            for (SqlNode key : item.window().getPartitionList()) {
                if (!(key instanceof SqlIdentifier id)) {
                    return List.of();
                }
                keys.add(id.names.get(id.names.size() - 1));
            }
            Map<String, SqlNode> computed = computed(rank, item, context);
            if (computed == null) {
                continue;
            }
            List<String> wanted = outputs(outer.get(), computed);
            if (wanted == null) {
                continue;
            }
            if (!takenByFirstLastValue(finding, context, wanted, keys)) {
                return List.of();
            }
            boolean last = item.window().getOrderList().get(0).getKind() == SqlKind.DESCENDING;
            String function = last ? "LAST_VALUE" : "FIRST_VALUE";
            List<String> items = new ArrayList<>();
            for (String name : wanted) {
                SqlNode value = computed.get(name);
                String alias = SqlTrees.unparse(SqlTrees.identifier(name));
                if (keys.contains(name) && value instanceof SqlIdentifier) {
                    items.add(SqlTrees.unparse(value));
                } else {
                    items.add(function + "(" + SqlTrees.unparse(value) + ") AS " + alias);
                }
            }
            // The block's FROM and WHERE are moved as trees: a FROM unparsed on its own is no SQL to parse again (a join
            // prints as "SELECT * FROM a JOIN b", a subquery without an alias without its parentheses).
            SqlSelect grouped = Snippets.select("SELECT " + String.join(", ", items) + " FROM t GROUP BY "
                    + String.join(", ", keys.stream().map(k -> SqlTrees.unparse(SqlTrees.identifier(k))).toList()));
            grouped.setFrom(rank.getFrom());
            grouped.setWhere(rank.getWhere());
            SqlNode root = tree;
            if (outer.get() == tree) {
                root = grouped;
            } else if (!Trees.replace(parents, outer.get(), grouped)) {
                continue;
            }
            boolean droppedRank = !wanted.contains(item.alias()) && WindowTopN.star(outer.get().getSelectList());
            String order = SqlTrees.unparse(item.window().getOrderList());
            return List.of(context.candidate(
                    this, finding, scope, root, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("GroupAggregate", "GlobalGroupAggregate"),
                    new Columns(Set.of(), droppedRank ? Set.of(item.alias()) : Set.of()),
                    "keeps per " + String.join(", ", keys) + " the " + (last ? "last" : "first") + " non-NULL value of"
                            + " each column in arrival order (" + function + "), not the row ordered by " + order + ": "
                            + (last ? "a late row with an older order value overwrites newer values, and a NULL never"
                                    + " overwrites"
                                    : "a late row with an older order value does not replace the first to arrive (the"
                                    + " original ranks it first), and a column NULL in the first row takes a later row's value")
                            + ", so one result row's columns can come from different rows; an updating result",
                    ""));
        }
        return List.of();
    }

    /**
     * True when the finding's Rank reads an update stream (its {@code RetractStrategy}: a regular join,
     * a CDC source). There Flink aggregates with the retracting {@code LAST_VALUE}/{@code FIRST_VALUE}
     * ({@code LastValueWithRetractAggFunction}), whose accumulator keeps every value with its arrival
     * order in {@code MapView}s to answer a retraction: per key, as much state as the Rank kept, so the
     * rewrite bounds nothing.
     */
    private static boolean overUpdateStream(Finding finding, RewriteContext context) {
        return rankOf(finding, context).map(Operator.Rank::retracts).orElse(false);
    }

    /** The finding's Rank in the statement's plan; empty without a plan or a plan node. */
    private static Optional<Operator.Rank> rankOf(Finding finding, RewriteContext context) {
        return finding.planNode().flatMap(id -> context.request().plan().flatMap(plan ->
                plan.operators(Operator.Rank.class).stream().filter(r -> r.node().id() == id).findFirst()));
    }

    /**
     * False when a column the rewrite would aggregate (one of {@code wanted}, not a key) has a type this
     * Flink line's {@code LAST_VALUE}/{@code FIRST_VALUE} does not take ({@link
     * FlinkLine#firstLastValueTakes}: 1.20's take no {@code TIMESTAMP}), by the type the Rank's output
     * gives it: the candidate would only fail to plan. True where the types are not known.
     */
    private static boolean takenByFirstLastValue(
            Finding finding, RewriteContext context, List<String> wanted, List<String> keys) {
        Optional<Operator.Rank> rank = rankOf(finding, context);
        if (rank.isEmpty()) {
            return true;
        }
        for (Column column : rank.get().node().outputType().columns()) {
            if (wanted.contains(column.name()) && !keys.contains(column.name())
                    && column.typeRoot().map(root -> !FlinkLine.current().firstLastValueTakes(root)).orElse(false)) {
                return false;
            }
        }
        return true;
    }

    /** What each column of the rank block's result computes (a {@code *} expanded from its source); null when unknown. */
    private static Map<String, SqlNode> computed(SqlSelect rank, RankItem item, RewriteContext context) {
        Map<String, SqlNode> out = new LinkedHashMap<>();
        SqlNodeList list = rank.getSelectList();
        for (int i = 0; i < list.size(); i++) {
            if (i == item.index()) {
                continue;
            }
            SqlNode node = list.get(i);
            if (node instanceof SqlIdentifier id && id.isStar()) {
                Optional<List<Column>> columns = context.columnsOf(rank.getFrom());
                if (columns.isEmpty()) {
                    return null;
                }
                for (Column column : columns.get()) {
                    out.put(column.name(), SqlTrees.identifier(column.name()));
                }
            } else if (node.getKind() == SqlKind.AS) {
                out.put(((SqlIdentifier) ((SqlCall) node).operand(1)).getSimple(), ((SqlCall) node).operand(0));
            } else if (node instanceof SqlIdentifier id) {
                out.put(id.names.get(id.names.size() - 1), id);
            } else {
                return null;
            }
        }
        return out;
    }

    /** The columns the outer block keeps, by name, without the row number; null when it computes anything. */
    private static List<String> outputs(SqlSelect outer, Map<String, SqlNode> computed) {
        List<String> out = new ArrayList<>();
        for (SqlNode node : outer.getSelectList()) {
            if (node instanceof SqlIdentifier id && id.isStar()) {
                out.addAll(computed.keySet());
            } else if (node instanceof SqlIdentifier id && computed.containsKey(id.names.get(id.names.size() - 1))) {
                out.add(id.names.get(id.names.size() - 1));
            } else {
                return null;
            }
        }
        return out;
    }
}
