package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.RowNumberWithoutOrderByRule;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;
import io.github.sqlguard.rules.diagnosis.TimeAttributeRequiredRule;
import io.github.sqlguard.rules.diagnosis.WindowProctimeUnsupportedRule;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;
import io.github.sqlguard.rules.plan.UnboundedOverAggregateRule;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code time-attribute-order}: order by the table's time attribute, which is what lets Flink plan
 * the bounded operator (Flink docs, "Deduplication", "OVER Aggregation", "ORDER BY clause"): its
 * event-time attribute (the {@code WATERMARK} column), else its processing-time attribute ({@code
 * PROCTIME()}), read from the columns Flink's validator gives the block's {@code FROM}.
 *
 * <ul>
 *   <li>{@code dedup-not-recognized}: the Top-1's {@code ORDER BY} of a plain TIMESTAMP becomes the
 *       time attribute, in the same direction: {@code Deduplicate}; so does an {@code ORDER BY} of the epoch seconds or
 *       milliseconds the table computes its event time from ({@code ts AS TO_TIMESTAMP_LTZ(epoch, 0)}).
 *   <li>{@code row-number-without-order-by}: a {@code ROW_NUMBER} with no (or a constant) {@code
 *       ORDER BY} is ordered by the time attribute, latest first.
 *   <li>{@code unbounded-over-aggregate}: the OVER window is ordered by the time attribute, ascending
 *       (Flink's streaming OVER needs it so): an {@code OverAggregate} on time.
 *   <li>{@code sort-non-time}: the time attribute leads the {@code ORDER BY}, ascending: a {@code
 *       TemporalSort}.
 *   <li>{@code window-proctime-unsupported}: a window TVF's {@code DESCRIPTOR} of a processing-time
 *       attribute (for {@code time-attribute-required}: of a plain {@code TIMESTAMP}) becomes the table's
 *       event-time attribute, and a ranking over its rows ordered by the
 *       processing-time attribute is ordered by the event-time one, in the same direction: a {@code
 *       WindowRank}, {@code WindowDeduplicate} or {@code WindowJoin}, which Flink runs on event time only.
 * </ul>
 */
final class TimeAttributeOrder extends ScopedFamily {

    static final String ID = "time-attribute-order";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(DedupNotRecognizedRule.ID, RowNumberWithoutOrderByRule.ID, UnboundedOverAggregateRule.ID, SortNonTimeRule.ID,
                    WindowProctimeUnsupportedRule.ID, TimeAttributeRequiredRule.ID),
            List.of("Deduplicate", "Rank", "WindowDeduplicate", "WindowRank", "WindowJoin", "WindowAggregate", "OverAggregate",
                    "TemporalSort"),
            "order by the table's time attribute (its `WATERMARK` column, else `PROCTIME()`): a Top-1 becomes a `Deduplicate`, an OVER window or a sort runs on time; processing-time windows of a window Top-N, deduplication or join, and windows on a plain `TIMESTAMP`, go on the table's event time");

    TimeAttributeOrder() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        return switch (finding.ruleId()) {
            case DedupNotRecognizedRule.ID -> listOf(dedup(finding, context, scope));
            case RowNumberWithoutOrderByRule.ID -> listOf(rowNumber(finding, context, scope));
            case UnboundedOverAggregateRule.ID -> listOf(over(finding, context, scope));
            case SortNonTimeRule.ID -> listOf(sort(finding, context, scope));
            case WindowProctimeUnsupportedRule.ID -> listOf(eventTimeWindows(finding, context, scope, Column.TimeAttribute.PROCTIME));
            case TimeAttributeRequiredRule.ID -> listOf(eventTimeWindows(finding, context, scope, Column.TimeAttribute.NONE));
            default -> List.of();
        };
    }

    private Optional<Candidate> dedup(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        Set<String> before = new LinkedHashSet<>();
        Set<String> after = new LinkedHashSet<>();
        Set<String> epochs = new LinkedHashSet<>();
        boolean last = true;
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.functionName().equals("ROW_NUMBER") || item.window().getOrderList().isEmpty()) {
                continue;
            }
            boolean topOne = Trees.reader(parents, item.select())
                    .flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).map(b -> b.maxRank() == 1).orElse(false);
            if (!topOne) {
                continue;
            }
            SqlNode key = item.window().getOrderList().get(0);
            SqlIdentifier column = orderColumn(key);
            List<Column> columns = context.columnsOf(item.select().getFrom()).orElse(List.of());
            Optional<Column> time = timeAttribute(columns);
            Optional<Column> ordered = column == null ? Optional.empty() : find(columns, column);
            if (time.isEmpty() || ordered.isEmpty() || ordered.get().timeAttribute().isTimeAttribute()) {
                continue;
            }
            Optional<String> epoch = ordered.get().type().startsWith("TIMESTAMP") ? Optional.empty()
                    : epochOf(context, item.select().getFrom(), time.get(), ordered.get());
            if (!ordered.get().type().startsWith("TIMESTAMP") && epoch.isEmpty()) {
                continue;
            }
            item.window().getOrderList().set(0, reorder(key, time.get().name()));
            last = key.getKind() == SqlKind.DESCENDING;
            before.add(ordered.get().name());
            after.add(epoch.isPresent() ? time.get().name() + " (event time, its WATERMARK, computed as " + epoch.get()
                    + ": the same order)" : describe(time.get()));
            epoch.ifPresent(e -> epochs.add(e));
        }
        if (after.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), Intent.operator("Deduplicate"),
                Columns.SAME,
                "keeps the " + (last ? "latest" : "first") + " row per key by " + String.join(", ", after) + ", not by "
                        + String.join(", ", before) + (after.stream().anyMatch(a -> a.contains("processing"))
                        ? ": the order rows arrive in, which may differ from " + String.join(", ", before) : "")
                        + (epochs.isEmpty() ? "" : epochChanges(last, epochs)),
                ""));
    }

    /**
     * What a Deduplicate on event time does differently from the Rank it replaces where the order was the epoch the
     * event time is computed from (the order is the same): of rows with the same time (the same second of {@code
     * TO_TIMESTAMP_LTZ(epoch, 0)}, millisecond of {@code , 3)}) the latest row is the one that arrived last, where the
     * Rank kept the one that arrived first ({@code DeduplicateFunctionHelper#shouldKeepCurrentRow}: {@code <=} to keep
     * the last row, Flink 2.3.0); and a Deduplicate keeping the first row is insert-only without mini-batch ({@code
     * StreamPhysicalRank#translateToExecNode}, {@code RankUtil#outputInsertOnlyInDeduplicate}; seen in the plan as
     * {@code outputInsertOnly=[true]}): it emits each key's first row once the watermark passes its time and drops rows
     * behind the watermark ({@code RowTimeDeduplicateKeepFirstRowFunction}).
     */
    private static String epochChanges(boolean last, Set<String> epochs) {
        String same = epochs.stream().allMatch(e -> e.endsWith(", 3)")) ? "millisecond" : "second";
        return last
                ? "; of rows of one key with the same " + same + " it keeps the one that arrived last, where the Rank kept"
                        + " the one that arrived first"
                : "; each key's first row comes out once, when the watermark passes its time, and is never corrected"
                        + " (the Rank emitted it at once and replaced it when a row with an earlier " + same + " arrived"
                        + " later); rows behind the watermark are dropped";
    }

    /**
     * The expression {@code TO_TIMESTAMP_LTZ(epoch, 0)} (or {@code , 3)}) by which the table {@code from} reads computes
     * its event-time attribute {@code time} from {@code ordered}, a number column of it (its computed columns as Flink
     * serializes them, {@link io.github.sqlguard.flink.CatalogObject#computed}); empty where {@code from} is no table or
     * computes its event time otherwise.
     */
    private static Optional<String> epochOf(RewriteContext context, SqlNode from, Column time, Column ordered) {
        SqlNode table = from != null && from.getKind() == SqlKind.AS ? ((SqlCall) from).operand(0) : from;
        if (time.timeAttribute() != Column.TimeAttribute.ROWTIME || !(table instanceof SqlIdentifier name)) {
            return Optional.empty();
        }
        String expression = context.lookUp(name.names).map(o -> o.computed().get(time.name())).orElse(null);
        if (expression == null) {
            return Optional.empty();
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                // Flink 2.3.0 serializes it with every identifier in back-ticks: `TO_TIMESTAMP_LTZ`(`epoch`, 0).
                "(?i)`?TO_TIMESTAMP_LTZ`?\\(`?" + java.util.regex.Pattern.quote(ordered.name()) + "`?, ([03])\\)")
                .matcher(expression);
        return m.matches() ? Optional.of("TO_TIMESTAMP_LTZ(" + ordered.name() + ", " + m.group(1) + ")") : Optional.empty();
    }

    private Optional<Candidate> rowNumber(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Set<String> times = new LinkedHashSet<>();
        for (RankItem item : Trees.rankItems(tree)) {
            SqlNodeList order = item.window().getOrderList();
            if (!order.isEmpty() && order.stream().anyMatch(k -> !(unwrap(k) instanceof SqlLiteral))) {
                continue;
            }
            Optional<Column> time = context.columnsOf(item.select().getFrom()).flatMap(ScopedFamily::timeAttribute);
            if (time.isEmpty()) {
                continue;
            }
            SqlNodeList newOrder = new SqlNodeList(SqlParserPos.ZERO);
            newOrder.add(SqlStdOperatorTable.DESC.createCall(SqlParserPos.ZERO, SqlTrees.identifier(time.get().name())));
            item.window().setOrderList(newOrder);
            times.add(describe(time.get()));
        }
        if (times.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Deduplicate", "Rank", "WindowDeduplicate", "WindowRank"), Columns.SAME,
                "rows are numbered by " + String.join(", ", times) + ", latest first: rn = 1 is each key's latest row", ""));
    }

    private Optional<Candidate> over(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Set<String> before = new LinkedHashSet<>();
        Set<String> times = new LinkedHashSet<>();
        for (SqlSelect select : Trees.selects(tree)) {
            for (SqlNode item : select.getSelectList()) {
                SqlNode value = SqlUtil.stripAs(item);
                if (!(value instanceof SqlCall over) || over.getKind() != SqlKind.OVER
                        || !(over.operand(1) instanceof SqlWindow window) || window.getOrderList().isEmpty()) {
                    continue;
                }
                List<Column> columns = context.columnsOf(select.getFrom()).orElse(List.of());
                SqlIdentifier column = orderColumn(window.getOrderList().get(0));
                Optional<Column> ordered = column == null ? Optional.empty() : find(columns, column);
                if (ordered.isPresent() && ordered.get().timeAttribute().isTimeAttribute()) {
                    continue;
                }
                Optional<Column> time = timeAttribute(columns);
                if (time.isEmpty()) {
                    continue;
                }
                before.add(SqlTrees.unparse(window.getOrderList()));
                SqlNodeList order = new SqlNodeList(SqlParserPos.ZERO);
                order.add(SqlTrees.identifier(time.get().name()));
                window.setOrderList(order);
                times.add(describe(time.get()));
            }
        }
        if (times.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), Intent.operator("OverAggregate"),
                Columns.SAME,
                "the OVER window runs in " + String.join(", ", times) + " order, not by " + String.join(", ", before)
                        + ": each row's result is computed once, as its time comes, and no earlier row is re-emitted", ""));
    }

    private Optional<Candidate> sort(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        SqlOrderBy orderBy = topOrderBy(tree);
        if (orderBy == null || !(orderBy.query instanceof SqlSelect select)) {
            return Optional.empty();
        }
        Optional<Column> time = context.columnsOf(select.getFrom()).flatMap(ScopedFamily::timeAttribute);
        if (time.isEmpty()) {
            return Optional.empty();
        }
        orderBy.orderList.add(0, SqlTrees.identifier(time.get().name()));
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), Intent.operator("TemporalSort"),
                Columns.SAME,
                "rows come out in " + describe(time.get()) + " order, and by " + SqlTrees.unparse(new SqlNodeList(
                        orderBy.orderList.subList(1, orderBy.orderList.size()), SqlParserPos.ZERO))
                        + " only among rows of the same " + time.get().name(), ""));
    }

    /**
     * Each window TVF of the tree ({@code TABLE(TUMBLE(TABLE t, DESCRIPTOR(pt), ...))}, named arguments
     * too) whose {@code DESCRIPTOR} names a processing-time attribute of {@code t}, a table or view with
     * an event-time attribute, windowed on that attribute instead; then every ranking ordered by one of
     * those processing-time attributes ordered by the event-time one. Flink plans the window operators on
     * either attribute and refuses the processing-time ones when it translates them ({@code
     * WindowProctimeUnsupportedRule}): the proof translates the candidate as the statement was.
     */
    private Optional<Candidate> eventTimeWindows(
            Finding finding, RewriteContext context, Scope scope, Column.TimeAttribute from) {
        SqlNode tree = tree(scope);
        Map<SqlCall, Moved> moved = new java.util.IdentityHashMap<>();
        List<Moved> order = new ArrayList<>();
        for (SqlSelect select : Trees.selects(tree)) {
            for (SqlCall function : windowFunctions(select.getFrom())) {
                Optional<WindowTvf> tvf = WindowTvf.of(function);
                if (tvf.isEmpty()) {
                    continue;
                }
                SqlIdentifier table = tvf.get().table();
                SqlCall descriptor = tvf.get().descriptor();
                List<Column> columns = context.columnsOf(table).orElse(List.of());
                Optional<Column> windowed = find(columns, (SqlIdentifier) descriptor.operand(0));
                Optional<Column> rowtime = rowtime(columns);
                if (windowed.isEmpty() || windowed.get().timeAttribute() != from || rowtime.isEmpty()
                        || from == Column.TimeAttribute.NONE && !windowed.get().type().startsWith("TIMESTAMP")) {
                    continue;
                }
                descriptor.setOperand(0, SqlTrees.identifier(rowtime.get().name()));
                Moved one = new Moved(SqlTrees.unparse(table), windowed.get().name(), rowtime.get());
                moved.put(function, one);
                order.add(one);
            }
        }
        if (order.isEmpty()) {
            return Optional.empty();
        }
        Set<String> ranked = new LinkedHashSet<>();
        // A ranking by arrival is ranked by event time with its window; one by a plain column keeps its order.
        for (RankItem item : from == Column.TimeAttribute.PROCTIME ? Trees.rankItems(tree) : List.<RankItem>of()) {
            // The window TVF the ranking's own block reads; a ranking over a subquery of one reads the only one moved.
            Optional<Moved> read = windowFunctions(item.select().getFrom()).stream().map(moved::get)
                    .filter(java.util.Objects::nonNull).findFirst();
            if (read.isEmpty() && order.size() == 1) {
                read = Optional.of(order.get(0));
            }
            if (read.isEmpty()) {
                continue;
            }
            SqlNodeList keys = item.window().getOrderList();
            for (int i = 0; i < keys.size(); i++) {
                SqlIdentifier column = orderColumn(keys.get(i));
                if (column != null && column.names.get(column.names.size() - 1).equals(read.get().proctime())) {
                    keys.set(i, reorder(keys.get(i), read.get().rowtime().name()));
                    ranked.add(read.get().rowtime().name());
                }
            }
        }
        List<String> windows = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Moved one = order.get(i);
            windows.add((i == 0 ? "the windows of " : "of ") + one.table() + (i == 0 ? " are on " : " on ")
                    + describe(one.rowtime()));
        }
        Set<String> arrival = new LinkedHashSet<>();
        order.forEach(m -> arrival.add(m.proctime()));
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowRank", "WindowDeduplicate", "WindowJoin", "WindowAggregate", "LocalWindowAggregate",
                        "GlobalWindowAggregate", "WindowTableFunction"), Columns.SAME,
                String.join(" and ", windows) + (from == Column.TimeAttribute.PROCTIME
                        ? ", not on the arrival time " + String.join(", ", arrival)
                        : ", not on " + String.join(", ", arrival) + " (a plain TIMESTAMP, which Flink cannot window on)")
                        + ": a row goes to the window of its event time, a window's rows come out when the watermark passes"
                        + " its end, and a row behind the watermark is dropped"
                        + (ranked.isEmpty() ? "" : "; rows are ranked by " + String.join(", ", ranked)
                        + ", not by when they arrived"),
                ""));
    }

    /** A window TVF of {@code table} moved from its processing-time attribute {@code proctime} to {@code rowtime}. */
    private record Moved(String table, String proctime, Column rowtime) {}

    /**
     * A window table function's {@code TABLE t} argument and its {@code DESCRIPTOR(c)} of one column, positional or
     * named ({@code DATA => TABLE t, TIMECOL => DESCRIPTOR(c)}).
     */
    record WindowTvf(SqlIdentifier table, SqlCall descriptor) {

        /** The column the descriptor names. */
        SqlIdentifier column() {
            return (SqlIdentifier) descriptor.operand(0);
        }

        /** {@code function}'s table and descriptor; empty where it reads a subquery or names no one column. */
        static Optional<WindowTvf> of(SqlCall function) {
            SqlIdentifier table = null;
            SqlCall descriptor = null;
            for (SqlNode operand : function.getOperandList()) {
                SqlNode value = operand != null && operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT
                        ? ((SqlCall) operand).operand(0) : operand;
                if (value instanceof SqlCall call && call.getKind() == SqlKind.EXPLICIT_TABLE
                        && call.operand(0) instanceof SqlIdentifier id) {
                    table = id;
                } else if (value instanceof SqlCall call && isDescriptor(call)
                        && call.operandCount() == 1 && call.operand(0) instanceof SqlIdentifier) {
                    descriptor = call;
                }
            }
            return table == null || descriptor == null ? Optional.empty() : Optional.of(new WindowTvf(table, descriptor));
        }
    }

    /**
     * True for {@code DESCRIPTOR(c)}: Flink's parser gives it Calcite's {@code SqlDescriptorOperator}
     * of kind {@code OTHER_FUNCTION}, not {@code DESCRIPTOR} (seen on 2.3.0).
     */
    private static boolean isDescriptor(SqlCall call) {
        return call.getKind() == SqlKind.DESCRIPTOR || call.getOperator().getName().equalsIgnoreCase("DESCRIPTOR");
    }

    /** The window functions read in {@code from}: {@code TUMBLE(...)} of {@code TABLE(TUMBLE(...)) AS w}, through joins. */
    static List<SqlCall> windowFunctions(SqlNode from) {
        List<SqlCall> out = new ArrayList<>();
        if (from instanceof org.apache.calcite.sql.SqlJoin join) {
            out.addAll(windowFunctions(join.getLeft()));
            out.addAll(windowFunctions(join.getRight()));
        } else if (from != null && from.getKind() == SqlKind.AS) {
            out.addAll(windowFunctions(((SqlCall) from).operand(0)));
        } else if (from != null && from.getKind() == SqlKind.COLLECTION_TABLE
                && ((SqlCall) from).operand(0) instanceof SqlCall function) {
            out.add(function);
        }
        return out;
    }

    /**
     * The statement's outermost {@code ORDER BY}: the query's own, an INSERT's source's, or in a
     * statement set ({@code EXECUTE STATEMENT SET BEGIN ... END}, {@code EXECUTE INSERT}) that of the
     * first INSERT whose source is a sort without a {@code LIMIT}.
     */
    static SqlOrderBy topOrderBy(SqlNode tree) {
        SqlNode query = Trees.insertSource(tree) != null ? Trees.insertSource(tree) : tree;
        if (query instanceof SqlOrderBy orderBy) {
            return orderBy;
        }
        if (tree instanceof SqlExecute || tree instanceof SqlStatementSet) {
            for (SqlNode child : Trees.children(tree)) {
                SqlOrderBy inner = topOrderBy(child);
                if (inner != null && inner.fetch == null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** {@code key} ({@code c}, {@code c DESC}, {@code c NULLS LAST}) with {@code column} for its column. */
    private static SqlNode reorder(SqlNode key, String column) {
        if (key instanceof SqlBasicCall call && (call.getKind() == SqlKind.DESCENDING
                || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
            call.setOperand(0, reorder(call.operand(0), column));
            return call;
        }
        return SqlTrees.identifier(column);
    }

    private static SqlNode unwrap(SqlNode key) {
        while (key instanceof SqlBasicCall call && (call.getKind() == SqlKind.DESCENDING
                || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
            key = call.operand(0);
        }
        return key;
    }

    /** The column an order key sorts by, when it is a column. */
    static SqlIdentifier orderColumn(SqlNode key) {
        return unwrap(key) instanceof SqlIdentifier id && !id.isStar() ? id : null;
    }

    static Optional<Column> find(List<Column> columns, SqlIdentifier id) {
        String name = id.names.get(id.names.size() - 1);
        return columns.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** The rank items of a tree whose ORDER BY reads a column. */
    static List<RankItem> ordered(SqlNode tree) {
        List<RankItem> out = new ArrayList<>();
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.window().getOrderList().isEmpty() && orderColumn(item.window().getOrderList().get(0)) != null) {
                out.add(item);
            }
        }
        return out;
    }
}
