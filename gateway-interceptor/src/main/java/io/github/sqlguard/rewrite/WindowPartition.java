package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.WindowRowsRead;
import io.github.sqlguard.rules.plan.GlobalRankRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.rules.plan.WindowRankNotRecognizedRule;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-partition}, for {@code window-rank-not-recognized}: the window column the {@code
 * PARTITION BY} lacks ({@code window_end} beside {@code window_start}, or the other way round) is
 * added next to the one it has, so that Flink plans the window Top-N ({@code WindowRank}) or window
 * deduplication ({@code WindowDeduplicate}) the statement was written for (Flink docs, "Window
 * Top-N": the {@code PARTITION BY} must contain {@code window_start} and {@code window_end}). A {@code
 * PARTITION BY window_time} without them gets both in its place ({@link WindowColumns#inPlaceOfTime}). The
 * rest of the statement is kept as written.
 *
 * <p>For {@code unbounded-rank} and {@code global-rank} on a Top-N over a window aggregation's rows (the {@code Rank} reads a
 * {@code WindowAggregate} through stateless nodes, Flink's {@code WindowRankTest} shape) whose {@code
 * PARTITION BY} names neither window column: both are put in front of its keys, and Flink plans a
 * {@code WindowRank} over the same windows ({@code StreamPhysicalRankRule} turns a Rank into a window
 * rank only where the partition keys hold the window columns of its window-aggregated input: {@code
 * WindowUtil#groupingContainsWindowStartEnd}). The ranking is then per window, not across every
 * window so far: its {@code changes:} line says so. The same for a Top-N right over a window TVF's rows ({@code
 * TABLE(TUMBLE(...))} in its {@code FROM}) partitioned by neither: Flink plans a window Top-N that follows a windowing
 * TVF (Flink docs, "Window Top-N"; on event time only, Flink refuses it on processing time and the proof fails).
 */
final class WindowPartition extends ScopedFamily {

    static final String ID = "window-partition";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(WindowRankNotRecognizedRule.ID, UnboundedRankRule.ID, GlobalRankRule.ID),
            List.of("WindowRank", "WindowDeduplicate"),
            "the window column the `PARTITION BY` lacks (`window_end` beside `window_start`, or the other way round) added beside the one it has,"
                    + " or both in place of `window_time`;"
                    + " for a Top-N over a window TVF's or a window aggregation's rows partitioned by neither (or not partitioned), both put in front of its keys: a window Top-N over the same windows;"
                    + " for a Top-N over an aggregation of a window's rows grouped by one window column or by `window_time`, that aggregation grouped by both bounds and the ranking partitioned by them: a window aggregation and a window Top-N");

    WindowPartition() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (finding.ruleId().equals(UnboundedRankRule.ID) || finding.ruleId().equals(GlobalRankRule.ID)) {
            return overWindowRows(finding, context, scope);
        }
        SqlNode tree = tree(scope);
        int changed = 0;
        int time = 0;
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.functionName().equals("ROW_NUMBER")) {
                continue;
            }
            Optional<SqlNodeList> partition = WindowColumns.completed(item.window().getPartitionList());
            Optional<SqlNodeList> bounds = WindowColumns.inPlaceOfTime(item.window().getPartitionList());
            if (partition.isEmpty() && bounds.isEmpty()) {
                continue;
            }
            item.window().setPartitionList(partition.orElseGet(bounds::get));
            changed++;
            time += bounds.isPresent() ? 1 : 0;
        }
        if (changed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank", "WindowDeduplicate"), Columns.SAME, time == changed ? IN_PLACE_OF_TIME
                        : "each window's rows are ranked once, when the window closes, and its state is freed then: one final"
                        + " result per window in place of a ranking updated as rows arrive (rows arriving after their"
                        + " window closed are dropped); windows that share one window_start or window_end (HOP, CUMULATE)"
                        + " are now ranked each on its own",
                ""));
    }

    /**
     * The {@code changes:} line of a ranking partitioned by {@code window_time} moved onto the window's bounds: the same
     * partitions, one per window ({@link WindowColumns#inPlaceOfTime}), ranked once when the window closes.
     */
    private static final String IN_PLACE_OF_TIME = "the same windows ranked (window_time is one value per window), each"
            + " once, when the window closes, and its state is freed then: one final result per window in place of a"
            + " ranking updated as rows arrive (rows arriving after their window closed are dropped)";

    /** {@code unbounded-rank}'s candidate: both window columns in front of the keys of a Top-N over window rows. */
    private List<Candidate> overWindowRows(Finding finding, RewriteContext context, Scope scope) {
        Optional<ExplainedPlan> plan = context.request().plan();
        Optional<PlanNode> rank = plan.flatMap(p -> finding.planNode().flatMap(p::node));
        Optional<PlanNode> rows = rank.flatMap(r -> WindowRowsRead.windowTableRows(plan.get(), r));
        Optional<PlanNode> aggregate = rows.filter(WindowRowsRead::windowAggregate);
        // A window TVF's rows ranked as they are (TABLE(TUMBLE(...)) in the ranking's FROM, myfjdthink/flink-playground's
        // window_topN.sql, round 70): a window Top-N follows a windowing TVF directly (Flink docs, "Window Top-N"), so
        // the same bounds in front of the keys make it one, as over a window aggregation's rows.
        boolean tableFunction = rows.filter(w -> w.is("WindowTableFunction")).isPresent();
        Optional<List<String>> ranked = plan.flatMap(p -> p.operators(Operator.Rank.class).stream()
                .filter(r -> r.node() == rank.orElse(null)).findFirst()).map(Operator.Rank::partitionKeys);
        if (aggregate.isEmpty() && !tableFunction && ranked.isPresent()) {
            return overAggregationByOne(finding, context, scope);
        }
        if (ranked.isEmpty() || !tableFunction && (aggregate.isEmpty()
                || io.github.sqlguard.plan.WindowGrouping.onePerWindow(aggregate.get(), ranked.get()))) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        int changed = 0;
        int time = 0;
        for (RankItem item : Trees.rankItems(tree)) {
            SqlNodeList keys = item.window().getPartitionList();
            if (!item.functionName().equals("ROW_NUMBER") || WindowColumns.names(keys)) {
                continue;
            }
            Optional<SqlNodeList> bounds = WindowColumns.inPlaceOfTime(keys);
            if (bounds.isPresent()) {
                item.window().setPartitionList(bounds.get());
                changed++;
                time++;
                continue;
            }
            String[] qualifier = keys.size() > 0 && keys.get(0) instanceof SqlIdentifier first && first.names.size() > 1
                    ? first.names.subList(0, first.names.size() - 1).toArray(new String[0]) : new String[0];
            item.window().setPartitionList(boundsThen(qualifier, keys));
            changed++;
        }
        if (changed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank"), Columns.SAME, time == changed ? IN_PLACE_OF_TIME :
                "the ranking is per window: each window's rows are ranked among themselves, once, when the window"
                        + " closes, and its state is freed then, where the Rank ranked the rows of every window so far"
                        + " together (a window's row stayed in the ranking only while no other window's row outranked it,"
                        + " and was retracted when one did)" + rows.flatMap(WindowRowsRead::overlappingWindows)
                                .map(WindowPartition::rankedOncePerWindow).orElse("")
                        + "; one final result per window in place of a ranking updated as rows arrive",
                ""));
    }

    /**
     * What a ranking over a {@code HOP}'s or {@code CUMULATE}'s rows saw that the window Top-N does not: each row once
     * for every window that holds it (the window TVF emits a row per window, {@link WindowRowsRead#overlappingWindows}),
     * all ranked in one partition per key, so one row could take more than one place; within one window a row is once.
     */
    private static String rankedOncePerWindow(String kind) {
        return "; and the Rank saw each row once for every " + kind + " window that holds it (the window TVF emits a row"
                + " per window), so one row could take more than one of its places: a window holds each row once";
    }

    /**
     * {@code unbounded-rank}'s (and {@code global-rank}'s) candidate for a Top-N over an aggregation that groups a
     * window's rows by one window column, or by {@code window_time} alone ({@code window-aggregate-not-recognized}: a
     * general {@code GroupAggregate}, whose updating result the {@code Rank} reads): the aggregation grouped by both
     * bounds ({@link WindowColumns#completed}, {@link WindowColumns#besideTime}), the bounds selected by each block from
     * it up to the ranking, and the ranking partitioned by both in front of its keys. Flink then plans a window
     * aggregation and a {@code WindowRank} over it; {@code window-group} alone leaves a {@code Rank} over the window
     * aggregation's rows, partitioned by neither bound. The ranking is then per window: its {@code changes:} says so.
     * Where a block between renames a bound, selects {@code *}, or the ranking's {@code PARTITION BY} names a window
     * column, no candidate.
     */
    private List<Candidate> overAggregationByOne(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        int changed = 0;
        int time = 0;
        for (RankItem item : Trees.rankItems(tree)) {
            SqlNodeList keys = item.window().getPartitionList();
            if (!item.functionName().equals("ROW_NUMBER") || WindowColumns.names(keys)
                    || WindowColumns.inPlaceOfTime(keys).isPresent()) {
                continue;
            }
            List<SqlSelect> blocks = new java.util.ArrayList<>();
            SqlSelect at = WindowTopN.subquery(item.select().getFrom());
            while (at != null && (at.getGroup() == null || at.getGroup().isEmpty())) {
                blocks.add(at);
                at = WindowTopN.subquery(at.getFrom());
            }
            if (at == null) {
                continue;
            }
            SqlSelect aggregation = at;
            Optional<SqlNodeList> completed = WindowColumns.completed(aggregation.getGroup());
            Optional<SqlNodeList> group = completed.or(() -> WindowColumns.besideTime(aggregation.getGroup()));
            if (group.isEmpty()) {
                continue;
            }
            time += completed.isEmpty() ? 1 : 0;
            blocks.add(aggregation);
            boolean selectable = true;
            for (SqlSelect block : blocks) {
                Optional<SqlNodeList> items = WindowColumns.withBoundsSelected(block.getSelectList());
                if (items.isEmpty()) {
                    selectable = false;
                    break;
                }
                block.setSelectList(items.get());
            }
            if (!selectable) {
                return List.of();
            }
            aggregation.setGroupBy(group.get());
            item.window().setPartitionList(boundsThen(new String[0], keys));
            changed++;
        }
        if (changed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank"), Columns.SAME,
                "the aggregation below is grouped by both window columns, a window aggregation: each window's rows are"
                        + " aggregated once, when the window closes (rows arriving after their window closed are dropped),"
                        + " where its totals were updated as rows arrived" + (time == changed ? ""
                        : ", and windows that share one window_start or window_end (HOP, CUMULATE) are aggregated each on its own")
                        + "; and the ranking is per window: each window's"
                        + " totals are ranked among themselves, once, when the window closes, and its state is freed then,"
                        + " where the Rank ranked the totals of every window so far together (a window's row stayed in the"
                        + " ranking only while no other window's row outranked it, and was retracted when one did)",
                ""));
    }

    /** Both window bounds, qualified by {@code qualifier}, then {@code keys}: a window Top-N's partition. */
    private static SqlNodeList boundsThen(String[] qualifier, SqlNodeList keys) {
        SqlNodeList partition = new SqlNodeList(SqlParserPos.ZERO);
        partition.add(SqlTrees.identifier(qualified(qualifier, WindowColumns.START)));
        partition.add(SqlTrees.identifier(qualified(qualifier, WindowColumns.END)));
        keys.forEach(partition::add);
        return partition;
    }

    private static String[] qualified(String[] qualifier, String column) {
        String[] out = java.util.Arrays.copyOf(qualifier, qualifier.length + 1);
        out[qualifier.length] = column;
        return out;
    }
}
