package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.RankFunctionUnsupportedRule;

import org.apache.calcite.sql.SqlNode;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code row-number}, for {@code rank-function-unsupported}: {@code RANK()} and {@code DENSE_RANK()}
 * become {@code ROW_NUMBER()} over the same window, the only rank function of Flink's streaming
 * Top-N (Flink docs, "Top-N"). An unbounded {@code Rank} is proven with the session state TTL
 * ({@link Prover}).
 */
final class RowNumberFunction extends ScopedFamily {

    static final String ID = "row-number";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(RankFunctionUnsupportedRule.ID),
            List.of("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate"),
            "`RANK()` and `DENSE_RANK()` become `ROW_NUMBER()` over the same window, the only rank function of Flink's streaming Top-N");

    RowNumberFunction() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Set<String> replaced = new LinkedHashSet<>();
        Set<String> allTied = new LinkedHashSet<>();
        for (RankItem item : Trees.rankItems(tree)) {
            if (item.functionName().equals("ROW_NUMBER")) {
                continue;
            }
            replaced.add(item.functionName() + "()");
            if (item.orderTiesWholePartition()) {
                allTied.add("ORDER BY " + String.join(", ", item.window().getOrderList().stream().map(SqlTrees::unparse).toList())
                        + " within PARTITION BY " + String.join(", ", item.window().getPartitionList().stream().map(SqlTrees::unparse).toList()));
            }
            item.over().setOperand(0, Snippets.expression("ROW_NUMBER()"));
        }
        if (replaced.isEmpty()) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate"), Columns.SAME,
                allTied.isEmpty()
                        ? "rows tied in the ORDER BY get different numbers (ROW_NUMBER), so the filter keeps exactly N rows"
                                + " per key where " + String.join(", ", replaced) + " would keep every tied row"
                        : "every row of a partition ties in the ORDER BY (" + String.join("; ", allTied) + ": one"
                                + " value within a partition), so "
                                + String.join(", ", replaced) + " numbered every row 1 and the filter kept all of them;"
                                + " ROW_NUMBER() numbers them in an order the query does not set, and the filter keeps N"
                                + " rows per key, any N of them", ""));
    }
}
