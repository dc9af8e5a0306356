package io.github.sqlguard.statement;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.util.NlsString;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@code GROUP BY} key that buckets a time column by hand: {@code FLOOR(ts TO HOUR)} (1 h), a daily
 * report's {@code CAST(ts AS DATE)} (1 d), {@code DATE_FORMAT(ts, 'yyyy-MM-dd')} (1 d; {@code 'yyyy-MM-dd
 * HH'} 1 h, {@code 'yyyy-MM-dd HH:mm'} 1 min). Read by the {@code window-aggregate} rewrite (the
 * {@code TUMBLE} window of the bucket's size) and by the {@code stateful-without-ttl} fix, so that
 * what it says of the key (the day a row falls in) and the interval it proposes fit the bucket.
 */
public final class TimeBuckets {

    private static final String WINDOW_START = "window_start";

    /** {@code window_start} as the {@code TIMESTAMP_LTZ(3)} a {@code FLOOR} of a {@code TIMESTAMP_LTZ} is. */
    private static final String WINDOW_START_LOCAL_ZONED = "CAST(" + WINDOW_START + " AS TIMESTAMP_LTZ(3))";

    private TimeBuckets() {}

    /**
     * A time bucket a {@code GROUP BY} of the statement keys by.
     *
     * @param written the key as the statement writes it ({@code FLOOR(click_time TO DAY)})
     * @param alias the name the {@code SELECT} gives the key; empty when it gives none
     * @param size the bucket's size: 1 d for a day
     * @param selected the select list's item of the key written over the window ({@link #overWindowStart}): {@code
     *     CAST(window_start AS DATE) AS order_day} for {@code CAST(order_time AS DATE) AS order_day}; empty when
     *     the select list does not name the key
     * @param inSubquery whether the key is a column of the {@code SELECT}'s subquery, which computes the bucket and names
     *     it ({@code FROM (SELECT DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str, ... FROM t) GROUP BY date_str}, as Flink's
     *     own SQL demo writes a daily report): a window goes into the subquery's {@code FROM}, and the subquery selects
     *     {@code window_start} and {@code window_end} for the {@code GROUP BY} above, which keeps the key
     */
    public record Bucket(String written, String alias, Duration size, String selected, boolean inSubquery) {

        /**
         * Whether the plan's key name {@code key} is this bucket: its alias, or its expression as written or as the
         * plan prints it ({@code FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY)}: {@link WrittenExpressions#form}).
         */
        public boolean isKey(String key) {
            return (!alias.isEmpty() && alias.equalsIgnoreCase(key))
                    || WrittenExpressions.form(written).equals(WrittenExpressions.form(key));
        }

        /**
         * What a fix says of the select list's item of the key in a window aggregation ({@code , selecting
         * CAST(window_start AS DATE) AS order_day in place of CAST(order_time AS DATE) AS order_day}), as the
         * window-aggregate rewrite writes it; empty where the select list does not name the key.
         */
        public String selectedInPlace() {
            if (inSubquery) {
                return " (the window in the FROM of the subquery that computes " + alias + ", which selects window_start,"
                        + " window_end and " + selected + " in place of " + written + " AS " + alias + ")";
            }
            return selected.isEmpty() ? ""
                    : ", selecting " + selected + " in place of " + written + (alias.isEmpty() ? "" : " AS " + alias);
        }

        /** How a message names the key: its alias, else its expression as written. */
        public String name() {
            return alias.isEmpty() ? written : alias;
        }

        /** The bucket in words: {@code day}, {@code hour}, {@code minute}, {@code second}. */
        public String unit() {
            long seconds = size.getSeconds();
            return seconds == 86_400 ? "day" : seconds == 3_600 ? "hour" : seconds == 60 ? "minute" : "second";
        }
    }

    /**
     * The time buckets of {@code column} the {@code GROUP BY}s of {@code statement} key by; none when it does not parse.
     *
     * @param localZoned whether {@code column} is a {@code TIMESTAMP_LTZ} ({@link #overWindowStart})
     */
    public static List<Bucket> of(String statement, String column, boolean localZoned) {
        List<Bucket> out = new ArrayList<>();
        SqlNodeList nodes;
        try {
            nodes = FlinkSqlParser.parseStmtList(statement);
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return out;
        }
        WrittenText text = new WrittenText(statement);
        for (SqlNode node : nodes) {
            collect(node, column, localZoned, text, out);
        }
        return out;
    }

