package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The keys of an operator over a window's rows read for its window columns: Flink plans a window
 * operator (a {@code WindowRank}, {@code WindowDeduplicate}, or a window aggregation) only where both
 * {@code window_start} and {@code window_end} are keys (Flink docs, "Window Top-N", "Window
 * Deduplication", "Window Aggregation"); with one of them alone it plans the general operator keyed by
 * that column. Shared by {@code window-rank-not-recognized}, {@code window-aggregate-not-recognized}
 * and {@code stateful-without-ttl}'s fix.
 */
final class WindowKeys {

    static final String START = "window_start";
    static final String END = "window_end";

    /** Operators whose output carries a window's {@code window_start} and {@code window_end}. */
    private static final Set<String> WINDOWING =
            Set.of("WindowTableFunction", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
                    "WindowJoin", "WindowRank", "WindowDeduplicate");

    private WindowKeys() {}

    /** The window column among {@code keys} when it is there without the other; empty for both or neither. */
    static Optional<String> alone(List<String> keys) {
        boolean start = keys.contains(START);
        boolean end = keys.contains(END);
        return start == end ? Optional.empty() : Optional.of(start ? START : END);
    }

    /** True when {@code keys} name either window column. */
    static boolean named(List<String> keys) {
        return keys.contains(START) || keys.contains(END);
    }

    /**
     * The name the statement's ranking gives the window column {@code has} of the plan's {@code keys} where it renames
     * it on the way up ({@code ws} of {@code SELECT window_start AS ws ...}, {@code PARTITION BY ws}): Flink's plan
     * keys the {@code Rank} by the window column, the statement's {@code PARTITION BY} by its new name. Read from the
     * statement's one ranking whose {@code PARTITION BY} names neither window column and has as many items as the plan
     * has keys, the one item no other key names; empty where it names the column as it is, or it cannot be told.
     */
    static Optional<String> renamed(List<RankFunction> rankings, List<String> keys, String has) {
        List<String> others = keys.stream().filter(k -> !k.equals(has)).map(k -> k.toLowerCase(Locale.ROOT)).toList();
        List<String> found = new ArrayList<>();
        for (RankFunction ranking : rankings) {
            List<String> items = ranking.partitionBy().stream().map(WindowKeys::unqualified).toList();
            if (items.size() != keys.size() || items.stream().anyMatch(i -> i.equalsIgnoreCase(START) || i.equalsIgnoreCase(END))) {
                continue;
            }
            List<String> unmatched = items.stream().filter(i -> !others.contains(i.toLowerCase(Locale.ROOT))).toList();
            if (unmatched.size() == 1) {
                found.add(unmatched.get(0));
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** A column as written without its qualifier and back-ticks: {@code ws} of {@code t.`ws`}. */
    private static String unqualified(String item) {
        String last = item.substring(item.lastIndexOf('.') + 1);
        return last.replace("`", "");
    }

    /** The other window column than {@code has}. */
    static String missing(String has) {
        return has.equals(START) ? END : START;
    }

    /** The keys with the missing window column beside the one there: {@code window_start, window_end, page}. */
    static String completed(List<String> keys, String has) {
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            if (key.equals(has)) {
                out.add(START);
                out.add(END);
            } else {
                out.add(key);
            }
        }
        return String.join(", ", out);
    }

    /**
     * The GROUP BY a fix proposes for {@code aggregate}, grouped by {@code has} without the other window column. Over
     * GROUPING SETS, ROLLUP or CUBE the window columns go beside the sets, out of them: Flink plans a window
     * aggregation there only where the GROUP BY holds both window columns outside the sets (Flink docs, "Window
     * Aggregation", GROUPING SETS: "window_start and window_end columns must be in the GROUP BY clause, but not in
     * the GROUPING SETS clause"; {@code WindowAggregateTest#testTumble_GroupingSets1} plans, {@code
     * #testCantTranslateToWindowAgg_GroupingSetsOnlyWithWindowStart} does not), and the copy number Flink's {@code
     * Expand} adds to the keys ({@code $e}) is no column of the statement.
     */
    static String groupByBoth(Operator.GroupAggregate aggregate, String has) {
        return aggregate.groupingSets() ? BESIDE_SETS : "GROUP BY " + completed(aggregate.groupBy(), has);
    }

    /** The GROUP BY of a window aggregation over grouping sets: the window columns beside the sets, not in them. */
    static final String BESIDE_SETS = "GROUP BY window_start, window_end beside the GROUPING SETS (...), ROLLUP (...)"
            + " or CUBE (...), with the window columns taken out of the sets";

    /** What the GROUP BY of {@link #groupByBoth} changes beside the window: empty where no grouping sets. */
    static String setsCaveat(Operator.GroupAggregate aggregate) {
        return aggregate.groupingSets()
                ? "; a grouping set without both window columns, a total since the start, becomes a total per window"
                : "";
    }

    /** The keys as a statement reads them: the copy number of an {@code Expand} as the grouping set it numbers. */
    static String keys(Operator.GroupAggregate aggregate) {
        List<String> out = new ArrayList<>();
        for (String key : aggregate.groupBy()) {
            out.add(Operator.GroupAggregate.groupingSetNumber(key) ? "the grouping set" : key);
        }
        return String.join(", ", out);
    }

    /** True when a windowing operator is below {@code node}. */
    static boolean overWindow(ExplainedPlan plan, PlanNode node) {
        return overWindow(plan, node, new HashSet<>(), 0);
    }

    private static boolean overWindow(ExplainedPlan plan, PlanNode node, Set<Integer> seen, int depth) {
        if (depth > 256) {
            return false;
        }
        for (PlanNode input : plan.inputs(node)) {
            if (!seen.add(input.id())) {
                continue;
            }
            if (WINDOWING.contains(input.name()) || overWindow(plan, input, seen, depth + 1)) {
                return true;
            }
        }
        return false;
    }
}
