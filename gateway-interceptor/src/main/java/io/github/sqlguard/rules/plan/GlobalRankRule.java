package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code global-rank}: a non-window {@code Rank}, an {@code ORDER BY ... LIMIT} ({@code SortLimit})
 * or an {@code OverAggregate} with {@code partitionBy=[]}. Flink sends every row to one parallel
 * instance ({@code Exchange(distribution=[single])}), which holds all the state and caps
 * throughput. The same for a {@code Rank} partitioned by keys the plan fixes to one value ({@link
 * Operator.Rank#onePartition()}: a view's {@code WHERE region = 'EU'} under {@code PARTITION BY
 * region}): its hash exchange sends every row, all with that one key, to one instance. Where that state cannot grow ({@link Operator.Rank#stateCannotGrow()}: at most N
 * rows), the message says so: then this is the statement's only finding about the Top-N. An {@code
 * OverAggregate}'s fix is a {@code PARTITION BY} in its {@code OVER} clause: a Top-N per window does not
 * compute a running aggregate ({@code OverAggregateTest}'s {@code OVER (ORDER BY proctime ROWS BETWEEN 2
 * PRECEDING AND CURRENT ROW)} is one such, Flink 2.3.0's planner tests).
 */
public final class GlobalRankRule extends StreamingPlanRule {

    public static final String ID = "global-rank";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N or OVER without `PARTITION BY`: one parallel instance holds all the state.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            boolean global =
                    (operator instanceof Operator.Rank rank && rank.onePartition())
                            || (operator instanceof Operator.OverAggregate over && over.global());
            if (global) {
                boolean fixed = operator instanceof Operator.Rank rank && !rank.global();
                String what = operator instanceof Operator.Rank rank && rank.sortLimit()
                        ? "This " + operator.node().name() + " (ORDER BY ... LIMIT) ranks the whole stream"
                        : operator instanceof Operator.Rank rank && fixed
                        ? "This " + operator.node().name() + " is partitioned by " + rank.describePartition()
                        : "This " + operator.node().name() + " has no PARTITION BY";
                String state = operator instanceof Operator.Rank rank && rank.stateCannotGrow()
                        ? ", so all rows go to a single parallel instance, which limits throughput to one task; its state"
                                + " cannot grow (" + rank.strategy() + " keeps at most " + rank.rankEnd().getAsLong()
                                + (rank.rankEnd().getAsLong() == 1 ? " row" : " rows") + " and drops the rest)."
                        : ", so all rows go to a single parallel instance that holds the whole state and limits throughput"
                                + " to one task.";
                if (operator instanceof Operator.Rank rank && rank.firstRowsForever()) {
                    hits.add(PlanRules.hit(plan, operator, what + state + " " + firstRowsForever(rank),
                            firstRowsForeverFix(rank)));
                    continue;
                }
                hits.add(
                        PlanRules.hit(
                                plan,
                                operator,
                                what + state,
                                operator instanceof Operator.OverAggregate over
                                        ? "Where an aggregate per key is meant, partition the OVER window by that key:"
                                                + " OVER (PARTITION BY the key ORDER BY " + over.orderBy() + " ...); an"
                                                + " OVER aggregate over the whole stream runs in one task."
                                        : (fixed ? "Where a ranking per value of another key is meant, partition by that key"
                                                : "Partition the ranking (PARTITION BY a key)")
                                                + ", or compute the global Top-N per window"
                                                + " (PARTITION BY window_start, window_end) from a pre-aggregated per-window"
                                                + " result."));
            }
        }
        return hits;
    }

    /** What a Top-N of the first rows by processing time returns ({@link Operator.Rank#firstRowsForever()}). */
    private static String firstRowsForever(Operator.Rank rank) {
        long n = rank.rankEnd().getAsLong();
        String rows = n == 1
                ? "its first row read, and it never changes after it"
                : "its first " + n + " rows read, and it never changes after them";
        return "Ordered by processing time ascending (" + rank.orderBy() + "), every row arrives later than the rows"
                + " kept and ranks after them: the result is " + rows + " (Flink counts the rows it emitted and ignores"
                + " every later one).";
    }

    /**
     * The fix of {@link #firstRowsForever}: the latest row, overall or per key, or the first rows per window, on event
     * time ({@code StreamExecWindowRank}: "Processing time Window TopN is not supported yet", {@link
     * io.github.sqlguard.rules.diagnosis.WindowProctimeUnsupportedRule}).
     */
    private static String firstRowsForeverFix(Operator.Rank rank) {
        String time = rank.orderKeys().get(0).column();
        long n = rank.rankEnd().getAsLong();
        String latest = n == 1
                ? "Where the latest row is meant, ORDER BY " + time + " DESC LIMIT 1, or per key"
                        + " ROW_NUMBER() OVER (PARTITION BY the key ORDER BY " + time + " DESC) filtered to 1, a"
                        + " Deduplicate that keeps the latest row per key"
                : "Where the latest " + n + " rows are meant, ORDER BY " + time + " DESC LIMIT " + n
                        + ", or per key ROW_NUMBER() OVER (PARTITION BY the key ORDER BY " + time + " DESC) filtered to <= "
                        + n;
        return latest + "; where the first rows of each period are meant, rank per window: a window Top-N (PARTITION BY"
                + " window_start, window_end over TUMBLE) ordered by an event-time column with a WATERMARK, since Flink"
                + " runs no window Top-N on processing time.";
    }
}