    private static void collect(SqlNode node, String column, boolean localZoned, WrittenText text, List<Bucket> out) {
        if (node instanceof SqlSelect select && select.getGroup() != null) {
            for (SqlNode key : select.getGroup()) {
                sizeOf(key, column).ifPresent(size -> {
                    String alias = alias(select, key);
                    out.add(new Bucket(text.text(key), alias, size, selected(select, key, alias, localZoned, text), false));
                });
                subqueryBucket(select, key).ifPresent(bucket -> sizeOf(bucket, column).ifPresent(size -> {
                    List<String> names = ((SqlIdentifier) key).names;
                    String alias = names.get(names.size() - 1);
                    out.add(new Bucket(text.text(bucket), alias, size, over(bucket, localZoned, text) + " AS " + alias, true));
                }));
            }
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : Operands.of(call)) {
                if (operand != null) {
                    collect(operand, column, localZoned, text, out);
                }
            }
        } else if (node instanceof SqlNodeList list) {
            for (SqlNode item : list) {
                if (item != null) {
                    collect(item, column, localZoned, text, out);
                }
            }
        }
    }

    /**
     * The expression that the subquery {@code select} reads names {@code key} ({@code DATE_FORMAT(ts, 'yyyy-MM-dd')} of
     * {@code FROM (SELECT DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str ...) GROUP BY date_str}); empty where {@code key} is not
     * a column of the subquery ({@code date_str}, or {@code s.date_str} for {@code FROM (...) AS s}), or {@code select}
     * reads no subquery ({@code FROM (...)} or {@code FROM (...) AS s}) that names it so without grouping.
     */
    public static Optional<SqlNode> subqueryBucket(SqlSelect select, SqlNode key) {
        SqlNode from = select.getFrom();
        String qualifier = null;
        if (from != null && from.getKind() == SqlKind.AS) {
            qualifier = ((SqlCall) from).operand(1) instanceof SqlIdentifier alias ? alias.getSimple() : null;
            from = ((SqlCall) from).operand(0);
        }
        // A subquery that groups is an aggregation of its own, whose bucket is its GROUP BY's (cases 989, 1017): the
        // column above is that aggregation's result, and no window over its rows goes into its FROM.
        if (!(from instanceof SqlSelect inner) || inner.getGroup() != null || !(key instanceof SqlIdentifier id) || id.isStar()
                || !(id.isSimple() || id.names.size() == 2 && id.names.get(0).equalsIgnoreCase(qualifier))) {
            return Optional.empty();
        }
        String column = id.names.get(id.names.size() - 1);
        for (SqlNode item : inner.getSelectList()) {
            if (item.getKind() == SqlKind.AS && ((SqlBasicCall) item).operand(1) instanceof SqlIdentifier name
                    && name.getSimple().equalsIgnoreCase(column)) {
                return Optional.of(((SqlBasicCall) item).operand(0));
            }
        }
        return Optional.empty();
    }

    /** The alias the select list gives {@code key} ({@code CAST(ts AS DATE) AS order_day}); empty without one. */
    private static String alias(SqlSelect select, SqlNode key) {
        for (SqlNode item : select.getSelectList()) {
            if (item.getKind() == SqlKind.AS && ((SqlBasicCall) item).operand(0).equalsDeep(key, Litmus.IGNORE)) {
                return ((SqlIdentifier) ((SqlBasicCall) item).operand(1)).getSimple();
            }
        }
        return "";
    }

    /**
     * The select list's item of {@code key} written over the window, as the statement writes the rest of it; empty
     * when no item is the key itself ({@code key} inside a larger expression the window-aggregate rewrite changes
     * alike, but a fix names only the item that is the key).
     */
    private static String selected(SqlSelect select, SqlNode key, String alias, boolean localZoned, WrittenText text) {
        boolean listed = !alias.isEmpty();
        for (SqlNode item : select.getSelectList()) {
            listed |= item.equalsDeep(key, Litmus.IGNORE);
        }
        if (!listed) {
            return "";
        }
        String over = over(key, localZoned, text);
        return alias.isEmpty() ? over : over + " AS " + alias;
    }

    /** {@code key} written over the window ({@link #overWindowStart}), as the statement writes the rest of it. */
    private static String over(SqlNode key, boolean localZoned, WrittenText text) {
        SqlNode column = ((SqlCall) key).operand(0);
        return key.getKind() == SqlKind.FLOOR ? (localZoned ? WINDOW_START_LOCAL_ZONED : WINDOW_START)
                : text.text(key, column) + WINDOW_START + text.after(column, key);
    }

    /**
     * The bucket {@code key} (a key {@link #sizeOf} sizes) over its window: {@code window_start} for {@code FLOOR(ts
     * TO HOUR)} (the same value and type), the same expression of {@code window_start} for {@code CAST(ts AS DATE)}
     * and {@code DATE_FORMAT(ts, 'yyyy-MM-dd')}, so that the column keeps its type ({@code DATE}, {@code STRING})
     * and its value: the window starts where the bucket does. A new node; {@code key} is not changed.
     *
     * <p>Over a {@code TIMESTAMP_LTZ} time attribute ({@code localZoned}) {@code FLOOR(ts TO HOUR)} is a {@code
     * TIMESTAMP_LTZ(3)}, while {@code window_start} is a {@code TIMESTAMP(3)}: the window's start in the session
     * time zone (Flink docs, "Time Zone", "Window TVF": on a {@code TIMESTAMP_LTZ} column {@code window_start} and
     * {@code window_end} are {@code TIMESTAMP(3)}, {@code window_time} a {@code TIMESTAMP_LTZ(3)}). The key is then
     * {@code CAST(window_start AS TIMESTAMP_LTZ(3))}: Flink casts a {@code TIMESTAMP} to a {@code TIMESTAMP_LTZ} in
     * the session time zone, the zone both the window and the {@code FLOOR} are cut in, so the value is the
     * bucket's. The {@code CAST ... AS DATE} and {@code DATE_FORMAT} keys read {@code window_start} in that zone
     * already.
     */
    public static SqlNode overWindowStart(SqlNode key, boolean localZoned) {
        SqlIdentifier windowStart = new SqlIdentifier(WINDOW_START, SqlParserPos.ZERO);
        if (key.getKind() == SqlKind.FLOOR) {
            return localZoned ? expression(WINDOW_START_LOCAL_ZONED) : windowStart;
        }
        SqlCall call = (SqlCall) key;
        SqlCall copy = call.getOperator().createCall(call.getFunctionQuantifier(), SqlParserPos.ZERO,
                call.getOperandList().toArray(new SqlNode[0]));
        copy.setOperand(0, windowStart);
        return copy;
    }

    /** {@code expression} as Flink's parser reads it. */
    private static SqlNode expression(String expression) {
        try {
            return ((SqlSelect) FlinkSqlParser.parseStmtList("SELECT " + expression + " FROM t").get(0)).getSelectList().get(0);
        } catch (SqlParseException e) {
            throw new IllegalArgumentException("not an expression: " + expression, e);
        }
    }

    /**
     * A key that is a time bucket of some column, in words: {@code sale_day} of {@code CAST(window_start AS DATE) AS
     * sale_day} is the day of {@code window_start}.
     *
     * @param key the key as the plan names it ({@code sale_day})
     * @param written the expression it stands for, as the statement writes it ({@code CAST(window_start AS DATE)})
     * @param column the column it buckets ({@code window_start})
     * @param unit the bucket in words: {@code day}, {@code hour}, {@code month}, ...
     */
    public record KeyUnit(String key, String written, String column, String unit) {

        /** {@code sale_day is the day of window_start (CAST(window_start AS DATE))}; without the expression where it is the key. */
        public String said() {
            return key + " is the " + unit + " of " + column + (key.equals(written) ? "" : " (" + written + ")");
        }

        /** {@code the day of sold_at, CAST(sold_at AS DATE)}; without the expression where it is the key. */
        public String what() {
            return "the " + unit + " of " + column + (key.equals(written) ? "" : ", " + written);
        }
    }

    /**
     * What the group key {@code key} of an aggregation of {@code statement} is as a time bucket ({@link #unitOf}): the
     * key itself written as such an expression ({@code DATE_FORMAT(hr, 'yyyy-MM')}), or the one such expression the
     * statement's select lists name {@code key} ({@code CAST(sold_at AS DATE) AS sale_day}). Empty where neither is,
     * the statement names {@code key} after expressions of different units, or does not parse.
     */
    public static Optional<KeyUnit> keyUnit(String statement, String key) {
        Optional<KeyUnit> itself = expressionUnit(key, key);
        if (itself.isPresent()) {
            return itself;
        }
        SqlNodeList nodes;
        try {
            nodes = FlinkSqlParser.parseStmtList(statement);
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
        WrittenText text = new WrittenText(statement);
        List<KeyUnit> found = new ArrayList<>();
        for (SqlNode node : nodes) {
            aliased(node, key, text, found);
        }
        List<String> units = found.stream().map(KeyUnit::unit).distinct().toList();
        return units.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** {@code expression} parsed, as a time bucket named {@code key}; empty where it is none or does not parse. */
    private static Optional<KeyUnit> expressionUnit(String key, String expression) {
        if (!expression.contains("(")) {
            return Optional.empty();
        }
        try {
            SqlNode node = ((SqlSelect) FlinkSqlParser.parseStmtList("SELECT " + expression + " FROM t").get(0))
                    .getSelectList().get(0);
            return unitOf(node).map(u -> new KeyUnit(key, expression, bucketed(node), u));
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private static void aliased(SqlNode node, String key, WrittenText text, List<KeyUnit> out) {
        if (node instanceof SqlSelect select) {
            for (SqlNode item : select.getSelectList()) {
                if (item.getKind() == SqlKind.AS && ((SqlBasicCall) item).operand(1) instanceof SqlIdentifier alias
                        && alias.getSimple().equalsIgnoreCase(key)) {
                    SqlNode expression = ((SqlBasicCall) item).operand(0);
                    unitOf(expression).ifPresent(u -> out.add(new KeyUnit(key, text.text(expression), bucketed(expression), u)));
                }
            }
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : Operands.of(call)) {
                if (operand != null) {
                    aliased(operand, key, text, out);
                }
            }
        } else if (node instanceof SqlNodeList list) {
            for (SqlNode item : list) {
                if (item != null) {
                    aliased(item, key, text, out);
                }
            }
        }
    }

    /** The column a bucket expression ({@link #unitOf}) reads: its first operand's last name. */
    private static String bucketed(SqlNode expression) {
        SqlNode operand = ((SqlCall) expression).operand(0);
        return operand instanceof SqlIdentifier id ? id.names.get(id.names.size() - 1) : operand.toString();
    }

    /**
     * The time bucket {@code key} makes of the column it reads, in words, whatever that column: {@code CAST(ts AS DATE)}
     * a day; {@code FLOOR(ts TO HOUR)} an hour (to {@code MONTH} a month, ...); {@code DATE_FORMAT(ts, 'yyyy-MM-dd')} a
     * day and, as a key names a period rather than a bucket a window could be, {@code 'yyyy-MM'} a month and {@code
     * 'yyyy'} a year. Empty for any other expression, and for one over anything but a column.
     */
    public static Optional<String> unitOf(SqlNode key) {
        if (!(key instanceof SqlCall call) || call.operandCount() < 1 || !(call.operand(0) instanceof SqlIdentifier id)) {
            return Optional.empty();
        }
        String column = id.names.get(id.names.size() - 1);
        Optional<Duration> size = sizeOf(key, column);
        if (size.isPresent()) {
            long seconds = size.get().getSeconds();
            return Optional.of(seconds == 86_400 ? "day" : seconds == 3_600 ? "hour" : seconds == 60 ? "minute" : "second");
        }
        if (call.getKind() == SqlKind.FLOOR && call.operandCount() == 2) {
            TimeUnit unit = call.operand(1) instanceof SqlIntervalQualifier q ? q.getStartUnit()
                    : call.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof TimeUnitRange r
                            ? r.startUnit : null;
            return unit == TimeUnit.MONTH ? Optional.of("month") : unit == TimeUnit.YEAR ? Optional.of("year")
                    : unit == TimeUnit.WEEK ? Optional.of("week") : unit == TimeUnit.QUARTER ? Optional.of("quarter")
                    : Optional.empty();
        }
        if (call.getOperator().getName().equalsIgnoreCase("DATE_FORMAT") && call.operandCount() == 2
                && call.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof NlsString) {
            String pattern = literal.getValueAs(String.class);
            if (pattern.contains("'") || !pattern.contains("y") || pattern.matches(".*[dHhmsS].*")) {
                return Optional.empty();
            }
            return pattern.contains("M") ? Optional.of("month") : Optional.of("year");
        }
        return Optional.empty();
    }

    /**
     * The step of a {@code CUMULATE} window of {@code size} that stands for a hand-made bucket of that
     * size: an hour for a day (or longer), a minute for an hour; none below (a report per minute has no
     * step worth a window of its own). The original's total per bucket is updated as rows arrive; a
     * {@code CUMULATE} window keeps a result during the bucket (Flink docs, "Windowing TVF", CUMULATE:
     * "tumbling windows with early firing in a fixed window interval"), where a {@code TUMBLE} window
     * emits once at its end. Flink requires the size to be an integral multiple of the step (the
     * planner's {@code WindowUtil}: "CUMULATE window requires size being an integral multiple of
     * step"). Read through {@code plan.BucketWindows#cumulateStep}, the one source of the {@code
     * window-aggregate} rewrite and the {@code stateful-without-ttl} fix, so the fix names the window the rewrite
     * offers first.
     */
    public static Optional<Duration> cumulateStep(Duration size) {
        Duration step = size.compareTo(Duration.ofDays(1)) >= 0 ? Duration.ofHours(1)
                : size.compareTo(Duration.ofHours(1)) >= 0 ? Duration.ofMinutes(1) : null;
        return step == null || size.toMillis() % step.toMillis() != 0 ? Optional.empty() : Optional.of(step);
    }

    /**
     * The size of the bucket a {@code GROUP BY} key puts {@code column} into: {@code FLOOR(ts TO HOUR)}
     * is 1 h; {@code CAST(ts AS DATE)} is 1 d (a daily report); {@code DATE_FORMAT(ts, 'yyyy-MM-dd')} is
     * 1 d, {@code 'yyyy-MM-dd HH'} 1 h, {@code 'yyyy-MM-dd HH:mm'} 1 min: the finest field of a pattern
     * that also has every coarser one (a pattern of {@code 'HH'} alone is the hour of any day, not a
     * bucket of time). Empty for any other key.
     */
    public static Optional<Duration> sizeOf(SqlNode key, String column) {
        if (key instanceof SqlCall cast && cast.getKind() == SqlKind.CAST && cast.operandCount() == 2
                && reads(cast.operand(0), column)
                && cast.operand(1) instanceof SqlDataTypeSpec type
                && type.getTypeName().getSimple().equalsIgnoreCase("DATE")) {
            return Optional.of(Duration.ofDays(1));
        }
        if (key instanceof SqlCall format && format.getOperator().getName().equalsIgnoreCase("DATE_FORMAT")
                && format.operandCount() == 2 && reads(format.operand(0), column)
                && format.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof NlsString) {
            return formatUnit(literal.getValueAs(String.class));
        }
        if (!(key instanceof SqlCall call) || call.getKind() != SqlKind.FLOOR || call.operandCount() != 2
                || !reads(call.operand(0), column)) {
            return Optional.empty();
        }
        TimeUnit unit = call.operand(1) instanceof SqlIntervalQualifier q ? q.getStartUnit()
                : call.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof TimeUnitRange r
                        ? r.startUnit : null;
        if (unit == null) {
            return Optional.empty();
        }
        return switch (unit) {
            case SECOND -> Optional.of(Duration.ofSeconds(1));
            case MINUTE -> Optional.of(Duration.ofMinutes(1));
            case HOUR -> Optional.of(Duration.ofHours(1));
            case DAY -> Optional.of(Duration.ofDays(1));
            default -> Optional.empty();
        };
    }

    private static boolean reads(SqlNode operand, String column) {
        return operand instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equals(column);
    }

    /**
     * The unit a {@code DATE_FORMAT} pattern ({@code java.text.SimpleDateFormat} letters, as Flink's
     * {@code DateTimeUtils#formatTimestamp} reads them) buckets by: its finest field among day, hour,
     * minute and second, when every coarser field down from the year is in it; empty otherwise, or
     * with quoted text or fractions of a second in it.
     */
    public static Optional<Duration> formatUnit(String pattern) {
        if (pattern.contains("'") || pattern.contains("S")) {
            return Optional.empty();
        }
        boolean year = pattern.contains("y");
        boolean month = pattern.contains("M");
        boolean day = pattern.contains("d");
        boolean hour = pattern.contains("H");
        boolean minute = pattern.contains("m");
        boolean second = pattern.contains("s");
        if (!(year && month && day)) {
            return Optional.empty();
        }
        if (!hour) {
            return minute || second ? Optional.empty() : Optional.of(Duration.ofDays(1));
        }
        if (!minute) {
            return second ? Optional.empty() : Optional.of(Duration.ofHours(1));
        }
        return Optional.of(second ? Duration.ofSeconds(1) : Duration.ofMinutes(1));
    }
}
