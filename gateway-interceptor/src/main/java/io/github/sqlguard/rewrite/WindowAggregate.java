package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-aggregate}, for {@code stateful-without-ttl} on a group aggregation whose {@code
 * GROUP BY} buckets an event-time attribute by hand ({@code FLOOR(ts TO HOUR)}, a daily report's {@code
 * CAST(ts AS DATE)} or {@code DATE_FORMAT(ts, 'yyyy-MM-dd')}): the aggregation per
 * {@code TUMBLE} window of that unit (Flink docs, "Window Aggregation"), whose state each window's end
 * frees, where the hand-made bucket is kept and updated forever. The bucket's column becomes {@code
 * window_start} under the same name (the same expression of it, for a {@code CAST} or {@code
 * DATE_FORMAT}: the column keeps its type).
 */
final class WindowAggregate extends ScopedFamily {

    static final String ID = "window-aggregate";

    WindowAggregate() {
        super(ID, StatefulWithoutTtlRule.ID);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!SessionStateTtl.operatorName(finding.node()).map(n -> n.contains("GroupAggregate")).orElse(false)) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        for (SqlSelect select : Trees.selects(tree)) {
            if (select.getGroup() == null || !(select.getFrom() instanceof SqlIdentifier
                    || (select.getFrom() != null && select.getFrom().getKind() == SqlKind.AS
                            && ((SqlCall) select.getFrom()).operand(0) instanceof SqlIdentifier))) {
                continue;
            }
            SqlIdentifier table = select.getFrom() instanceof SqlIdentifier id ? id
                    : (SqlIdentifier) ((SqlCall) select.getFrom()).operand(0);
            Optional<Column> rowtime = context.columnsOf(table).flatMap(ScopedFamily::rowtime);
            if (rowtime.isEmpty()) {
                continue;
            }
            SqlNodeList group = select.getGroup();
            for (int i = 0; i < group.size(); i++) {
                Optional<Duration> unit = bucket(group.get(i), rowtime.get().name());
                if (unit.isEmpty()) {
                    continue;
                }
                SqlNode bucket = group.get(i);
                String bucketText = SqlTrees.unparse(bucket);
                SqlNode window = Snippets.tumble(table, rowtime.get().name(), unit.get());
                if (select.getFrom() instanceof SqlIdentifier) {
                    select.setFrom(window);
                } else {
                    ((SqlCall) select.getFrom()).setOperand(0, window);
                }
                SqlNodeList newGroup = new SqlNodeList(SqlParserPos.ZERO);
                for (int j = 0; j < group.size(); j++) {
                    if (j == i) {
                        newGroup.add(SqlTrees.identifier("window_start"));
                        newGroup.add(SqlTrees.identifier("window_end"));
                    } else {
                        newGroup.add(group.get(j));
                    }
                }
                select.setGroupBy(newGroup);
                SqlNodeList items = select.getSelectList();
                for (int j = 0; j < items.size(); j++) {
                    SqlNode item = items.get(j);
                    if (item.getKind() == SqlKind.AS && SqlTrees.unparse(((SqlCall) item).operand(0)).equals(bucketText)) {
                        ((SqlCall) item).setOperand(0, overWindowStart(bucket));
                    } else if (SqlTrees.unparse(item).equals(bucketText)) {
                        return List.of();
                    }
                }
                String size = SqlTrees.duration(unit.get());
                return List.of(context.candidate(
                        this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                        Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                        "one final result per key and " + size + " window of " + rowtime.get().name()
                                + ", emitted when the window closes (its state is freed then), instead of a result per "
                                + bucketText + " updated as rows arrive and kept forever; a row that arrives after the"
                                + " watermark has passed its window's end is dropped, where the original counted it",
                        "window size " + size + ", the unit of " + bucketText));
            }
        }
        return List.of();
    }

    /**
     * The bucket's column over the window: {@code window_start} for {@code FLOOR(ts TO HOUR)} (the same
     * value and type), the same expression of {@code window_start} for {@code CAST(ts AS DATE)} and
     * {@code DATE_FORMAT(ts, 'yyyy-MM-dd')}, so the column keeps its type ({@code DATE}, {@code STRING})
     * and its value: the window starts where the bucket does.
     */
    private static SqlNode overWindowStart(SqlNode bucket) {
        if (bucket.getKind() == SqlKind.FLOOR) {
            return SqlTrees.identifier("window_start");
        }
        SqlCall call = (SqlCall) bucket;
        SqlNode copy = call.getOperator().createCall(call.getFunctionQuantifier(), SqlParserPos.ZERO,
                call.getOperandList().toArray(new SqlNode[0]));
        ((SqlCall) copy).setOperand(0, SqlTrees.identifier("window_start"));
        return copy;
    }

    /**
     * The window a {@code GROUP BY} key buckets {@code rowtime} into: {@code FLOOR(ts TO HOUR)} is 1 h;
     * {@code CAST(ts AS DATE)} is 1 d (a daily report); {@code DATE_FORMAT(ts, 'yyyy-MM-dd')} is 1 d,
     * {@code 'yyyy-MM-dd HH'} 1 h, {@code 'yyyy-MM-dd HH:mm'} 1 min: the finest field of a pattern that
     * also has every coarser one (a pattern of {@code 'HH'} alone is the hour of any day, not a
     * window). A {@code TUMBLE} window of that size starts where the bucket does (Flink aligns tumbling
     * windows to the epoch, in the session time zone for a {@code TIMESTAMP_LTZ}, as {@code CAST} and
     * {@code DATE_FORMAT} read the time).
     */
    private static Optional<Duration> bucket(SqlNode key, String rowtime) {
        if (key instanceof SqlCall cast && cast.getKind() == SqlKind.CAST && cast.operandCount() == 2
                && reads(cast.operand(0), rowtime)
                && cast.operand(1) instanceof org.apache.calcite.sql.SqlDataTypeSpec type
                && type.getTypeName().getSimple().equalsIgnoreCase("DATE")) {
            return Optional.of(Duration.ofDays(1));
        }
        if (key instanceof SqlCall format && format.getOperator().getName().equalsIgnoreCase("DATE_FORMAT")
                && format.operandCount() == 2 && reads(format.operand(0), rowtime)
                && format.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof org.apache.calcite.util.NlsString) {
            return formatUnit(literal.getValueAs(String.class));
        }
        if (!(key instanceof SqlCall call) || call.getKind() != SqlKind.FLOOR || call.operandCount() != 2
                || !(call.operand(0) instanceof SqlIdentifier id) || !id.names.get(id.names.size() - 1).equals(rowtime)) {
            return Optional.empty();
        }
        TimeUnit unit = call.operand(1) instanceof SqlIntervalQualifier q ? q.getStartUnit()
                : call.operand(1) instanceof SqlLiteral literal && literal.getValue() instanceof org.apache.calcite.avatica.util.TimeUnitRange r
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

    private static boolean reads(SqlNode operand, String rowtime) {
        return operand instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equals(rowtime);
    }

    /**
     * The unit a {@code DATE_FORMAT} pattern ({@code java.text.SimpleDateFormat} letters, as Flink's
     * {@code DateTimeUtils#formatTimestamp} reads them) buckets by: its finest field among day, hour,
     * minute and second, when every coarser field down from the year is in it; empty otherwise, or
     * with quoted text or fractions of a second in it.
     */
    static Optional<Duration> formatUnit(String pattern) {
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
