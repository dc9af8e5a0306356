package io.github.sqlguard.plan;

import io.github.sqlguard.statement.TimeBuckets;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Which windows stand for an aggregation's hand-made time bucket ({@code FLOOR(ts TO HOUR)}, {@code CAST(ts AS DATE)}):
 * the one source of the {@code window-aggregate} rewrite's candidates and of {@code stateful-without-ttl}'s fix text,
 * so the fix names first the window the rewrite offers first.
 *
 * <p>A {@code CUMULATE} window of the bucket's size with a step ({@link TimeBuckets#cumulateStep}) keeps a result
 * during the bucket, as the original's updated total did; it is offered, before {@code TUMBLE}, only where nothing
 * reads the aggregation's rows as rows of its own ({@link #reader}): each {@code CUMULATE} step's result so far is a
 * new row (insert-only), which a {@code Rank}, a join or an aggregation above reads beside the key's earlier ones,
 * where the original's updates replaced the key's row there (a Top-3 per hour over it could hold one region's three
 * latest results so far; a count of regions per hour would count a region once per step). Stateless.
 */
public final class BucketWindows {

    /** Operators that pass an aggregation's rows on as they are: a projection or filter, a shuffle, a union, the sink. */
    private static final Set<String> PASSING = Set.of("Calc", "Exchange", "Union", "DropUpdateBefore", "Sink");

    private static final int MAX_DEPTH = 64;

    private BucketWindows() {}

    /**
     * The step of the {@code CUMULATE} window offered for {@code aggregation}'s bucket of {@code size}; empty where
     * only {@code TUMBLE} is: a bucket too small for a step, or an operator that reads the aggregation's rows.
     */
    public static Optional<Duration> cumulateStep(ExplainedPlan plan, PlanNode aggregation, Duration size) {
        return reader(plan, aggregation).isPresent() ? Optional.empty() : TimeBuckets.cumulateStep(size);
    }

    /**
     * The operator above {@code node} that reads its rows one by one as rows of its own (a {@code Rank}, a join, an
     * aggregation), found through the operators that pass them on; empty where they go to the sink or the client as
     * they are.
     */
    public static Optional<PlanNode> reader(ExplainedPlan plan, PlanNode node) {
        PlanNode at = node;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            PlanNode from = at;
            Optional<PlanNode> above = plan.nodes().stream().filter(n -> plan.inputs(n).contains(from)).findFirst();
            if (above.isEmpty()) {
                return Optional.empty();
            }
            if (PASSING.stream().noneMatch(above.get()::is)) {
                return above;
            }
            at = above.get();
        }
        return Optional.empty();
    }
}
