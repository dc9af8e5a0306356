package io.github.sqlguard.plan;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The window operator whose rows a node (a ranking) reads through nodes that keep no state (a {@code Calc}, an
 * {@code Exchange}, a watermark assigner): a window table function's rows, which carry {@code window_start} and
 * {@code window_end}, or a window aggregation's result, one row per window and key. The one walk read by {@code
 * unbounded-rank}'s fix (a ranking over window rows: a window Top-N), by the rules' names of a ranking over a window
 * aggregation's result ({@code rules.plan.StatementNames}) and by the {@code window-partition} rewrite. It stops at the
 * first node that keeps state or reads several inputs: a ranking over a group aggregation or a join over the window's
 * rows reads those, not the window's.
 *
 * <p>Stateless.
 */
public final class WindowRowsRead {

    /** Window aggregations of window table functions (Flink 1.13 on): their result carries window_start and window_end. */
    private static final Set<String> WINDOW_AGGREGATES = Set.of("WindowAggregate", "GlobalWindowAggregate");

    /**
     * A legacy group window ({@code GROUP BY TUMBLE(ts, ...)}): an aggregation per window whose result names its
     * window columns as the query does ({@code TUMBLE_START(...)}); Flink plans no window Top-N over it.
     */
    private static final String LEGACY_GROUP_WINDOW = "GroupWindowAggregate";

    private static final String WINDOW_TABLE_FUNCTION = "WindowTableFunction";

    /** A window table function's window as Flink prints it ({@code WindowSpec#toSummaryString}): {@code window=[HOP(...)]}. */
    private static final Pattern OVERLAPPING = Pattern.compile("window=\\[(HOP|CUMULATE)\\(");

    private static final int MAX_DEPTH = 256;

    private WindowRowsRead() {}

    /**
     * The window table function or window aggregation (a legacy group window included) {@code node} reads through
     * single-input nodes that keep no state; empty where a node that keeps state or reads several inputs comes first.
     */
    public static Optional<PlanNode> below(ExplainedPlan plan, PlanNode node) {
        return walk(plan, node, false);
    }

    /**
     * The window aggregation {@code node} reads, a legacy group window included: as {@link #below}, through a
     * window table function too (a window over a window aggregation's result, a cascading window: its columns are
     * still the aggregation's).
     */
    public static Optional<PlanNode> aggregation(ExplainedPlan plan, PlanNode node) {
        return walk(plan, node, true);
    }

    private static Optional<PlanNode> walk(ExplainedPlan plan, PlanNode node, boolean throughTableFunctions) {
        PlanNode at = node;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                return Optional.empty();
            }
            at = inputs.get(0);
            if (at.is(WINDOW_TABLE_FUNCTION) && throughTableFunctions) {
                continue;
            }
            if (at.is(WINDOW_TABLE_FUNCTION) || WINDOW_AGGREGATES.contains(at.name()) || at.is(LEGACY_GROUP_WINDOW)) {
                return Optional.of(at);
            }
            if (StatefulOperators.isStateful(at)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The window table function or window aggregation of one {@code node} reads ({@link #below}) over which Flink
     * plans a window Top-N (a {@code WindowRank}) once the ranking is partitioned by both window columns: not a
     * legacy group window.
     */
    public static Optional<PlanNode> windowTableRows(ExplainedPlan plan, PlanNode node) {
        return below(plan, node).filter(window -> !window.is(LEGACY_GROUP_WINDOW));
    }

    /** True for a window aggregation of a window table function ({@code WindowAggregate}, {@code GlobalWindowAggregate}). */
    public static boolean windowAggregate(PlanNode window) {
        return WINDOW_AGGREGATES.contains(window.name());
    }

    /**
     * The kind of window a window table function prints whose windows overlap, {@code HOP} or {@code CUMULATE}: it
     * emits each row once for every window that holds it ({@code AlignedWindowTableFunctionOperator#processElement},
     * Flink 2.3.0: one output row per window {@code WindowAssigner#assignWindows} returns). Empty for {@code TUMBLE},
     * {@code SESSION} and any node that is no window table function.
     */
    public static Optional<String> overlappingWindows(PlanNode window) {
        if (!window.is(WINDOW_TABLE_FUNCTION)) {
            return Optional.empty();
        }
        Matcher matcher = OVERLAPPING.matcher(window.description());
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}
