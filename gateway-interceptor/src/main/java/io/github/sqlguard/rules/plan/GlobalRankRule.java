package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OrderKey;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.plan.WindowRowsRead;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
 *
 * <p>Over a window's rows: a {@code WindowRank} partitioned by the window alone ({@code partitionBy=[]}, behind {@code
 * Exchange(distribution=[single])}) that reads a window table function's or a window join's rows, every one of which
 * goes to the one instance (its state stays a Top-N per window, freed when the window closes); not over a window
 * aggregation, whose one row per key and window is what reaches it (this rule's own fix). A {@code Rank} without
 * {@code PARTITION BY} over a window's rows is told that it ranks every window together and that {@code PARTITION BY
 * window_start, window_end} ranks per window.
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
            if (operator instanceof Operator.WindowRank windowRank && windowRank.partitionKeys().isEmpty()) {
                rowsOfTheWindow(plan, windowRank).ifPresent(rows -> hits.add(
                        PlanRules.hit(plan, operator, perWindowAlone(windowRank, rows), perWindowAloneFix(windowRank, names))));
                continue;
            }
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
                Optional<String> acrossWindows = operator instanceof Operator.Rank rank && rank.global() && !rank.sortLimit()
                        ? readsWindowRows(plan, rank) : Optional.empty();
                if (acrossWindows.isPresent() && operator instanceof Operator.Rank rank) {
                    String n = rank.rankEnd().isPresent() ? String.valueOf(rank.rankEnd().getAsLong()) : "N";
                    hits.add(PlanRules.hit(plan, operator, what + state + " It ranks the rows of every window together,"
                                    + " its Top-" + n + " one of all windows so far, not each window's on its own.",
                            rankPerWindowFix(rank, acrossWindows.get())));
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
     * What a window Top-N partitioned by the window alone reads, where every row of it reaches the one instance: the
     * rows of a window table function ({@code WindowTableFunction}) or of a window join ({@code WindowJoin}), read
     * through nodes that keep no state. Empty over a window aggregation, a window Top-N or a window deduplication
     * (what reaches the instance is already reduced per key and window: the shape of this rule's own fix, Flink docs'
     * "Window Top-N follows after Window Aggregation") and over anything else.
     */
    private static Optional<String> rowsOfTheWindow(ExplainedPlan plan, Operator.WindowRank windowRank) {
        PlanNode at = windowRank.node();
        for (int depth = 0; depth < 64; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                return Optional.empty();
            }
            at = inputs.get(0);
            if (at.is("WindowTableFunction")) {
                return Optional.of("the window table function");
            }
            if (at.is("WindowJoin")) {
                return Optional.of("the window join");
            }
            if (StatefulOperators.isStateful(at)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * A window Top-N partitioned by the window alone ({@code PARTITION BY window_start, window_end}): Flink's {@code
     * StreamExecWindowRank} keys it by its partition keys less the window columns, none, behind {@code
     * Exchange(distribution=[single])}. Its state stays bounded (each window's Top-N, freed when the window closes,
     * {@code WindowRankOperator}); every row read goes to one task.
     */
    private static String perWindowAlone(Operator.WindowRank windowRank, String rows) {
        return "This " + windowRank.node().name() + " is partitioned by the window alone (partitionBy=[] beside"
                + " window_start, window_end), so every row of " + rows + " goes to a single parallel instance, which"
                + " limits throughput to one task; its state stays bounded (" + topN(windowRank.rankEnd())
                + " per window, freed when the window closes).";
    }

    /**
     * The fix of {@link #perWindowAlone}: the same Top-N in two window Top-Ns, the first partitioned by a key as well
     * (parallel), the second over its result; Flink 2.3.0 plans both as {@code WindowRank}s, the second behind the one
     * exchange to a single instance, reading at most N rows per key and window.
     */
    private static String perWindowAloneFix(Operator.WindowRank windowRank, StatementNames names) {
        String n = windowRank.rankEnd().isPresent() ? String.valueOf(windowRank.rankEnd().getAsLong()) : "N";
        // Ordered by processing time, the rows tie in each step (proctime-top-n): the two steps are written in the
        // event-time order of proctime-top-n's fix, not in the order that finding says keeps the first rows to arrive.
        // A window Top-N runs on event time only (StreamExecWindowRank), so an event-time attribute is below it.
        Optional<String> eventTime = windowRank.firstArrivalsReadAsLatest() || windowRank.rankedByLaterKeys()
                ? eventTimeOrder(windowRank, names) : Optional.empty();
        String order = eventTime.orElse(windowRank.orderBy());
        return (eventTime.isPresent() ? "Once the ranking is ordered by event time (proctime-top-n), where" : "Where")
                + " the stream is large, rank in two steps, which give the same Top-" + n + " per window (ties aside):"
                + " first per window and a key of the rows (ROW_NUMBER() OVER (PARTITION BY window_start, window_end, the"
                + " key ORDER BY " + order + ") <= " + n + ", a window Top-N that runs in parallel), then this ranking,"
                + " per window alone, over that result: at most " + n + " rows per key and window then reach the one"
                + " task; where a total per key is ranked, aggregate per key and window first"
                + " (GROUP BY window_start, window_end, the key) and rank the totals.";
    }

    /**
     * The event-time order proctime-top-n's fix gives a window Top-N ordered by processing time: the event-time
     * attribute below it in place of the processing-time key, its direction kept, the later keys after it ({@code
     * view_time DESC} for {@code pt DESC}); empty where there is no event-time attribute below.
     */
    private static Optional<String> eventTimeOrder(Operator.WindowRank windowRank, StatementNames names) {
        Optional<Column> rowtime = names.rowtimeBelow(windowRank.node());
        if (rowtime.isEmpty() || windowRank.orderKeys().isEmpty()) {
            return Optional.empty();
        }
        List<OrderKey> keys = windowRank.orderKeys();
        List<String> order = new ArrayList<>();
        order.add(SqlIdentifiers.sql(rowtime.get().name()) + (keys.get(0).ascending() ? "" : " DESC"));
        for (int i = 1; i < keys.size(); i++) {
            order.add(names.orderName(keys.get(i), i) + (keys.get(i).ascending() ? "" : " DESC"));
        }
        return Optional.of(String.join(", ", order));
    }

    private static String topN(java.util.OptionalLong end) {
        return end.isPresent() ? (end.getAsLong() == 1 ? "at most 1 row" : "at most " + end.getAsLong() + " rows")
                : "the ranks kept";
    }

    /**
     * The window columns a Top-N without {@code PARTITION BY} reads: the rows of a window table function or a window
     * aggregation, which carry {@code window_start} and {@code window_end} ({@link WindowRowsRead#windowTableRows}),
     * named by what they are; empty otherwise.
     */
    private static Optional<String> readsWindowRows(ExplainedPlan plan, Operator.Rank rank) {
        return WindowRowsRead.windowTableRows(plan, rank.node()).filter(window -> {
            List<String> columns = window.outputType().columns().stream().map(Column::name).toList();
            return columns.contains(WindowKeys.START) && columns.contains(WindowKeys.END);
        }).map(window -> WindowRowsRead.windowAggregate(window) ? "the window aggregation" : "the window table function");
    }

    /**
     * The fix of a Top-N without {@code PARTITION BY} over a window's rows: partitioned by the window, Flink plans a
     * window Top-N ({@code WindowRank}; {@code StreamPhysicalRankRule} turns a Rank into one where the partition holds
     * the window columns of its windowed input).
     */
    private static String rankPerWindowFix(Operator.Rank rank, String rows) {
        String n = rank.rankEnd().isPresent() ? String.valueOf(rank.rankEnd().getAsLong()) : "N";
        return "Where the Top-" + n + " of each window is meant, partition by the window (ROW_NUMBER() OVER (PARTITION BY"
                + " window_start, window_end ORDER BY " + rank.orderBy() + ")) over the rows of " + rows + ", which carry"
                + " them: a window Top-N (WindowRank), which emits each window's Top-" + n + " once, when the window"
                + " closes, and frees its state then"
                + (rows.equals("the window aggregation")
                        ? "; only the aggregation's results per window reach its one task"
                        : "; it still reads every row in one task: to spread it, rank per window and a key first, then"
                                + " per window over that result")
                + ". Where the Top-" + n + " of all time is meant, it is one task's work however it is written.";
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
