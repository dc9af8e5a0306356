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
 * or an {@code OverAggregate} with {@code partitionBy=[]}, or a {@code Deduplicate} with {@code
 * key=[]}. Flink sends every row to one parallel
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
                    "Top-N, deduplication or OVER without `PARTITION BY`: one parallel instance holds all the state.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        StatementNames names = new StatementNames(plan, context);
        for (Operator operator : plan.operators()) {
            if (operator instanceof Operator.Deduplicate dedup && dedup.keys().isEmpty()) {
                hits.add(PlanRules.hit(plan, operator, keyless(dedup), keylessFix(dedup)));
                continue;
            }
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
                    hits.add(PlanRules.hit(plan, operator, what + state + " " + firstRowsForever(rank, names),
                            firstRowsForeverFix(rank, names)));
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

    /**
     * A deduplication without {@code PARTITION BY} ({@code ROW_NUMBER() OVER (ORDER BY PROCTIME() DESC) = 1}, Flink's
     * {@code DeduplicateTest#testSimpleLastRowOnBuiltinProctime}), which Flink plans as a {@code Deduplicate} with
     * {@code key=[]} behind {@code Exchange(distribution=[single])}: one task, one row of state (the row kept; of
     * the first row by processing time a flag, {@code ProcTimeDeduplicateKeepFirstRowFunction}). The latest row is
     * replaced by every later one, and the result with it ({@code outputInsertOnly=[false]}); the first by
     * processing time never changes after it.
     */
    private static String keyless(Operator.Deduplicate dedup) {
        String time = dedup.rowtime() ? "event time" : "processing time";
        String what = "This " + dedup.node().name() + " has no PARTITION BY, so all rows go to a single parallel"
                + " instance, which limits throughput to one task; its state cannot grow (it keeps one row, the "
                + (dedup.keepLastRow() ? "latest" : "first") + " by " + time + ").";
        if (dedup.keepLastRow()) {
            return what + " Every " + (dedup.rowtime() ? "row of a later event time" : "row read") + " replaces it,"
                    + " and the result with it: an update of the one result row for "
                    + (dedup.rowtime() ? "each such row" : "every row of the stream") + ".";
        }
        return dedup.rowtime() ? what : what + " Ordered by processing time ascending, the result is the first row read,"
                + " and it never changes after it (Flink marks the row seen and drops every later one).";
    }

    /**
     * The fix of {@link #keyless}: a key spreads the deduplication over the parallel instances; a window
     * deduplication emits a row per window once, on event time ({@code StreamExecWindowDeduplicate} runs no
     * processing-time window), and still runs its one window in one task.
     */
    private static String keylessFix(Operator.Deduplicate dedup) {
        String row = dedup.keepLastRow() ? "latest" : "first";
        return "Where the " + row + " row per key is meant, partition the ROW_NUMBER() by that key (PARTITION BY the"
                + " key), which Flink spreads over the parallel instances by key; where the " + row + " row of each"
                + " period is meant, deduplicate per window (PARTITION BY window_start, window_end over a window TVF"
                + " of an event-time column), which emits each window's row once, as an insert. The one "
                + row + " row of the whole stream is one task's work however it is written.";
    }

    /** What a Top-N of the first rows by processing time returns ({@link Operator.Rank#firstRowsForever()}). */
    private static String firstRowsForever(Operator.Rank rank, StatementNames names) {
        long n = rank.rankEnd().getAsLong();
        String rows = n == 1
                ? "its first row read, and it never changes after it"
                : "its first " + n + " rows read, and it never changes after them";
        return "Ordered by processing time ascending (" + names.orderBy(rank.orderKeys()) + "), every row arrives later than the rows"
                + " kept and ranks after them: the result is " + rows + " (Flink counts the rows it emitted and ignores"
                + " every later one).";
    }

    /**
     * The fix of {@link #firstRowsForever}: the latest row, overall or per key, or the first rows per window, on event
     * time ({@code StreamExecWindowRank}: "Processing time Window TopN is not supported yet", {@link
     * io.github.sqlguard.rules.diagnosis.WindowProctimeUnsupportedRule}).
     */
    private static String firstRowsForeverFix(Operator.Rank rank, StatementNames names) {
        String time = names.orderName(rank.orderKeys().get(0));
        long n = rank.rankEnd().getAsLong();
        // Descending by processing time, only a ROW_NUMBER() Top-1 (a Deduplicate) follows arrival: ORDER BY ... DESC
        // LIMIT n and a Top-N of more rows keep the first rows to arrive (ProctimeTopNRule, run on 2.3.0 and 1.20.0).
        String latest = n == 1
                ? "Where the latest row is meant, ROW_NUMBER() OVER (ORDER BY " + time + " DESC) filtered to 1, or per key"
                        + " ROW_NUMBER() OVER (PARTITION BY the key ORDER BY " + time + " DESC) filtered to 1: a"
                        + " Deduplicate, which keeps the latest row (ORDER BY " + time + " DESC LIMIT 1 keeps the first"
                        + " row too)"
                : "Where the latest " + n + " rows are meant, order by an event-time column with a WATERMARK,"
                        + " descending: by processing time, a Top-N of more than one row keeps the first rows to arrive"
                        + " whichever the direction";
        return latest + "; where the first rows of each period are meant, rank per window: a window Top-N (PARTITION BY"
                + " window_start, window_end over TUMBLE) ordered by an event-time column with a WATERMARK, since Flink"
                + " runs no window Top-N on processing time.";
    }
}
