package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.RankFunctionUnsupportedRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code tied-ranking-dropped}, for {@code rank-function-unsupported} where every row of a partition ties in the
 * window's {@code ORDER BY} ({@link Trees.RankItem#orderTiesWholePartition}: {@code ORDER BY day} within {@code
 * PARTITION BY region, day}): {@code RANK()} and {@code DENSE_RANK()} number every such row 1 (Calcite's {@code
 * SqlRankFunction}: a row's rank counts the rows ordered before it, and a tie is none), so the ranking is the
 * constant {@code CAST(1 AS BIGINT)} (their type, {@code BIGINT NOT NULL}) and the query keeps exactly the rows it
 * meant, whatever its filter. No {@code Rank} is planned and no state is kept. It comes before {@code row-number},
 * whose {@code ROW_NUMBER()} numbers tied rows in an order the query does not set and keeps any N of them.
 */
final class TiedRankingDropped extends ScopedFamily {

    static final String ID = "tied-ranking-dropped";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(RankFunctionUnsupportedRule.ID),
            List.of(),
            "`RANK()` or `DENSE_RANK()` whose `ORDER BY` ties every row of a partition becomes the constant 1 it"
                    + " gives every row: the query keeps the rows it meant, with no ranking");

    TiedRankingDropped() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Set<String> dropped = new LinkedHashSet<>();
        for (RankItem item : Trees.rankItems(tree)) {
            if (item.functionName().equals("ROW_NUMBER")) {
                continue;
            }
            if (!item.orderTiesWholePartition()) {
                return List.of(); // a rank that orders rows: row-number's, not this
            }
            dropped.add(item.functionName() + "() OVER (PARTITION BY " + list(item.window().getPartitionList())
                    + " ORDER BY " + list(item.window().getOrderList()) + ")");
            SqlNode constant = Snippets.expression("CAST(1 AS BIGINT)");
            SqlNode written = item.select().getSelectList().get(item.index());
            if (written.getKind() == SqlKind.AS) {
                ((SqlCall) written).setOperand(0, constant);
            } else {
                item.select().getSelectList().set(item.index(), constant);
            }
        }
        if (dropped.isEmpty()) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), Intent.PLANS, Columns.SAME,
                "every row of a partition ties in the ORDER BY (" + String.join("; ", dropped) + "), so the ranking"
                        + " numbers every row 1: it becomes CAST(1 AS BIGINT), and the filter on it keeps the rows the"
                        + " query meant (every row where it keeps rank 1), with no Rank and no state for it", ""));
    }

    private static String list(Iterable<SqlNode> nodes) {
        StringBuilder out = new StringBuilder();
        for (SqlNode node : nodes) {
            out.append(out.isEmpty() ? "" : ", ").append(SqlTrees.unparse(node));
        }
        return out.toString();
    }
}
