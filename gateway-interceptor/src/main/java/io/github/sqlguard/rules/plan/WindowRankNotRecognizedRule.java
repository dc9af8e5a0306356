package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.Optional;
import java.util.List;

/**
 * {@code window-rank-not-recognized}: a Top-N (or a Top-1) over a window's rows, partitioned by
 * {@code window_start} or {@code window_end} but not by both, or by {@code window_time} without them. Flink plans a window Top-N ({@code
 * WindowRank}) or a window deduplication ({@code WindowDeduplicate}) only when the {@code PARTITION
 * BY} holds both window columns (Flink docs, "Window Top-N": "Window Top-N requires the PARTITION BY
 * clause contains window_start and window_end columns of the relation applied Windowing TVF or
 * Window Aggregation"; the same for "Window Deduplication"); with one of them it plans a general {@code Rank} (or {@code Deduplicate}) keyed
 * by that column: each window's ranking stays in state after the window closes (until the state
 * TTL removes it) and its result is updated as rows arrive, not emitted once per window.
 *
 * <p>The plan signal: a non-window {@code Rank} or {@code Deduplicate} whose keys hold exactly one
 * of the columns {@code window_start}, {@code window_end}, or {@code window_time} and neither of them ({@link
 * WindowKeys#lacking}: Flink's {@code WindowUtil#groupingContainsWindowStartEnd} asks for both bounds, and takes
 * {@code window_time} for no bound), over a windowing operator ({@code
 * WindowTableFunction}, a window aggregation, a window join: {@link WindowKeys}). A window column renamed on the way
 * up ({@code window_start AS ws}) is keyed by its window column in the plan: the message and the fix name it as the
 * statement's {@code PARTITION BY} does ({@link WindowKeys#renamed}).
 */
public final class WindowRankNotRecognizedRule extends StreamingPlanRule {

    public static final String ID = "window-rank-not-recognized";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N over a window partitioned by `window_start` or `window_end` alone, or by `window_time`: Flink"
                    + " plans a general `Rank`, not a window Top-N, and keeps each window's ranking after the window"
                    + " closes.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            List<String> keys;
            String kind;
            String intended;
            if (operator instanceof Operator.Rank rank && !rank.sortLimit()) {
                keys = rank.partitionKeys();
                kind = "Top-N";
                intended = "WindowRank";
            } else if (operator instanceof Operator.Deduplicate dedup) {
                keys = dedup.keys();
                kind = "deduplication";
                intended = "WindowDeduplicate";
            } else {
                continue;
            }
            // window_time renamed below (window_time AS wt): the plan keys the ranking by the new name.
            Optional<String> timeAs = WindowKeys.timeRenamed(plan, operator.node(), keys);
            List<String> planKeys = keys;
            keys = timeAs.map(as -> WindowKeys.withTime(planKeys, as)).orElse(keys);
            Optional<String> alone = WindowKeys.lacking(keys);
            if (alone.isEmpty() || !WindowKeys.overWindow(plan, operator.node())) {
                continue;
            }
            String has = alone.get();
            String missing = WindowKeys.missing(has);
            Optional<String> renamed = timeAs.isPresent() ? timeAs
                    : WindowKeys.renamed(context.statement().facts().rankFunctions(), keys, has);
            String as = renamed.orElse(has);
            String named = renamed.map(r -> r + " (" + has + " renamed)").orElse(has);
            String reason = "This " + kind + " over a window's rows is partitioned by " + named + " without " + missing
                    + ", so Flink cannot plan it as a " + intended + " (which needs both window_start and window_end in"
                    + " PARTITION BY) and runs a general " + operator.node().name() + " keyed by "
                    + String.join(", ", keys).replace(has, as) + ": each window's ranking stays in state after the window"
                    + " closes, until the state TTL removes it, and its result is updated as rows arrive instead of"
                    + " emitted once when the window closes.";
            String then = ": Flink then plans a " + intended + ", which emits each window's result once and frees its"
                    + " state when the window closes.";
            String fix;
            if (has.equals(WindowKeys.TIME)) {
                // window_time is one value per window, so its two bounds make the same partitions; the query the ranking
                // reads may not select them (the plan cannot tell): the fix says to, and the window-partition rewrite is
                // offered only where its PARTITION BY plans.
                fix = "Partition by the window's bounds in place of " + as + " (PARTITION BY "
                        + WindowKeys.completed(keys, has).replace(has, as) + "): window_time is one value per window"
                        + " (window_end - 1 ms), so the partitions are the same windows, and Flink then plans a " + intended
                        + ", which emits each window's result once and frees its state when the window closes. Where the"
                        + " query the ranking reads does not select window_start and window_end, select them there first.";
            } else if (renamed.isPresent()) {
                // The statement's PARTITION BY names the column by its new name, and the query the ranking reads may
                // not select the other window column: the fix names both as that query must.
                fix = "Select " + missing + " beside " + as + " in the query the ranking reads, and partition by both"
                        + " (PARTITION BY " + WindowKeys.completed(keys, has).replace(has, as) + ", with " + missing
                        + " under the name that query gives it)" + then;
            } else {
                fix = "Partition by both window columns (PARTITION BY " + WindowKeys.completed(keys, has) + ")" + then;
            }
            hits.add(PlanRules.hit(plan, operator, reason, fix));
        }
        return hits;
    }
}
