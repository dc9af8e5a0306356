package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.statement.TimeBuckets;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
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

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("WindowAggregate"),
            "a `GROUP BY` that buckets a time attribute by hand (`FLOOR(ts TO HOUR)`, `CAST(ts AS DATE)`, `DATE_FORMAT(ts, 'yyyy-MM-dd')`) becomes a `TUMBLE` window aggregation of the bucket's size, whose state each window's end frees");

    WindowAggregate() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!finding.facts().operator().map(n -> n.contains("GroupAggregate")).orElse(false)) {
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
                Optional<Duration> unit = TimeBuckets.sizeOf(group.get(i), rowtime.get().name());
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

}
