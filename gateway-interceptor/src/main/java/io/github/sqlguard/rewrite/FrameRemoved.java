package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.FrameWithRowNumberRule;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code frame-removed}, for {@code frame-with-row-number}: the {@code ROWS}/{@code RANGE} frame of a
 * rank function's window is removed; a rank numbers the whole partition, so the frame never meant
 * anything (Calcite's validator: {@code ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER
 * functions}). An unbounded {@code Rank} is proven with the session state TTL ({@link Prover}).
 */
final class FrameRemoved extends ScopedFamily {

    static final String ID = "frame-removed";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(FrameWithRowNumberRule.ID),
            List.of("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate", "OverAggregate"),
            "the `ROWS`/`RANGE` frame of a rank function's window removed: a rank numbers the whole partition");

    FrameRemoved() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        int removed = 0;
        for (RankItem item : Trees.rankItems(tree)) {
            if (item.window().getLowerBound() != null || item.window().getUpperBound() != null || item.window().isRows()) {
                item.window().setLowerBound(null);
                item.window().setUpperBound(null);
                item.window().setRows(SqlLiteral.createBoolean(false, SqlParserPos.ZERO));
                removed++;
            }
        }
        if (removed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate", "OverAggregate"), Columns.SAME,
                "none: the frame is gone, and the row number numbers the whole partition, as it always does", ""));
    }
}
