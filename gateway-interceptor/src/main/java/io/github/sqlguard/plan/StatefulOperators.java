package io.github.sqlguard.plan;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one vocabulary of stateful operators the guard uses, by their names in Flink's optimized
 * execution plan (the {@code StreamExec*} nodes of {@code flink-table-planner}; the same names head
 * the {@code description} of a compiled plan's nodes). The audit, the plan rules and the TTL rules
 * all read it from here.
 */
public final class StatefulOperators {

    private StatefulOperators() {}

    /**
     * Operators whose state is bounded only by a state TTL — keyed by an unbounded key, never freed
     * by a window or watermark — and that have no rule of their own ({@code stateful-without-ttl};
     * {@code Rank} is {@code unbounded-rank}'s). A sink's upsert materializer is one too ({@link
     * #isStateful(PlanNode)}), named by its node, {@code Sink}. Not an {@code OverAggregate}: whether
     * its state is bounded only by a TTL depends on its partition, order and frame, which {@code
     * stateful-without-ttl} reads apart ({@code PartitionedOver}); one ordered by a non-time column is
     * {@code unbounded-over-aggregate}'s. A {@code MultiJoin} is Flink 2.x's join of several inputs on one common key
     * ({@code table.optimizer.multi-join.enabled}, {@code StreamExecMultiJoin}): one state per input, each at the TTL
     * of the session or of a {@code STATE_TTL} hint ({@code StateTtlHint#getStateTtlFromHintOnMultiRel}).
     */
    public static final Set<String> TTL_BOUNDED =
            Set.of(
                    "GroupAggregate",
                    "GlobalGroupAggregate",
                    "IncrementalGroupAggregate",
                    "GroupTableAggregate",
                    "Join",
                    "ChangelogNormalize",
                    "Deduplicate",
                    "MultipleInput",
                    "MultiJoin");

    /**
     * Operators whose state TTL, where Flink could not compile the plan, is inferred to be the
     * session's {@code table.exec.state.ttl} ({@link ExplainedPlan#inferredStateTtl()}): the {@link
     * #TTL_BOUNDED} ones and {@code Rank}. The audit lists their inferred TTLs, and the TTL rules
     * judge them, as they judge each operator's own TTL in a compiled plan.
     */
    public static final Set<String> INFERRED_TTL =
            Stream.concat(TTL_BOUNDED.stream(), Stream.of("Rank")).collect(Collectors.toUnmodifiableSet());

    /**
     * The operators that emit a regular (unwindowed) group aggregation's results: one {@code GroupAggregate}, or the
     * global half of a two-phase one ({@code GlobalGroupAggregate}), or its incremental form ({@code
     * IncrementalGroupAggregate}, Flink's {@code IncrementalAggregateRule} under split distinct aggregation).
     */
    public static final Set<String> GROUP_AGGREGATES =
            Set.of("GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate");

    /**
     * Operators a {@code STATE_TTL} hint applies to (Flink's {@code StateTtlHint}: regular joins and
     * group aggregations).
     */
    public static final Set<String> HINTABLE =
            Set.of("GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate", "LocalGroupAggregate", "Join");

    /**
     * Operators whose state a {@code STATE_TTL} hint can set: the {@link #HINTABLE} ones and Flink 2.x's {@code MultiJoin},
     * which takes a TTL per input from the hint on its joining SELECT ({@code StateTtlHint#getStateTtlFromHintOnMultiRel},
     * Flink 2.3.0). For telling whether a hint reached an operator, and the operators the {@code state-ttl-hint}
     * rewrite answers.
     */
    public static final Set<String> HINT_REACHES =
            Stream.concat(HINTABLE.stream(), Stream.of("MultiJoin")).collect(Collectors.toUnmodifiableSet());

    /** Every operator that keeps state, for the audit's {@code statefulOperators}. */
    public static final Set<String> ALL =
            Set.of(
                    "Rank", "Deduplicate", "WindowRank", "WindowDeduplicate", "OverAggregate", "GroupAggregate",
                    "GlobalGroupAggregate", "IncrementalGroupAggregate", "GroupTableAggregate", "Join", "IntervalJoin",
                    "TemporalJoin", "WindowJoin", "ChangelogNormalize", "WindowAggregate", "GlobalWindowAggregate",
                    "LocalWindowAggregate", "GroupWindowAggregate", "Match", "Sort", "SortLimit", "Limit",
                    "MultipleInput", "MultiJoin");

    /**
     * What the audit calls a sink's upsert materializer: Flink's operator ({@code
     * SinkUpsertMaterializer}; the plan shows it only as {@code Sink(..., upsertMaterialize=[true])}).
     */
    public static final String SINK_UPSERT_MATERIALIZER = "SinkUpsertMaterializer";

    /** True when {@code operatorName} keeps state. */
    public static boolean isStateful(String operatorName) {
        return ALL.contains(operatorName);
    }

    /**
     * True when {@code node} keeps state: an operator of {@link #ALL}, or a sink with an upsert
     * materializer. Flink's compiled plan lists the materializer's state on the sink ({@code
     * sinkMaterializeState}, written only when the sink needs one: {@code StreamExecSink}); EXPLAIN
     * prints {@code upsertMaterialize=[true]}.
     */
    public static boolean isStateful(PlanNode node) {
        return ALL.contains(node.name()) || materializingSink(node);
    }

    /** The name the audit counts {@code node} under: its own, {@link #SINK_UPSERT_MATERIALIZER} for a materializing sink. */
    public static String statefulName(PlanNode node) {
        return materializingSink(node) ? SINK_UPSERT_MATERIALIZER : node.name();
    }

    private static boolean materializingSink(PlanNode node) {
        return node.is("Sink") && (!node.state().isEmpty() || node.description().contains("upsertMaterialize=[true]"));
    }
}
