package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.LateralTopNUnsupportedRule;
import io.github.sqlguard.rules.plan.GlobalRankRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.statement.TimeBuckets;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Util;

import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code window-top-n}, for {@code unbounded-rank} and {@code global-rank}: the Top-N ranked per
 * window. The table the ranking reads (directly, or under the subqueries between, whose GROUP BY
 * becomes a window aggregation) is read through {@code TABLE(TUMBLE(TABLE t, DESCRIPTOR(<its
 * event-time attribute>), INTERVAL ...))}, and {@code window_start, window_end} lead the {@code
 * PARTITION BY}: Flink then plans a {@code WindowRank} (or {@code WindowDeduplicate} for a Top-1 by
 * time), whose state a window's end frees (Flink docs, "Window Top-N"). Only event time: Flink 2.3
 * refuses a window Top-N on processing time ("Processing time Window TopN is not supported yet",
 * measured), and a join or a TVF under the ranking is left alone. A ranking ordered by a processing-time attribute
 * (other than a Top-1 of that one key, a {@code WindowDeduplicate} that keeps the last row to arrive) is ordered by
 * the event-time attribute in its place ({@link #byEventTime}): its rows would tie in the window as in the Rank.
 *
 * <p>A Top-N written with {@code LATERAL} is first written as the {@code ROW_NUMBER} Top-N of the
 * same rows ({@link LateralTopN}), its WITH item windowed when the ranking alone reads it.
 *
 * <p>Two candidates: with {@code window_start, window_end} added to the ranking's select list and
 * to each block above it that names its columns (the query's result then says which window a row
 * belongs to; for a query, not an INSERT, whose sink's columns are fixed), and without, whose {@code
 * changes:} then says that the result does not name the window.
 */
final class WindowTopN extends ScopedFamily {

    static final String ID = "window-top-n";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(UnboundedRankRule.ID, GlobalRankRule.ID, LateralTopNUnsupportedRule.ID),
            List.of("WindowRank", "WindowDeduplicate"),
            "the Top-N ranked per `TUMBLE` window of the table's event-time attribute, `PARTITION BY window_start, window_end, <keys>`, whose state each window's end frees,"
                    + " the window's size the statement's own time bucket (`FLOOR(ts TO HOUR)`, `CAST(ts AS DATE)`) or the spacing of the window of the view it reads, else `sql-guard.rewrite.window-size`;"
                    + " ordered by that attribute in place of a processing-time key (on which a ranking's rows tie);"
                    + " over a legacy `GROUP BY TUMBLE(ts, ...)` or `HOP(ts, ...)` group window, the window TVF of the same window, ranked by its start and end;"
                    + " a `LATERAL (... ORDER BY ... LIMIT n)` over the keys of the relation it ranks, written first as the `ROW_NUMBER` Top-N of the same rows");

    WindowTopN() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        Optional<Candidate> legacy = LegacyGroupWindow.candidate(this, finding, context, scope);
        if (legacy.isPresent()) {
            return List.of(legacy.get());
        }
        List<Candidate> out = new ArrayList<>();
        build(finding, context, scope, true).ifPresent(out::add);
        build(finding, context, scope, false).filter(c -> out.stream().noneMatch(o -> o.sql().equals(c.sql())))
                .ifPresent(out::add);
        return out;
    }

    private Optional<Candidate> build(Finding finding, RewriteContext context, Scope scope, boolean addColumns) {
        SqlNode tree = tree(scope);
        Optional<LateralTopN.Ranked> lateral = LateralTopN.asRowNumber(tree);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        List<RankItem> items = new ArrayList<>();
        for (RankItem item : Trees.rankItems(tree)) {
            if (item.functionName().equals("ROW_NUMBER") && !windowed(item)
                    && Trees.reader(parents, item.select()).flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).isPresent()) {
                items.add(item);
            }
        }
        if (items.isEmpty()) {
            return Optional.empty();
        }
        List<String> arrivalOrders = new ArrayList<>();
        List<String> eventOrders = new ArrayList<>();
        Map<RankItem, String> byArrival = new java.util.HashMap<>();
        boolean topOne = true;
        for (RankItem item : items) {
            Optional<String> arrival = arrivalOrder(item, context);
            boolean itemTopOne = Trees.reader(parents, item.select())
                    .flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).map(b -> b.maxRank() == 1).orElse(false);
            // Ordered by arrival where it means something: a Top-1 of one key, a WindowDeduplicate, keeps the last (or
            // first) row to arrive per window; any other order by processing time ties, and takes the event time.
            if (arrival.isPresent() && (!itemTopOne || item.window().getOrderList().size() > 1)
                    && SqlUtil.stripAs(item.select().getFrom()) instanceof SqlIdentifier) {
                byArrival.put(item, arrival.get());
            } else {
                arrival.ifPresent(arrivalOrders::add);
                topOne &= itemTopOne;
            }
        }
        Set<String> times = new LinkedHashSet<>();
        Set<String> tables = new LinkedHashSet<>();
        List<String> late = new ArrayList<>();
        Set<String> aggregates = new LinkedHashSet<>();
        List<Grain> grains = new ArrayList<>();
        Set<String> above = new LinkedHashSet<>();
        for (RankItem item : items) {
            Trees.reader(parents, item.select()).ifPresent(reader -> above.addAll(aggregationsAbove(parents, reader)));
        }
        // Keys the ranking computes (PARTITION BY CAST(hr AS DATE)): kept beside the window columns, each now ranks
        // within one window, where it ranked the rows of every window it spans together (case 1019: a day of hours).
        Set<String> computedKeys = new LinkedHashSet<>();
        for (RankItem item : items) {
            Optional<Column> time = windowize(tree, item.select(), context, true, addColumns, tables, aggregates, late, grains);
            if (time.isEmpty()) {
                return Optional.empty();
            }
            times.add(time.get().name());
            for (SqlNode key : item.window().getPartitionList()) {
                if (!(key instanceof SqlIdentifier)) {
                    computedKeys.add(SqlTrees.unparse(key));
                }
            }
            item.window().setPartitionList(windowFirst(item.window().getPartitionList()));
            if (byArrival.containsKey(item)) {
                eventOrders.add(byEventTime(item, time.get(), byArrival.get(item)));
            }
        }
        // The window columns up to the query's result, where a block between projects columns by name: else the
        // rows of successive windows look alike (a SELECT shows no window, a sink keyed without it overwrites).
        // Not for an INSERT: its sink's columns are fixed, so a result with two more would not plan (a wasted
        // planning before the candidate that keeps them, in a refusal too).
        boolean query = Trees.insertSource(tree) == null && !(tree instanceof SqlExecute) && !(tree instanceof SqlStatementSet);
        boolean named = addColumns && query;
        for (RankItem item : items) {
            if (named) {
                named = Trees.reader(parents, item.select()).map(reader -> projectWindow(parents, reader)).orElse(false);
            }
        }
        // One window size for every table windowed: the grain the statement or a view already has, else the option's.
        Set<Duration> sizes = new LinkedHashSet<>();
        grains.forEach(g -> sizes.add(g.size()));
        if (sizes.size() != 1) {
            return Optional.empty();
        }
        String size = SqlTrees.duration(sizes.iterator().next());
        Optional<Grain> own = grains.stream().filter(g -> !g.source().isEmpty()).findFirst();
        String changes = lateral.map(l -> "the LATERAL (... LIMIT " + l.limit() + ") per " + l.keys() + " is written as the ROW_NUMBER()"
                        + " Top-N of the same rows (PARTITION BY " + l.keys() + ", " + l.rowNumber() + " <= " + l.limit() + "); ")
                .orElse("")
                + "the Top-N is ranked per " + size + " TUMBLE window of " + String.join(", ", times)
                + ": each window's rows are ranked once, when the window closes, and its state is freed then (one result"
                + " per window, in place of one ranking updated forever)"
                + own.filter(Grain::bucket).map(g -> perBucketAggregates(aggregates, size, g))
                        .orElseGet(() -> perWindowAggregates(aggregates, size))
                + overWindowResults(above)
                + (computedKeys.isEmpty() ? "" : "; PARTITION BY " + String.join(", ", computedKeys) + " now ranks within"
                        + " each " + size + " window: rows with one value of it in different windows are no longer ranked"
                        + " together")
                // A window Top-N drops a row whose window has fired (SyncStateWindowRankProcessor#processElement,
                // "element is late and should be dropped"); the Rank it replaces ranks every row whenever it comes.
                + late.get(0)
                + String.join("", eventOrders)
                + byArrival(arrivalOrders, topOne, times)
                + (named ? "" : "; the result does not name the window a row belongs to (window_start and window_end are"
                        + " not among its columns): each window's Top-N rows carry the same keys as the previous window's, and a"
                        + " sink whose primary key lacks the window columns overwrites them with the next window's");
        String chosen = "window size " + size + " (" + own.map(Grain::source).orElse(RewriteOptions.WINDOW_SIZE.key())
                + "); time attribute "
                + String.join(", ", times) + " (the WATERMARK column of " + String.join(", ", tables) + ")";
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank", "WindowDeduplicate"),
                new Columns(Set.of("window_start", "window_end", "window_time"), Set.of()), changes, chosen));
    }

    /**
     * The ranking's {@code ORDER BY} as written ({@code PROCTIME() DESC}) where its first key is processing time: a
     * {@code PROCTIME()} call, or a processing-time attribute of the table the ranking reads. Read before the table
     * is windowed.
     */
    private static Optional<String> arrivalOrder(RankItem item, RewriteContext context) {
        SqlNodeList order = item.window().getOrderList();
        if (order == null || order.isEmpty()) {
            return Optional.empty();
        }
        SqlNode key = order.get(0);
        SqlNode at = key instanceof org.apache.calcite.sql.SqlCall desc && desc.getKind() == SqlKind.DESCENDING
                ? desc.operand(0) : key;
        boolean proctime = at instanceof org.apache.calcite.sql.SqlCall call
                && call.getOperator().getName().equalsIgnoreCase("PROCTIME");
        if (!proctime && at instanceof SqlIdentifier column) {
            SqlNode from = item.select().getFrom();
            SqlNode table = SqlUtil.stripAs(from);
            String name = column.names.get(column.names.size() - 1);
            proctime = table instanceof SqlIdentifier && context.columnsOf(table).orElse(List.of()).stream()
                    .anyMatch(c -> c.name().equals(name) && c.timeAttribute() == Column.TimeAttribute.PROCTIME);
        }
        return proctime ? Optional.of(SqlTrees.unparse(order)) : Optional.empty();
    }

    /**
     * The ranking {@code item}, ordered by processing time ({@code order}, as written) and reading the windowed table
     * itself, ordered by the window's event-time attribute {@code time} in place of its first key (its direction
     * and the statement's qualifier kept: {@code o.view_time DESC, page}), and what that changes. Flink does not
     * materialize a processing-time attribute that a ranking orders by, so every row ties on it there: ordered by it,
     * the Rank kept the first N rows to arrive, or ranked by the keys after it alone, and so would the WindowRank (run
     * on Flink 2.3.0 and 1.20.0: {@code plan.Operator.Rank#firstArrivalsReadAsLatest}, {@code
     * plan.Operator.Rank#rankedByLaterKeys}); by the event time each window ranks its rows by their time. The table's
     * time attribute column is a plain timestamp after the window TVF (Flink docs, "Windowing TVF"), which a window
     * Top-N orders by as any column.
     */
    private static String byEventTime(RankItem item, Column time, String order) {
        SqlNodeList keys = item.window().getOrderList();
        String later = EventTimeOrder.laterKeys(keys);
        int count = keys.size();
        EventTimeOrder.replaceFirstKey(keys, time.name());
        String kept = count == 1
                ? "the Rank kept the first N rows to arrive and never changed them, and so would each window"
                : "the Rank ranked the rows by " + later + " alone, and so would each window";
        return "; the ranking is ordered by the event-time attribute " + time.name() + " in place of processing time"
                + " (ORDER BY " + SqlTrees.unparse(keys) + ", not " + order + "): Flink does not materialize a"
                + " processing-time attribute that a ranking orders by, so every row ties on it there, and " + kept
                + "; each window now ranks its rows by " + time.name();
    }

    /**
     * What a window Top-N ordered by processing time keeps, where the window is on event time (case 662, {@code ORDER
     * BY PROCTIME() DESC} in a TUMBLE window of {@code rowtime}). Run on Flink 2.3.0 (2026-12-05, lint's class path,
     * 20 rows whose rowtime falls as they arrive, one 5 min window): the {@code WindowDeduplicate} kept the row that
     * arrived last ordered {@code DESC} and the first ordered {@code ASC} (its operator compares the order key as the
     * time it keeps, {@code RowTimeWindowDeduplicateOperatorBuilder#rowtimeIndex(orderKey)}), so here the earliest by
     * rowtime; the {@code WindowRank} (N = 2) kept the first two to arrive in either direction, as the plain {@code
     * Rank} it replaces did: the rows tie in a processing-time order there. Empty where no ranking is ordered by
     * processing time.
     */
    private static String byArrival(List<String> orders, boolean topOne, Set<String> times) {
        if (orders.isEmpty()) {
            return "";
        }
        String order = "; the rows are still ordered by processing time (ORDER BY " + String.join("; ", orders) + ")";
        if (!topOne) {
            return order + ", in which a window Top-N's rows tie, as the Rank's did: each window keeps the first N of its"
                    + " rows to arrive, whichever the direction, not its latest by " + String.join(", ", times);
        }
        boolean descending = orders.stream().allMatch(o -> o.contains(" DESC"));
        return order + ", so each window keeps the row of its own that arrived " + (descending ? "last" : "first")
                + ", not its " + (descending ? "latest" : "earliest") + " by " + String.join(", ", times);
    }

    /**
     * {@code window_start, window_end} added to the select list of {@code reader} (the block that filters on
     * the row number) and of each block above it that names its columns, up to the query's result; false
     * (the result does not name the window) where a block above aggregates the rows.
     */
    private static boolean projectWindow(Map<SqlNode, SqlNode> parents, SqlSelect reader) {
        for (SqlNode node = reader; node != null; node = parents.get(node)) {
            if (node instanceof SqlSelect select) {
                if (Blocks.aggregates(select)) {
                    return false;
                }
                if (!star(select.getSelectList()) && !namesWindow(select.getSelectList())) {
                    select.setSelectList(windowFirst(select.getSelectList()));
                }
            }
        }
        return true;
    }

    /** True when a select list has an item named {@code window_start} (the column, or an alias of it). */
    private static boolean namesWindow(SqlNodeList items) {
        for (SqlNode item : items) {
            SqlNode name = item.getKind() == SqlKind.AS ? ((org.apache.calcite.sql.SqlCall) item).operand(1) : item;
            if (name instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equalsIgnoreCase("window_start")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The size of a window written over a table, and where it comes from: the statement's own time bucket, the window
     * of the view it reads, or (an empty {@code source}) {@code sql-guard.rewrite.window-size}.
     *
     * @param size the window's size
     * @param source what gives it ({@code the hour of FLOOR(order_time TO HOUR)}); empty for the option's
     * @param bucket true where a time bucket of the statement gives it
     */
    record Grain(Duration size, String source, boolean bucket) {}

    /**
     * The window size for a {@code TUMBLE} of {@code table} on {@code time} that fits the statement (issue 30: "no
     * 5-minute window for a daily report"): the bucket a {@code GROUP BY} of the statement makes of {@code time} ({@link
     * TimeBuckets}: {@code FLOOR(ts TO HOUR)}, {@code CAST(ts AS DATE)}, {@code DATE_FORMAT}), so that a window's
     * aggregation is the bucket's (the largest where several); else, where {@code table} is a view whose {@code time} is
     * the {@code window_time} of its one window TVF, that window's spacing ({@code TUMBLE}'s size, {@code HOP}'s slide,
     * {@code CUMULATE}'s step): its rows carry one {@code window_time} per window, which a window of that size holds
     * alone ("window_time always equal to window_end - 1ms", Flink docs, "Windowing TVF"); else the option's size.
     */
    private static Grain grain(SqlNode root, SqlIdentifier table, Column time, RewriteContext context) {
        Optional<TimeBuckets.Bucket> bucket = TimeBuckets.of(context.text(), time.name(), time.isLocalZoned()).stream()
                .max(java.util.Comparator.comparing(TimeBuckets.Bucket::size));
        if (bucket.isPresent()) {
            return new Grain(bucket.get().size(), "the " + bucket.get().unit() + " of " + bucket.get().written(), true);
        }
        Optional<Grain> view = context.lookUp(table.names).filter(o -> o.view() && o.query().isPresent())
                .flatMap(o -> SqlTrees.parse(o.query().get()))
                .flatMap(query -> viewWindow(query, time.name()))
                .map(window -> new Grain(window.getValue(), "the " + SqlTrees.duration(window.getValue()) + " "
                        + window.getKey() + " window of view " + SqlTrees.unparse(table) + ", one " + time.name()
                        + " per window", false));
        return view.orElseGet(() -> new Grain(context.settings().windowSize(), "", false));
    }

    /**
     * The one window TVF of a view's {@code query} whose {@code window_time} the view selects as {@code time} ({@code
     * window_time AS wt}): its name and spacing, the interval after its {@code DESCRIPTOR} ({@code TUMBLE(data,
     * timecol, size)}, {@code HOP(data, timecol, slide, size)}, {@code CUMULATE(data, timecol, step, size)}, Flink docs,
     * "Windowing TVF"); empty where the view selects no such column, has no window TVF or more than one.
     */
    private static Optional<Map.Entry<String, Duration>> viewWindow(SqlNode query, String time) {
        SqlNode top = query instanceof org.apache.calcite.sql.SqlOrderBy order ? order.query : query;
        if (!(top instanceof SqlSelect select) || !selectsWindowTime(select.getSelectList(), time)) {
            return Optional.empty();
        }
        List<Map.Entry<String, Duration>> windows = new ArrayList<>();
        collectWindows(select.getFrom(), windows, 0);
        return windows.size() == 1 ? Optional.of(windows.get(0)) : Optional.empty();
    }

    /** True when {@code items} select {@code window_time} as {@code time}: {@code window_time AS time}, or itself. */
    private static boolean selectsWindowTime(SqlNodeList items, String time) {
        for (SqlNode item : items) {
            SqlNode expression = item.getKind() == SqlKind.AS ? ((org.apache.calcite.sql.SqlCall) item).operand(0) : item;
            SqlNode name = item.getKind() == SqlKind.AS ? ((org.apache.calcite.sql.SqlCall) item).operand(1) : item;
            if (expression instanceof SqlIdentifier column && name instanceof SqlIdentifier alias
                    && Util.last(column.names).equalsIgnoreCase("window_time")
                    && Util.last(alias.names).equals(time)) {
                return true;
            }
        }
        return false;
    }

    private static void collectWindows(SqlNode node, List<Map.Entry<String, Duration>> out, int depth) {
        if (node == null || depth > 64) {
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call) {
            String name = call.getOperator().getName().toUpperCase(java.util.Locale.ROOT);
            if ((name.equals("TUMBLE") || name.equals("HOP") || name.equals("CUMULATE")) && call.operandCount() >= 3
                    && call.operand(2) instanceof org.apache.calcite.sql.SqlIntervalLiteral interval) {
                org.apache.calcite.sql.SqlIntervalLiteral.IntervalValue value =
                        (org.apache.calcite.sql.SqlIntervalLiteral.IntervalValue) interval.getValue();
                if (!value.getIntervalQualifier().isYearMonth()) {
                    out.add(Map.entry(name, Duration.ofMillis(
                            Math.abs(org.apache.calcite.sql.parser.SqlParserUtil.intervalToMillis(value)))));
                }
                return;
            }
            for (SqlNode operand : call.getOperandList()) {
                collectWindows(operand, out, depth + 1);
            }
        } else if (node instanceof SqlNodeList list) {
            for (SqlNode item : list) {
                collectWindows(item, out, depth + 1);
            }
        }
    }

    /**
     * What a windowed aggregation under the ranking changes where the window is its own time bucket ({@code grain}):
     * each value is the same bucket's, emitted once when the window closes, where it was updated as rows arrived.
     */
    static String perBucketAggregates(Set<String> aggregates, String size, Grain grain) {
        if (aggregates.isEmpty()) {
            return "";
        }
        return "; the aggregation it ranks is windowed too (" + String.join(", ", aggregates) + "), by a " + size
                + " window, " + grain.source() + ": each value is the same bucket's, computed once when its window closes,"
                + " where it was updated as rows arrived";
    }

    /**
     * What a windowed aggregation under the ranking changes: its values are computed from one
     * window's rows (a 5 min sum), where the original aggregated every row since the job started
     * (an all-time total); empty when no aggregation was windowed.
     */
    static String perWindowAggregates(Set<String> aggregates, String size) {
        if (aggregates.isEmpty()) {
            return "";
        }
        return "; the aggregation it ranks is windowed too (" + String.join(", ", aggregates) + "): each value is"
                + " computed from one " + size + " window's rows, where it was computed over every row since the job"
                + " started, so the Top-N ranks per-window values, not all-time ones";
    }

    /**
     * The select lists of {@code reader} (the block that filters on the row number) and the blocks
     * above it where they aggregate its rows ({@code SELECT max(a) FROM (<Top-N>)}, {@code … WHERE rn
     * <= 3 GROUP BY category}).
     */
    private static List<String> aggregationsAbove(Map<SqlNode, SqlNode> parents, SqlSelect reader) {
        List<String> out = new ArrayList<>();
        for (SqlNode node = reader; node != null; node = parents.get(node)) {
            if (node instanceof SqlSelect select && Blocks.aggregates(select)) {
                out.add(SqlTrees.unparse(select.getSelectList()));
            }
        }
        return out;
    }

    /**
     * What an aggregation over the Top-N's rows changes: a window Top-N emits each window's rows once
     * and never retracts them, where a Rank retracts a row when it leaves the Top-N, so the aggregation
     * above it reads every window's Top-N rows so far, not the current Top-N's; empty when none.
     */
    static String overWindowResults(Set<String> above) {
        if (above.isEmpty()) {
            return "";
        }
        return "; the aggregation over the Top-N's rows (" + String.join("; ", above) + ") then reads each window's rows"
                + " once, none retracted when a later row outranks it: it aggregates the Top-N rows of every window so far,"
                + " where it aggregated the rows in the Top-N now";
    }

    /** True when the ranking is already per window. */
    private static boolean windowed(RankItem item) {
        for (SqlNode key : item.window().getPartitionList()) {
            if (key instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equalsIgnoreCase("window_start")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads {@code block}'s table through a TUMBLE window on its event-time attribute: the table
     * itself when the block reads one, else the table under its subquery, the window columns passed
     * up through each block between (its select list, its GROUP BY).
     *
     * @param rankBlock true for the block that ranks (its select list gets the window columns only
     *     when {@code addColumns})
     * @param tables the tables windowed, for the explanation
     * @param aggregates the aggregates of the blocks whose GROUP BY becomes per window ({@code
     *     SUM(amount) AS total} as {@code total}), for the explanation
     * @param late what the window does with late rows of each table windowed ({@link LateRows}), for the explanation
     * @param grains the size of each window written and where it comes from ({@link #grain})
     * @return the time attribute windowed on; empty when the table has none, or the block reads a
     *     join, a TVF, a hinted table or anything else
     */
    static Optional<Column> windowize(
            SqlNode root, SqlSelect block, RewriteContext context, boolean rankBlock, boolean addColumns,
            Set<String> tables, Set<String> aggregates, List<String> late, List<Grain> grains) {
        SqlNode from = block.getFrom();
        Optional<Column> time;
        Optional<SqlSelect> with = withItemReadOnce(root, from);
        if (with.isPresent()) {
            // A WITH item read by this block alone: its query is windowed, as a subquery would be.
            time = windowize(root, with.get(), context, false, true, tables, aggregates, late, grains);
            if (time.isEmpty()) {
                return Optional.empty();
            }
        } else if (from instanceof SqlIdentifier || (from != null && from.getKind() == SqlKind.AS
                && ((org.apache.calcite.sql.SqlCall) from).operand(0) instanceof SqlIdentifier)) {
            SqlIdentifier table = from instanceof SqlIdentifier id ? id
                    : (SqlIdentifier) ((org.apache.calcite.sql.SqlCall) from).operand(0);
            time = context.columnsOf(table).flatMap(ScopedFamily::rowtime);
            if (time.isEmpty()) {
                return Optional.empty();
            }
            Grain grain = grain(root, table, time.get(), context);
            grains.add(grain);
            SqlNode window = Snippets.tumble(table, time.get().name(), grain.size());
            if (from instanceof SqlIdentifier) {
                block.setFrom(window);
            } else {
                ((org.apache.calcite.sql.SqlCall) from).setOperand(0, window);
            }
            tables.add(SqlTrees.unparse(table));
            late.add(LateRows.clause(context, table, time.get(), "ranked"));
        } else {
            SqlSelect sub = subquery(from);
            if (sub == null) {
                return Optional.empty();
            }
            time = windowize(root, sub, context, false, true, tables, aggregates, late, grains);
            if (time.isEmpty()) {
                return Optional.empty();
            }
        }
        if (block.getGroup() != null && !block.getGroup().isEmpty()) {
            aggregates.addAll(aggregateNames(block.getSelectList(), block.getGroup()));
        }
        if ((!rankBlock || addColumns) && !star(block.getSelectList())) {
            block.setSelectList(windowFirst(block.getSelectList()));
        }
        if (block.getGroup() != null && !block.getGroup().isEmpty()) {
            block.setGroupBy(windowFirst(block.getGroup()));
        }
        return time;
    }

    /** {@code window_start, window_end}, then {@code list}'s items. */
    private static SqlNodeList windowFirst(SqlNodeList list) {
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        out.add(SqlTrees.identifier("window_start"));
        out.add(SqlTrees.identifier("window_end"));
        list.forEach(out::add);
        return out;
    }

    /**
     * The aggregates of a grouped select list, each by its alias, else as written: the items that are
     * not a grouping key (a parsed tree has no resolved operators yet, so an aggregate call is told by
     * not being a key, not by its function).
     */
    private static List<String> aggregateNames(SqlNodeList items, SqlNodeList group) {
        Set<String> keys = new LinkedHashSet<>();
        group.forEach(key -> keys.add(SqlTrees.unparse(key)));
        List<String> out = new ArrayList<>();
        for (SqlNode item : items) {
            boolean aliased = item.getKind() == SqlKind.AS;
            SqlNode expression = aliased ? ((org.apache.calcite.sql.SqlCall) item).operand(0) : item;
            if (keys.contains(SqlTrees.unparse(expression))
                    || (expression instanceof SqlIdentifier id && keys.contains(id.names.get(id.names.size() - 1)))
                    || (expression instanceof SqlIdentifier star && star.isStar())) {
                continue;
            }
            out.add(aliased ? SqlTrees.unparse(((org.apache.calcite.sql.SqlCall) item).operand(1)) : SqlTrees.unparse(expression));
        }
        return out;
    }

    /**
     * The query of the {@code WITH} item that {@code from} names (aliased or not), where no other
     * {@code FROM} of {@code root} reads it: windowing it changes this block's input alone.
     */
    private static Optional<SqlSelect> withItemReadOnce(SqlNode root, SqlNode from) {
        SqlNode named = SqlUtil.stripAs(from);
        if (!(named instanceof SqlIdentifier id) || !id.isSimple()) {
            return Optional.empty();
        }
        long reads = Trees.tablesRead(root).stream()
                .filter(t -> t.isSimple() && t.getSimple().equalsIgnoreCase(id.getSimple()))
                .count();
        return reads == 1 ? LateralTopN.withQuery(root, id.getSimple()) : Optional.empty();
    }

    /** The query block a {@code FROM} item is, aliased or not; null for anything else. */
    static SqlSelect subquery(SqlNode from) {
        if (from instanceof SqlSelect select) {
            return select;
        }
        if (from != null && from.getKind() == SqlKind.AS && ((org.apache.calcite.sql.SqlCall) from).operand(0) instanceof SqlSelect select) {
            return select;
        }
        return null;
    }

    /** True when a select list has {@code *} (or {@code t.*}). */
    static boolean star(SqlNodeList items) {
        for (SqlNode item : items) {
            if (item instanceof SqlIdentifier id && id.isStar()) {
                return true;
            }
        }
        return false;
    }

    /** {@code AS} call of {@code node} named {@code alias}. */
    static SqlNode as(SqlNode node, String alias) {
        return SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, node, SqlTrees.identifier(alias));
    }
}
