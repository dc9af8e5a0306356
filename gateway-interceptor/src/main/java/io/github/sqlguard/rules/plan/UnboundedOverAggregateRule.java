package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OverFrame;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code unbounded-over-aggregate}: an {@code OverAggregate} ordered by a column that is not a
 * time attribute. From Flink 2.1 on such an OVER runs (the non-time {@code
 * NonTimeRowsUnboundedPrecedingFunction}); it keeps every row of each partition and re-emits
 * updates for rows after each insert.
 *
 * <p>Its state is not kept forever under a state TTL: the non-time OVER is a {@code
 * KeyedProcessFunctionWithCleanupState} with the session's retention, whose cleanup timer per partition every
 * row moves on, so the reason says "forever" only where the TTL never expires. The fix offers the Top-N filter
 * only for a ranking function; for a running aggregate the order by time (saying that it changes what is
 * aggregated) and the TTL.
 *
 * <p>Signal: the plan model's {@link Operator.OverAggregate#orderedByTimeAttribute()}: from a
 * compiled plan, whether the order column is a time attribute in the input's row type; from an
 * EXPLAIN text, as the text reader infers it (changelog mode, time attributes declared below).
 */
public final class UnboundedOverAggregateRule implements Rule {

    public static final String ID = "unbounded-over-aggregate";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "OVER window ordered by a non-time column: keeps every row per partition and emits update storms.",
                    StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        if (!context.streaming() || context.plan().isEmpty()) {
            return List.of();
        }
        ExplainedPlan plan = context.plan().get();
        Duration max = context.option(StateTtlOptions.MAX_STATE_TTL);
        List<RuleHit> hits = new ArrayList<>();
        for (Operator.OverAggregate over : plan.operators(Operator.OverAggregate.class)) {
            if (!over.orderedByTimeAttribute().orElse(false)) {
                OperatorTtl ttl = OperatorTtl.of(context, over.node());
                boolean forever = ttl.neverExpires(max);
                hits.add(
                        PlanRules.hit(
                                plan,
                                over,
                                "This OVER window is ordered by " + over.orderBy() + ", which is not a time attribute: Flink keeps"
                                        + " every row of each partition (" + PlanRules.keysText(over.partitionKeys()) + ") "
                                        + (forever ? "forever"
                                                : "as long as the partition keeps receiving rows (the state TTL of "
                                                        + StateTtl.format(ttl.longest()) + " frees a partition only once it has"
                                                        + " had no row for that long: every row renews it)")
                                        + " and re-emits updated rows for each new row.",
                                ranks(over, context) ? rankingFix(context) : runningFix(over, context, forever)));
            }
        }
        return hits;
    }

    /**
     * True when the OVER computes a ranking ({@link OverFrame#ranks}); where the plan prints no calls, when the
     * statement has one.
     */
    private static boolean ranks(Operator.OverAggregate over, AnalysisContext context) {
        return over.frame()
                .filter(f -> !f.calls().isEmpty())
                .map(OverFrame::ranks)
                .orElse(!context.statement().rankFunctionAliases().isEmpty());
    }

    private static String rankingFix(AnalysisContext context) {
        return "For a Top-N or deduplication, filter on the ROW_NUMBER in an outer query ("
                + PlanRules.rowNumberFilter(context, 10) + ") so Flink plans a Rank; for a running"
                + " aggregate, ORDER BY a time attribute (a WATERMARK column or PROCTIME()).";
    }

    /**
     * The fix of a running aggregate ordered by a column that is no time attribute: the order by time where the
     * arrival order is meant (it changes what is aggregated), else the state TTL, which Flink's non-time OVER
     * ({@code AbstractNonTimeUnboundedPrecedingOver}, a {@code KeyedProcessFunctionWithCleanupState} given the
     * session's retention by {@code StreamExecOverAggregate#createUnboundedOverProcessFunction}, Flink 2.3.0)
     * applies as a cleanup timer per partition, moved on by every row and clearing all the partition's rows and
     * accumulators when it fires.
     */
    private static String runningFix(Operator.OverAggregate over, AnalysisContext context, boolean forever) {
        String order = over.orderBy();
        String partition = over.global() ? "the one partition (no PARTITION BY: the whole stream)"
                : "a partition (" + PlanRules.keysText(over.partitionKeys()) + ")";
        String ttl = forever
                ? context.advised().setStateTtl() + " frees " + partition + " once it has had no row for "
                        + context.advised().stateTtlText() + ", all its rows at once (its running aggregates start over"
                        + " from its next row), but a partition that keeps receiving rows keeps every one of them (a"
                        + " STATE_TTL hint does not reach an OVER aggregate)"
                : "the state TTL already set frees only " + partition + " idle that long";
        return "Where the running aggregate is meant in arrival order, ORDER BY a time attribute (a WATERMARK column or a"
                + " PROCTIME() column, declared in the table's DDL where it has none): Flink then computes each row's result"
                + " once, as its time comes, and re-emits no earlier row (this changes the result: rows are aggregated in"
                + " time order, not in the order of " + order + "); where the order of " + order + " is meant, no bounded"
                + " form exists: " + ttl + ".";
    }
}
