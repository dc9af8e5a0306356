package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.OverOrderDescRule;
import io.github.sqlguard.rules.plan.UnboundedOverAggregateRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code top-n-filter}, for {@code over-order-desc} and {@code unbounded-over-aggregate}: a {@code
 * ROW_NUMBER} with no Top-N filter is an OVER window to Flink; wrapped in a query that keeps {@code
 * rn = 1} (a row number ordered by a time attribute: the latest or first row per key) or {@code rn
 * <= N} ({@code sql-guard.rewrite.limit}), it is a {@code Deduplicate} or a {@code Rank} (Flink
 * docs, "Top-N": the filter must be on the row number alone, in the outer query). An unbounded
 * {@code Rank} is proven with the session state TTL ({@link Prover}). Not offered where the outer query
 * already filters on the row number in a condition that is no Top-N ({@code rn <= 3 OR amount > 100}):
 * the rows its other branch keeps would be lost.
 */
final class TopNFilter extends ScopedFamily {

    static final String ID = "top-n-filter";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OverOrderDescRule.ID, UnboundedOverAggregateRule.ID),
            List.of("Deduplicate", "Rank"),
            "a `ROW_NUMBER` with no Top-N filter wrapped in a query that keeps `rn = 1` or `rn <= n` (`sql-guard.rewrite.limit`): a Deduplicate or a Top-N");

    TopNFilter() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        Set<String> kept = new LinkedHashSet<>();
        Set<String> notes = new LinkedHashSet<>();
        SqlNode root = tree;
        boolean aliasAdded = false;
        Set<String> unnamed = new LinkedHashSet<>();
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.functionName().equals("ROW_NUMBER")
                    || Trees.outer(parents, item.select()).flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).isPresent()
                    || item.window().getOrderList().isEmpty()) {
                continue;
            }
            String named = item.alias();
            if (named != null && Trees.reader(parents, item.select()).map(o -> mentions(o.getWhere(), named)).orElse(false)) {
                // The query that reads it (its outer block, or the one reading its WITH item) filters on the row number already, but not as a Top-N (rn <= 3 OR amount > 100):
                // no Top-N keeps the rows its other branch returns, and a Top-N filter under it would drop them
                // without a word. The finding's fix says how to split the condition.
                continue;
            }
            String alias = named;
            if (alias == null) {
                alias = "rn";
                item.select().getSelectList().set(item.index(), WindowTopN.as(item.over(), alias));
                aliasAdded = true;
                unnamed.add("EXPR$" + item.index());
            }
            List<Column> columns = context.columnsOf(item.select().getFrom()).orElse(List.of());
            var column = TimeAttributeOrder.orderColumn(item.window().getOrderList().get(0));
            boolean byTime = column != null && TimeAttributeOrder.find(columns, column)
                    .map(c -> c.timeAttribute().isTimeAttribute()).orElse(false);
            boolean oneRowPerSinkKey = !byTime && sinkKeyedByPartition(tree, item, context);
            long n = byTime || oneRowPerSinkKey ? 1 : context.settings().limit();
            SqlSelect wrapped = Snippets.select("SELECT * FROM t");
            SqlNode bound = n == 1
                    ? SqlStdOperatorTable.EQUALS.createCall(SqlParserPos.ZERO, SqlTrees.identifier(alias), literal(1))
                    : SqlStdOperatorTable.LESS_THAN_OR_EQUAL.createCall(SqlParserPos.ZERO, SqlTrees.identifier(alias), literal(n));
            wrapped.setWhere(bound);
            SqlNode block = item.select();
            if (block == root) {
                wrapped.setFrom(block);
                root = wrapped;
            } else {
                SqlNode parent = parents.get(block);
                if (parent instanceof SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.AS) {
                    wrapped.setFrom(block);
                    call.setOperand(0, wrapped);
                } else if (Trees.replace(parents, block, wrapped)) {
                    wrapped.setFrom(block);
                } else {
                    return List.of();
                }
            }
            kept.add((n == 1 ? alias + " = 1" : alias + " <= " + n) + " by " + SqlTrees.unparse(item.window().getOrderList()));
            if (oneRowPerSinkKey) {
                notes.add("; " + alias + " = 1, not " + alias + " <= N: the sink's primary key is among the partition"
                        + " columns, so it holds one row per partition and N rows of one would overwrite each other");
            }
        }
        if (kept.isEmpty()) {
            return List.of();
        }
        boolean limited = kept.stream().anyMatch(k -> k.contains("<="));
        return List.of(context.candidate(
                this, finding, scope, root, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Deduplicate", "Rank"),
                new Columns(aliasAdded ? Set.of("rn") : Set.of(), aliasAdded ? unnamed : Set.of()),
                "returns only the rows kept by " + String.join(", ", kept) + " per key, updated as rows arrive, instead of"
                        + " a number for every row" + String.join("", notes),
                limited ? "N = " + context.settings().limit() + " (" + RewriteOptions.LIMIT.key() + ")" : ""));
    }

    /**
     * True when {@code tree} is an INSERT into a table whose primary key columns are all among {@code item}'s
     * partition columns (as named, case aside): the sink holds one row per partition, so the N rows of a Top-N
     * would overwrite each other in an arbitrary order (Flink 1.20 plans that with an upsert materializer; 2.3
     * refuses it without ON CONFLICT, on-conflict-required). A Top-1 is the Top-N such a sink can hold.
     */
    private static boolean sinkKeyedByPartition(SqlNode tree, RankItem item, RewriteContext context) {
        if (!(tree instanceof org.apache.flink.sql.parser.dml.RichSqlInsert insert)
                || !(insert.getTargetTable() instanceof org.apache.calcite.sql.SqlIdentifier target)) {
            return false;
        }
        List<String> sinkKey = context.lookUp(target.names).map(context::declaredKey).orElse(List.of());
        return io.github.sqlguard.statement.PartitionKeys.holdSinkKey(item.partitionColumns(), sinkKey);
    }

    /** True when {@code condition} names the column {@code alias}. */
    private static boolean mentions(SqlNode condition, String alias) {
        if (condition == null) {
            return false;
        }
        boolean[] found = {false};
        condition.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
            @Override
            public Void visit(org.apache.calcite.sql.SqlIdentifier id) {
                if (id.names.get(id.names.size() - 1).equalsIgnoreCase(alias)) {
                    found[0] = true;
                }
                return null;
            }
        });
        return found[0];
    }

    private static SqlNode literal(long n) {
        return org.apache.calcite.sql.SqlLiteral.createExactNumeric(Long.toString(n), SqlParserPos.ZERO);
    }
}
