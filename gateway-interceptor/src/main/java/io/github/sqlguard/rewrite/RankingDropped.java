package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rewrite.Trees.RankBound;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ranking-dropped}, for a Top-1 whose partition is the key of the aggregation right below it
 * ({@code unbounded-rank}, {@code dedup-not-recognized}; the rule's {@link
 * io.github.sqlguard.rules.Facts#redundantRanking()}, read from the plan): each partition holds the one
 * row the aggregation keeps for its key, so {@code ROW_NUMBER() ... = 1} keeps that row, and the ranking
 * only adds a {@code Rank} whose state holds every key again. The {@code ROW_NUMBER} and its filter go;
 * the aggregation's result is the statement's. Offered only where the filter keeps row 1 alone and
 * nothing else reads the row number (a {@code SELECT *} that returns it changes the columns, which the
 * proof rejects).
 */
final class RankingDropped extends ScopedFamily {

    static final String ID = "ranking-dropped";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(UnboundedRankRule.ID, DedupNotRecognizedRule.ID),
            List.of("GroupAggregate"),
            "a Top-1 partitioned by the key of the aggregation below it dropped: that aggregation already keeps one"
                    + " row per key");

    RankingDropped() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!finding.facts().redundantRanking() || finding.facts().keys().isEmpty()) {
            return List.of();
        }
        Set<String> keys = finding.facts().keys().stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        SqlNode tree = tree(scope);
        for (RankItem item : Trees.rankItems(tree)) {
            if (item.alias() == null || !item.functionName().equals("ROW_NUMBER") || !partitionedBy(item, keys)) {
                continue;
            }
            List<SqlSelect> filtering = new ArrayList<>();
            for (SqlSelect select : Trees.selects(tree)) {
                if (select != item.select() && select.getWhere() != null && Trees.refersTo(select.getWhere(), item.alias())) {
                    filtering.add(select);
                }
            }
            if (filtering.size() != 1) {
                continue;
            }
            SqlSelect outer = filtering.get(0);
            List<SqlNode> kept = new ArrayList<>();
            boolean firstRowOnly = false;
            for (SqlNode conjunct : Trees.conjuncts(outer.getWhere())) {
                if (!Trees.refersTo(conjunct, item.alias())) {
                    kept.add(conjunct);
                    continue;
                }
                Optional<RankBound> bound = Trees.rankBound(conjunct, item.alias());
                if (bound.isEmpty() || bound.get().maxRank() != 1) {
                    return List.of();
                }
                firstRowOnly = true;
            }
            if (!firstRowOnly) {
                continue;
            }
            outer.setWhere(Trees.and(kept));
            item.select().getSelectList().remove(item.index());
            if (Trees.refersTo(tree, item.alias())) {
                return List.of();
            }
            String per = String.join(", ", finding.facts().keys());
            return List.of(context.candidate(
                    this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("GroupAggregate"), Columns.SAME,
                    "none: the aggregation below already keeps one row per " + per + ", the partition the Top-1 ranked,"
                            + " so the ROW_NUMBER and its filter are gone and each " + per + "'s row is the aggregation's own,"
                            + " updated as it changes; the Rank and its state are gone with them",
                    ""));
        }
        return List.of();
    }

    /** True when {@code item}'s window is partitioned by exactly {@code keys} (plain columns, by their last name). */
    private static boolean partitionedBy(RankItem item, Set<String> keys) {
        List<String> partition = new ArrayList<>();
        for (SqlNode node : item.window().getPartitionList()) {
            if (!(node instanceof SqlIdentifier id) || id.isStar()) {
                return false;
            }
            partition.add(id.names.get(id.names.size() - 1).toLowerCase(Locale.ROOT));
        }
        return partition.size() == keys.size() && keys.containsAll(partition);
    }
}
