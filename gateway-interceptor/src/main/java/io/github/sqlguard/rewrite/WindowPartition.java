package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.WindowRankNotRecognizedRule;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-partition}, for {@code window-rank-not-recognized}: the window column the {@code
 * PARTITION BY} lacks ({@code window_end} beside {@code window_start}, or the other way round) is
 * added next to the one it has, so that Flink plans the window Top-N ({@code WindowRank}) or window
 * deduplication ({@code WindowDeduplicate}) the statement was written for (Flink docs, "Window
 * Top-N": the {@code PARTITION BY} must contain {@code window_start} and {@code window_end}). The
 * rest of the statement is kept as written.
 */
final class WindowPartition extends ScopedFamily {

    static final String ID = "window-partition";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(WindowRankNotRecognizedRule.ID),
            List.of("WindowRank", "WindowDeduplicate"),
            "the window column the `PARTITION BY` lacks (`window_end` beside `window_start`, or the other way round) added beside the one it has");

    WindowPartition() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        int changed = 0;
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.functionName().equals("ROW_NUMBER")) {
                continue;
            }
            Optional<SqlNodeList> partition = WindowColumns.completed(item.window().getPartitionList());
            if (partition.isEmpty()) {
                continue;
            }
            item.window().setPartitionList(partition.get());
            changed++;
        }
        if (changed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank", "WindowDeduplicate"), Columns.SAME,
                "each window's rows are ranked once, when the window closes, and its state is freed then: one final"
                        + " result per window in place of a ranking updated as rows arrive (rows arriving after their"
                        + " window closed are dropped); windows that share one window_start or window_end (HOP, CUMULATE)"
                        + " are now ranked each on its own",
                ""));
    }
}
