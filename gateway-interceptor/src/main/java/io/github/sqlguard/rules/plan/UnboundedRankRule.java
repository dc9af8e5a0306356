package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.GroupWindowEmit;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OrderKey;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.WindowRowsRead;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.TimeBuckets;


import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code unbounded-rank}: a non-window {@code Rank} in streaming mode whose state never expires in
 * practice: its own state TTL (Flink's compiled plan; else inferred from the session) is 0 or above
 * {@code sql-guard.max-state-ttl}. Flink's {@code StreamExecRank} keeps the Top-N of every
 * partition key it has ever seen; with no TTL that state only grows.
 *
 * <p>Not for a Top-N whose state cannot grow ({@link Operator.Rank#stateCannotGrow()}): one
 * partition (no {@code PARTITION BY}, an {@code ORDER BY ... LIMIT}, a {@code SortLimit}, or a
 * {@code PARTITION BY} whose keys the plan fixes to one value) whose strategy keeps at most N rows
 * ({@code AppendFastStrategy}, {@code UpdateFastStrategy}). That one is {@code global-rank}'s alone.
 * How a fixed key is known: from the compiled plan, not inferred from the SQL: the partition key's
 * column is, followed down through the nodes that pass it on, a Calc's literal (or a {@code CAST} of
 * one) or a column the Calc's own condition equates with a literal ({@code WHERE region = 'EU'} in a
 * view, which Flink's planner reduces to {@code CAST('EU' AS VARCHAR(2147483647))}). Every row then
 * has the same key, and Flink's {@code AppendOnlyTopNFunction} keeps one partition's Top-N, as for
 * {@code partitionBy=[]}. Over an updating input ({@code RetractStrategy}) it is reported: Flink's
 * {@code RetractableTopNFunction} keeps every input row of the partition, one or many.
 *
 * <p>The fix fits the statement, the structural ways first and the state TTL after them: a window
 * Top-N over the table the rank reads and its event-time column, where it has one; for a Top-1 ordered by a timestamp, the deduplication Flink plans once
 * that column is a time attribute; for a Top-1 by a value (the highest bid per auction), a {@code
 * GROUP BY} with {@code MAX}/{@code MIN}, but not of a processing time (a Top-1 by a {@code PROCTIME()} column a join made
 * a plain value: the Deduplicate before that join, {@link StatementNames#proctimeInPlaceOfWallClock}); never the advice for
 * N = 1 when N is larger.
 */
public final class UnboundedRankRule extends StreamingPlanRule {

    public static final String ID = "unbounded-rank";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "Non-window Top-N (`Rank`) in streaming mode with no state TTL (or one above"
                    + " `sql-guard.max-state-ttl`): state grows forever.",
                    StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        StatementNames names = new StatementNames(plan, context);
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            if (rank.stateCannotGrow()) {
                continue;
            }
            OperatorTtl ttl = OperatorTtl.of(context, rank.node());
            if (!ttl.neverExpires(context.option(StateTtlOptions.MAX_STATE_TTL))) {
                continue;
            }
            String partitions = rank.sortLimit() ? "an ORDER BY ... LIMIT"
                    : rank.partitionKeys().isEmpty() ? "with no PARTITION BY"
                    : "partitioned by " + rank.describePartition();
            RuleHit hit = PlanRules.advising(
                    PlanRules.hit(
                            plan,
                            rank,
                            "This Top-N runs as a non-window Rank (" + partitions + ", ordered by " + names.orderBy(rank.orderKeys())
                                    + ") and " + ttl.describe(context.option(StateTtlOptions.MAX_STATE_TTL))
                                    + (rank.onePartition() ? ", so Flink keeps every input row of its one partition (RetractStrategy over an"
                                            + " updating input) and the state never shrinks."
                                            : ", so Flink keeps the ranking of every key it has ever seen and the state never shrinks."),
                            fix(rank, names, context.advised())),
                    context.advised(), rank.partitionKeys(), names.rowtimeBelow(rank.node()));
            hits.add(names.redundantRanking(rank).isPresent() ? hit.with(hit.facts().withRedundantRanking()) : hit);
        }
        return hits;
    }

    /**
     * The way of a ranking over a group aggregation's updating result: the window goes into the
     * aggregation first, over the table it reads (named: {@code TUMBLE(TABLE people, ...)}), and the
     * ranking becomes a window Top-N. Where a stateful operator stands between the aggregation and the
     * table (a {@code Deduplicate}: an updating result without a time attribute, which no window can
     * read), it says what the window then counts; where the statement ranks with a {@code LATERAL (...
     * ORDER BY ... LIMIT n)} (no {@code ROW_NUMBER} of its own), it speaks of that.
     */
    private static String windowTheAggregationFirst(
            Operator.Rank rank, Operator.GroupAggregate aggregation, Column rowtime, StatementNames names,
            AdvisedValues advised) {
        String keys = String.join("", aggregation.groupBy().stream().map(k -> ", " + SqlIdentifiers.planName(k)).toList());
        String partition = String.join("", rank.partitionKeys().stream().map(k -> ", " + SqlIdentifiers.planName(k)).toList());
        Optional<io.github.sqlguard.plan.PlanNode> between = names.statefulBelow(aggregation.node());
        // The table the aggregation reads, by its name (a view the statement reads holds the aggregation: a window
        // over the view would read the aggregation's result).
        Optional<String> single = names.singleTable(aggregation.node()).map(t -> t.getObjectName());
        String table = single.orElse(names.tables(aggregation.node()));
        // A key that buckets the time attribute by hand (FLOOR(ts TO HOUR), CAST(ts AS DATE)): the window is the bucket,
        // so each window's total is the bucket's (issue 30: "no 5-minute window for a daily report").
        AdvisedValues values = TimeBuckets.of(names.context().statement().text(), rowtime.name(), rowtime.isLocalZoned())
                .stream().filter(b -> aggregation.groupBy().stream().anyMatch(b::isKey))
                .max(java.util.Comparator.comparing(TimeBuckets.Bucket::size))
                .map(b -> advised.covering(b.size())).orElse(advised);
        StringBuilder way = new StringBuilder("where a ranking per time window is meant (not one since the start), window")
                .append(" the aggregation below first, in the query or view that holds it (")
                .append(aggregation.node().label()).append(" over ").append(names.tables(aggregation.node())).append(": ");
        if (single.isPresent()) {
            way.append("FROM TABLE(TUMBLE(TABLE ").append(table).append(", DESCRIPTOR(").append(SqlIdentifiers.sql(rowtime.name()))
                    .append("), ").append(values.windowInterval()).append("))");
        } else {
            way.append("a TUMBLE window of ").append(rowtime.name()).append(" (").append(values.windowInterval())
                    .append(") over what it reads");
        }
        way.append(" and GROUP BY window_start, window_end").append(keys).append(")");
        if (between.isPresent() && single.isPresent()) {
            Optional<Operator.Deduplicate> dedup = names.plan().operators(Operator.Deduplicate.class).stream()
                    .filter(d -> d.node() == between.get()).findFirst();
            String what = dedup.map(d -> d.node().label() + " (the " + (d.keepLastRow() ? "latest" : "first") + " row per "
                            + String.join(", ", d.keys()) + ")")
                    .orElse(between.get().label());
            way.append("; the aggregation reads ").append(table).append(" through ").append(what).append(": a window over ")
                    .append(table).append(" itself aggregates the rows of ").append(table).append(" that arrived in it");
            if (dedup.isPresent()) {
                String key = String.join(", ", dedup.get().keys());
                way.append(" (each ").append(key).append(" in every window it arrives in, once per row), where the")
                        .append(" aggregation now reads one row per ").append(key).append(", its ")
                        .append(dedup.get().keepLastRow() ? "latest" : "first")
                        .append(": a result of each window's arrivals in place of one over the current rows");
            } else {
                way.append(", where the aggregation now reads what ").append(between.get().label()).append(" emits");
            }
        }
        if (lateralLimit(names) && !rank.partitionKeys().isEmpty()) {
            String n = rank.rankEnd().isPresent() ? String.valueOf(rank.rankEnd().getAsLong()) : "n";
            way.append("; then rank per window in place of the LATERAL (... ORDER BY ").append(rank.orderBy())
                    .append(" LIMIT ").append(n).append("): ROW_NUMBER() OVER (PARTITION BY window_start, window_end")
                    .append(partition).append(" ORDER BY ").append(rank.orderBy()).append(") AS rn over the windowed")
                    .append(" aggregation, keeping rn <= ").append(n)
                    .append(", the form of Flink's window Top-N (a ROW_NUMBER partitioned by window_start and window_end),")
                    .append(" where the LATERAL ... LIMIT is planned as this Rank");
        } else {
            way.append("; and rank with PARTITION BY window_start, window_end").append(partition)
                    .append(": Flink plans a window Top-N over a window aggregation, where over the aggregation's updating")
                    .append(" result it plans a Rank");
        }
        return way.toString();
    }

    /**
     * True when the Rank's input rows come from a window table function or a window aggregation (a
     * {@code WindowTableFunction}, {@code WindowAggregate} or {@code GlobalWindowAggregate} below it through
     * stateless nodes, {@link WindowRowsRead#windowTableRows}) and carry window_start and
     * window_end, which its PARTITION BY lacks.
     */
    private static boolean readsWindowRows(Operator.Rank rank, StatementNames names) {
        if (rank.partitionKeys().contains("window_start") && rank.partitionKeys().contains("window_end")) {
            return false;
        }
        return WindowRowsRead.windowTableRows(names.plan(), rank.node()).map(window -> {
            List<String> columns = window.outputType().columns().stream().map(Column::name).toList();
            return columns.contains("window_start") && columns.contains("window_end");
        }).orElse(false);
    }

    /**
     * True when the statement's Top-N is a {@code LATERAL} subquery's {@code ORDER BY ... LIMIT} (the
     * statement writes no rank function, and Flink's parser read a {@code LATERAL} subquery with a
     * {@code LIMIT} in it).
     */
    private static boolean lateralLimit(StatementNames names) {
        return names.context().statement().facts().rankFunctions().isEmpty()
                && !names.context().statement().facts().lateralLimits().isEmpty();
    }

    private static String fix(Operator.Rank rank, StatementNames names, AdvisedValues advised) {
        // The structural fixes first (a window, a Deduplicate, no ranking at all), which free the state; then the TTL,
        // which only forgets keys; then an aggregation, which still needs one (issue 30: an expert's first pick first).
        List<String> ways = new ArrayList<>();
        List<String> after = new ArrayList<>();
        Optional<String> table = names.readName(rank.node());
        Optional<Column> rowtime = names.rowtimeBelow(rank.node());
        boolean windowed = readsWindowRows(rank, names);
        // Partitioned by every key the window aggregation below groups by, a window Top-N would rank one row per
        // partition: the statement ranks across windows, and the window-partition rewrite offers none (WindowGrouping).
        boolean rankingOfOne = names.windowAggregationBelow(rank.node())
                .map(aggregate -> io.github.sqlguard.plan.WindowGrouping.onePerWindow(aggregate, rank.partitionKeys()))
                .orElse(false);
        if (windowed && !rankingOfOne) {
            // The rows ranked are a window table function's or a window aggregation's, window_start and window_end
            // among them: partitioned by both, Flink plans this ranking as a window Top-N (WindowRank) over the same
            // windows, no new window needed (WindowRankTest, Flink 2.3.0's planner tests).
            // window_time, one value per window, goes with them: the bounds make the same partitions (WindowKeys#TIME).
            Optional<String> timeAs = WindowKeys.timeRenamed(names.plan(), rank.node(), rank.partitionKeys());
            List<String> keys = timeAs.map(as -> WindowKeys.withTime(rank.partitionKeys(), as)).orElse(rank.partitionKeys());
            String partition = String.join("", keys.stream()
                    .filter(k -> !k.equals(WindowKeys.START) && !k.equals(WindowKeys.END) && !k.equals(WindowKeys.TIME))
                    .map(k -> ", " + SqlIdentifiers.planName(k)).toList());
            // A window column the statement renames on the way up (window_start AS ws) is named as it partitions by it,
            // the other one selected beside it (WindowKeys#renamed, WindowKeys#timeRenamed).
            Optional<String> alone = WindowKeys.lacking(keys);
            Optional<String> renamed = timeAs.isPresent() ? timeAs : alone.flatMap(has -> WindowKeys.renamed(
                    names.context().statement().facts().rankFunctions(), keys, has));
            boolean time = alone.filter(WindowKeys.TIME::equals).isPresent();
            String both = renamed.filter(as -> !time).map(as -> alone.get().equals(WindowKeys.START)
                    ? as + ", " + WindowKeys.END : WindowKeys.START + ", " + as).orElse("window_start, window_end");
            String carried = time
                    ? " (in place of " + renamed.orElse(WindowKeys.TIME) + ", selected in the query the ranking reads where"
                            + " it does not select them)"
                    : renamed.map(as -> " (" + WindowKeys.missing(alone.get()) + " selected beside " + as
                            + " in the query the ranking reads, under the name it gives it)").orElse("");
            ways.add("rank per window the rows already carry, whose state is freed when the window closes: ROW_NUMBER()"
                    + " OVER (PARTITION BY " + both + partition + " ORDER BY " + rank.orderBy() + ")" + carried + ", a"
                    + " window Top-N (WindowRank) over the same windows; "
                    + (partition.length() < String.join("", rank.partitionKeys().stream().map(k -> ", " + SqlIdentifiers.planName(k)).toList()).length()
                            ? "the same ranking per window, where this Rank keeps every window's ranking for good"
                            : "it ranks each window's rows on their own, where this Rank ranks the rows of all windows"
                                    + " together"));
        }
        // Over a changelog source (a CDC table read straight) the Rank's input updates: a window over the table would
        // read its updates too, and Flink refuses a window Top-N or deduplication over them.
        boolean windowOverTable = table.isPresent() && rowtime.isPresent() && !windowed;
        if (windowOverTable && rank.appendOnlyInput()) {
            // Named as they resolve over the table the window reads: a column the statement renames on the way up
            // (bid.auction AS a, where a WITH item selects no time column) by what it renames (StatementNames#overTable).
            String partition = String.join("", rank.partitionKeys().stream()
                    .filter(k -> !k.equals("window_start") && !k.equals("window_end"))
                    .map(k -> ", " + SqlIdentifiers.planName(names.overTable(k, rank.node()))).toList());
            String order = String.join(", ", rank.orderKeys().stream().map(k -> names.overTable(k.column(), rank.node())
                    .equals(k.column()) ? k.sql() : names.overTable(k.column(), rank.node()) + (k.ascending() ? " ASC" : " DESC"))
                    .toList());
            // A ranking a view holds (the statement writes none): the window goes into the view's ranking, over the table
            // it reads, as the window-top-n rewrite redefines the view; a window over the view would read its ranked rows.
            Optional<String> view = names.viewRanking(rank.node());
            String over = view.isPresent() ? names.directTable(rank.node()).get().getObjectName() : table.get();
            String window = "ROW_NUMBER() OVER (PARTITION BY window_start, window_end" + partition + " ORDER BY " + order
                    + ") over TABLE(TUMBLE(TABLE " + over + ", DESCRIPTOR(" + SqlIdentifiers.sql(rowtime.get().name())
                    + "), " + advised.windowInterval() + "))";
            // A subquery or WITH item that filters the table: the window in its FROM, its WHERE kept, and the ranking by
            // the names it gives (a for bid.auction), as the window-top-n rewrite writes it (lint 57).
            Optional<io.github.sqlguard.statement.FilteringQuery> filtering =
                    view.isPresent() ? Optional.empty() : names.filteringQuery(rank.node());
            if (filtering.isPresent()) {
                io.github.sqlguard.statement.FilteringQuery query = filtering.get();
                String keys = String.join("", rank.partitionKeys().stream()
                        .filter(k -> !k.equals("window_start") && !k.equals("window_end"))
                        .map(k -> ", " + SqlIdentifiers.planName(query.nameOf(k))).toList());
                String by = String.join(", ", rank.orderKeys().stream().map(k -> query.nameOf(k.column()).equals(k.column())
                        ? k.sql() : SqlIdentifiers.planName(query.nameOf(k.column())) + (k.ascending() ? " ASC" : " DESC")).toList());
                ways.add("rank per window, whose state is freed when the window closes: " + names.windowedWhereRead(query,
                        rank.node(), "TABLE(TUMBLE(TABLE " + over + ", DESCRIPTOR(" + SqlIdentifiers.sql(rowtime.get().name())
                                + "), " + advised.windowInterval() + "))", "ranking")
                        + "ROW_NUMBER() OVER (PARTITION BY window_start, window_end" + keys + " ORDER BY " + by + ")");
            } else {
                ways.add(view.map(v -> "rank per window in the view " + v + ", whose query ranks (a window over the view"
                                + " the statement reads would read rows ranked already): " + window + ", whose state is"
                                + " freed when each window closes; that makes the view's result a ranking per window for"
                                + " every query that reads it")
                        .orElse("rank per window, whose state is freed when the window closes: " + window
                                + names.viewSelecting(rank.node(), rowtime.get())));
            }
        }
        Optional<Operator.GroupAggregate> aggregation = names.aggregationBelow(rank.node());
        // An aggregation over a window's rows grouped by one window column (GROUP BY window_start, region over a TUMBLE):
        // the window is there already, the aggregation lacks the other column (window-aggregate-not-recognized).
        Optional<WindowKeys.Grouped> groupedByOne = aggregation.flatMap(a -> WindowKeys.groupedByOne(names.plan(), a));
        if (groupedByOne.isPresent() && names.redundantRanking(rank).isEmpty()
                && rank.partitionKeys().stream().allMatch(Column::canBeWritten)) {
            String partition = String.join("", rank.partitionKeys().stream()
                    .filter(k -> !k.equals(WindowKeys.START) && !k.equals(WindowKeys.END) && !k.equals(groupedByOne.get().as()))
                    .map(k -> ", " + SqlIdentifiers.planName(k)).toList());
            ways.add("where a ranking per window is meant, group the aggregation below by both window columns ("
                    + aggregation.get().node().label() + ": " + WindowKeys.groupByBoth(aggregation.get(), groupedByOne.get().has(), groupedByOne.get().as())
                    + ", a window aggregation, which emits each window's result once) and rank with PARTITION BY"
                    + " window_start, window_end" + partition + ": Flink plans a window Top-N over a window aggregation,"
                    + " whose state is freed when each window closes, where over the aggregation's updating result it"
                    + " plans this Rank");
        } else if (table.isEmpty() && aggregation.isPresent() && rowtime.isPresent() && names.redundantRanking(rank).isEmpty()
                && rank.partitionKeys().stream().allMatch(Column::canBeWritten)) {
            // Over a group aggregation's updating result no window can be read (it keeps no time attribute): the
            // window goes into the aggregation first, and the ranking over a window aggregation is a window Top-N.
            ways.add(windowTheAggregationFirst(rank, aggregation.get(), rowtime.get(), names, advised));
        }
        if (rank.partitionKeys().stream().anyMatch(Column::namesGroupWindow)) {
            // Ranked per legacy group window: the same windows as a window TVF make the ranking a window Top-N
            // (Flink docs, "Window Top-N"; "Group Window Aggregation" is deprecated for the TVF), which the
            // window-top-n rewrite proves where it plans.
            ways.add("rank per window, whose state is freed when the window closes: write the legacy group window"
                    + " (GROUP BY TUMBLE(...) or HOP(...)) as the window table function of the same size and slide, read in"
                    + " FROM TABLE(TUMBLE(...)) and grouped by window_start, window_end (TUMBLE_START and TUMBLE_END become"
                    + " window_start and window_end), and partition the ranking by window_start, window_end, so that Flink"
                    + " plans a window Top-N (WindowRank)"
                    + names.statefulBelow(rank.node()).flatMap(n -> GroupWindowEmit.firing(names.plan(), n))
                            // Flink 2.3.0 WindowUtil#checkEmitConfiguration: a window TVF aggregation refuses the firing
                            // options (case 554), which the legacy window here runs under.
                            .map(e -> ", after " + e.reset() + " (Flink refuses a window TVF aggregation under early or"
                                    + " late firing; the window Top-N emits each window's ranking once, when it closes)")
                            .orElse(""));
        }
        OrderKey first = rank.orderKeys().isEmpty() ? null : rank.orderKeys().get(0);
        boolean noDeduplicate = false;
        if (rank.keepsFirstRowOnly() && first != null) {
            String keys = rank.partitionKeys().isEmpty() ? ""
                    : " GROUP BY " + SqlIdentifiers.planNames(rank.partitionKeys());
            Optional<String> redundant = names.redundantRanking(rank);
            // A column of the wall clock at the read, of any type (flink-study's RowNumberOrderByUnixTimestampTest, a
            // CURRENT_TIMESTAMP column): a PROCTIME() column, not a WATERMARK (StatementNames#proctimeInPlaceOfWallClock).
            Optional<String> clock = names.proctimeInPlaceOfWallClock(first, rank.node());
            // Ordered by processing time (a PROCTIME() column an operator below made a plain value): the Deduplicate
            // where it is still a time attribute, never MIN/MAX of it (the arrival time of a key's first or last row).
            boolean processingTime = names.wallClockOrder(first, rank.node()).filter("PROCTIME"::equals).isPresent();
            if (redundant.isPresent()) {
                ways.add(redundant.get());
            } else if (processingTime && rank.retracts()) {
                // Over an update stream Flink plans a Top-1 as a Rank whatever it orders by (see below).
                noDeduplicate = true;
            } else if (clock.isPresent()) {
                if (aggregation.isEmpty() && !rank.retracts() && rank.partitionKeys().stream().allMatch(Column::canBeWritten)) {
                    ways.add(clock.get());
                }
            } else if (first.onTimestamp()) {
                // Ordered by a column of an aggregation below, no watermark can make it a time attribute
                // (StatementNames#orderComputedByAggregation): no Deduplicate to propose.
                if (rank.retracts()) {
                    // Over an updating input (a CDC or upsert source, its ChangelogNormalize) Flink plans a Top-1 as a
                    // Rank whatever the order column is: a Deduplicate takes an append-only input only (Flink's
                    // DeduplicateTest#testInvalidChangelogInput, "the input is not append-only ... but Rank").
                    noDeduplicate = true;
                } else if (aggregation.isEmpty() && names.windowAggregationBelow(rank.node()).isEmpty()) {
                    ways.add(names.eventTimeFor(first, rank.node())
                            + ", or order by a PROCTIME() column, so that Flink plans this Top-1 as a Deduplicate");
                }
            }
            if (redundant.isEmpty() && !processingTime && (clock.isPresent() || !first.onTimestamp())
                    && rank.partitionKeys().stream().allMatch(Column::canBeWritten)) {
                String order = names.orderName(first);
                String per = rank.partitionKeys().isEmpty() ? "" : " per " + String.join(", ", rank.partitionKeys());
                after.add("when only the " + (first.ascending() ? "lowest " : "highest ") + order + per + " is"
                        + " needed, not the rest of its row, an aggregation:" + keys + " with "
                        + (first.ascending() ? "MIN(" : "MAX(") + order + ")");
            }
        }
        boolean noWindow = windowOverTable && !rank.appendOnlyInput();
        // One sentence per cause, after the one fact both come from.
        String note = !noDeduplicate && !noWindow ? ""
                : " Its input is an update stream (the Rank's " + rank.strategy().replaceAll("\\W.*", "") + ")."
                        + (noDeduplicate ? " No WATERMARK or PROCTIME() order makes this Top-1 a Deduplicate, which Flink"
                                + " plans over an append-only input only." : "")
                        + (noWindow ? " No window Top-N over " + table.get() + " is offered: Flink plans a window Top-N or"
                                + " a window deduplication over an append-only input only (over updates: \"doesn't"
                                + " support consuming update and delete changes\")." : "");
        ways.add("bound the state: " + advised.setStateTtl());
        ways.addAll(after);
        String text = String.join("; or ", ways);
        return Character.toUpperCase(text.charAt(0)) + text.substring(1) + "." + note;
    }
}
