package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sort-non-time}: ORDER BY a non-time column on an unbounded stream.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code Sort on a non-time-attribute field is not supported}.
 *
 * <p>A refused statement has no plan: whether its first order key is a {@code PROCTIME()} column, and which column
 * of its table is the event-time attribute, come from the session's catalog ({@link AnalysisContext#tablesRead()}).
 * A descending processing-time first key gets a fix of its own ({@link #byArrivalFix}): a Top-N of that order keeps
 * the first rows to arrive, or ranks by the keys after it alone.
 */
public final class SortNonTimeRule extends DiagnosisRule {

    public static final String ID = "sort-non-time";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(ID, "`ORDER BY` a non-time column on an unbounded stream.");

    /** A column, qualified or not, each part a plain or back-quoted name: {@code c.proc_time}, {@code `user`}. */
    private static final Pattern COLUMN = Pattern.compile("(?:([\\w$]+|`(?:[^`]|``)+`)\\.)?([\\w$]+|`(?:[^`]|``)+`)");

    public SortNonTimeRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains("Sort on a non-time-attribute field is not supported");
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return descendingFirstKey(context)
                .map(key -> "Flink sorts an unbounded stream only when its ORDER BY starts with a time attribute (a"
                        + " column with a WATERMARK, or PROCTIME()) in ascending order: rows come in time order, and each"
                        + " is released once the watermark (or the clock) passes its time. This ORDER BY starts with "
                        + key + aggregate(context, key).map(call -> ", the result of " + call + ", which is no time"
                                + " attribute: it changes as rows arrive, and every change could reorder the rows already"
                                + " out.").orElse(", descending, which Flink refuses even on a time attribute: the first"
                                + " row out would be the last of a stream that never ends."))
                .orElse("An unbounded stream cannot be sorted by an ordinary column: every new row could change the"
                        + " order of all earlier ones. Streaming ORDER BY must start with an ascending time attribute.");
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        Optional<OrderKeyColumn> arrival = firstKeyColumn(context)
                .filter(key -> key.column().timeAttribute() == Column.TimeAttribute.PROCTIME);
        if (arrival.isPresent() && descendingFirstKey(context).isPresent()) {
            return byArrivalFix(arrival.get(), context.statement().facts().orderBys().get(0));
        }
        return descendingFirstKey(context)
                .map(key -> {
                    String column = key.substring(0, key.length() - " DESC".length());
                    return "For the first rows by " + key + " (the latest, the largest), keep a Top-N: ORDER BY " + key
                            + " LIMIT n, or ROW_NUMBER() OVER (ORDER BY " + key + ") in a subquery filtered to rn <= n,"
                            + " which keeps those n rows, updated as rows arrive; "
                            + (aggregate(context, key).isPresent() ? ""
                                    : "where " + column + " is a time attribute, sort by it ascending (ORDER BY " + column
                                            + " ASC, ...); ")
                            + "or run the query in batch mode: SET 'execution.runtime-mode' = 'batch'.";
                })
                .orElse("Sort by an ascending time attribute first (a column with a WATERMARK, or PROCTIME()); keep a"
                        + " bounded Top-N instead (ROW_NUMBER() OVER (ORDER BY the same columns) in a subquery, filtered to"
                        + " its first rows, per window if possible); or run the query in batch mode: SET"
                        + " 'execution.runtime-mode' = 'batch'.");
    }

    /**
     * The event-time attribute of the table the first key's column belongs to, as the fix names it ({@code
     * timeAttribute}); and, where that column is a processing-time attribute, that a Top-N of this order would rank by
     * arrival ({@code processingTimeOrder}): the {@code bounded-sort} rewrite's {@code changes:} says what Flink then
     * computes.
     */
    @Override
    protected Facts facts(String plannerError, AnalysisContext context) {
        Optional<OrderKeyColumn> key = firstKeyColumn(context);
        if (key.isEmpty()) {
            return Facts.NONE;
        }
        Facts facts = key.get().column().timeAttribute() == Column.TimeAttribute.PROCTIME
                ? Facts.NONE.withProcessingTimeOrder() : Facts.NONE;
        return key.get().table().rowtime().map(t -> facts.withTimeAttribute(t.name())).orElse(facts);
    }

    /**
     * The fix for a descending order whose first key is a processing-time attribute ({@code c.proc_time DESC, c.user_id}),
     * where the Top-N that would run keeps no latest rows: Flink does not materialize a processing-time attribute that a
     * ranking orders by, so every row has the same sort key there ({@code plan.Operator.Rank#firstArrivalsReadAsLatest}
     * has the planner's and the runtime's reasons; run on Flink 2.3.0 and 1.20.0): {@code ORDER BY pt DESC LIMIT 2} kept
     * the first two rows to arrive, {@code ORDER BY pt DESC, id DESC LIMIT 2} the two largest ids. The latest rows are an
     * event-time order (the table's {@code WATERMARK} column, named where it has one); the latest row by arrival is the
     * Top-1 Flink plans as a {@code Deduplicate}.
     */
    private static String byArrivalFix(OrderKeyColumn key, List<String> order) {
        String column = key.written();
        String qualifier = column.contains(".") ? column.substring(0, column.lastIndexOf('.') + 1) : "";
        Optional<Column> rowtime = key.table().rowtime();
        String latest = rowtime
                .map(t -> qualifier + SqlIdentifiers.sql(t.name()))
                .map(t -> "For the latest rows, keep a Top-N by the event-time attribute of " + key.table().name() + ", " + t
                        + ": ORDER BY " + t + " DESC LIMIT n, which keeps the n latest rows by " + t + ", updated as rows"
                        + " arrive")
                .orElse("For the latest rows, declare the column of " + key.table().name() + " that holds each row's time"
                        + " as event time, with a WATERMARK, and keep a Top-N by it: ORDER BY that column DESC LIMIT n, which"
                        + " keeps the n latest rows by it, updated as rows arrive");
        List<String> later = order.subList(1, order.size());
        String byArrival = later.isEmpty()
                ? "ORDER BY " + order.get(0) + " LIMIT n keeps the first n rows to arrive and never changes them"
                : "ORDER BY " + String.join(", ", order) + " LIMIT n ranks the rows by " + String.join(", ", later)
                        + " alone, among every row read";
        return latest + ". A Top-N by " + column + " computes something else: Flink does not materialize a processing-time"
                + " attribute that a ranking orders by, so every row has the same " + column + " there, and " + byArrival
                + ". For the latest row by arrival, keep one: ROW_NUMBER() OVER (ORDER BY " + column + " DESC) in a"
                + " subquery filtered to rn = 1, which Flink plans as a Deduplicate that keeps the last row to arrive; or"
                + " sort by " + column + " ascending (ORDER BY " + column + " ASC, ...): the rows in the order they arrive.";
    }

    /**
     * The column the first key of the statement's first {@code ORDER BY} names ({@code c.proc_time DESC}: {@code
     * proc_time} of the table the statement reads as {@code c}), as the session's catalog has it ({@link
     * AnalysisContext#tablesRead()}); empty for a key that is no column, or a column of no table read or of several.
     */
    private static Optional<OrderKeyColumn> firstKeyColumn(AnalysisContext context) {
        List<List<String>> orders = context.statement().facts().orderBys();
        if (orders.isEmpty()) {
            return Optional.empty();
        }
        String key = orders.get(0).get(0).replaceFirst("(?i) (ASC|DESC)( NULLS (FIRST|LAST))?$", "");
        Matcher name = COLUMN.matcher(key);
        if (!name.matches()) {
            return Optional.empty();
        }
        String qualifier = name.group(1) == null ? null : unquoted(name.group(1));
        String column = unquoted(name.group(2));
        List<OrderKeyColumn> found = new ArrayList<>();
        for (TableRead table : context.tablesRead()) {
            if (qualifier == null || table.qualifiedBy(qualifier)) {
                table.column(column).ifPresent(c -> found.add(new OrderKeyColumn(key, c, table)));
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    private static String unquoted(String name) {
        return name.startsWith("`") ? name.substring(1, name.length() - 1).replace("``", "`") : name;
    }

    /**
     * An order key that is a column of a table the statement reads.
     *
     * @param written the key as the statement writes it, without its direction ({@code c.proc_time})
     * @param column the column, with its time attribute
     * @param table the table or view it is a column of
     */
    private record OrderKeyColumn(String written, Column column, TableRead table) {}

    /**
     * The aggregate call ({@code COUNT(*)}) a descending key ({@code c DESC}) names by its select alias, which is no
     * time attribute; empty for any other key.
     */
    private static Optional<String> aggregate(AnalysisContext context, String key) {
        String column = key.substring(0, key.length() - " DESC".length()).replace("`", "");
        return context.statement().facts().aggregateAliases().entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(column)).map(java.util.Map.Entry::getValue).findFirst();
    }

    /**
     * The first key of the statement's first {@code ORDER BY}, as written ({@code ts DESC}), where it is descending:
     * Flink's streaming sort ({@code StreamPhysicalTemporalSortRule}, a {@code TemporalSort}) takes a first key that is
     * a time attribute sorted ascending only, and plans nothing else (hence the planner's one message).
     */
    private static Optional<String> descendingFirstKey(AnalysisContext context) {
        return context.statement().facts().orderBys().stream()
                .findFirst()
                .map(order -> order.get(0))
                .filter(key -> key.endsWith(" DESC"));
    }
}
