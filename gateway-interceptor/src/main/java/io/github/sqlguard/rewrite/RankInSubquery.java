package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.RnFilterInSameSelectRule;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code rank-in-subquery}, for {@code rn-filter-in-same-select}: the block that computes the row
 * number keeps its select list and its other conditions, and becomes the subquery of a block that
 * filters on the row number, where the alias exists (SQL evaluates WHERE before the select list).
 * An unbounded {@code Rank} is proven with the session state TTL ({@link Prover}).
 */
final class RankInSubquery extends ScopedFamily {

    static final String ID = "rank-in-subquery";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(RnFilterInSameSelectRule.ID),
            List.of("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate"),
            "the block that computes the row number becomes the subquery of a block that filters on it, where its alias exists");

    RankInSubquery() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        SqlNode root = tree;
        List<String> moved = new ArrayList<>();
        for (SqlSelect select : Trees.selects(tree)) {
            List<SqlNode> onRank = new ArrayList<>();
            List<SqlNode> rest = new ArrayList<>();
            List<RankItem> items = Trees.rankItems(select);
            for (SqlNode conjunct : Trees.conjuncts(select.getWhere())) {
                boolean rank = items.stream().anyMatch(i -> i.alias() != null && Trees.refersTo(conjunct, i.alias()));
                (rank ? onRank : rest).add(conjunct);
            }
            if (onRank.isEmpty()) {
                continue;
            }
            select.setWhere(Trees.and(rest));
            SqlSelect outer = Snippets.select("SELECT * FROM t");
            outer.setWhere(Trees.and(onRank));
            if (select == root) {
                outer.setFrom(select);
                root = outer;
            } else if (Trees.replace(parents, select, outer)) {
                outer.setFrom(select);
            } else {
                return List.of();
            }
            onRank.forEach(c -> moved.add(SqlTrees.unparse(c)));
        }
        if (moved.isEmpty()) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, root, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Rank", "Deduplicate", "WindowRank", "WindowDeduplicate"), Columns.SAME,
                "none: the row number is computed in a subquery and " + String.join(" AND ", moved)
                        + " filters it outside, where its alias exists (the Top-N the statement meant)", ""));
    }
}
