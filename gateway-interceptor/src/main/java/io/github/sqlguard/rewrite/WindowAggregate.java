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
 * GROUP BY} buckets an event-time attribute by hand ({@code FLOOR(ts TO HOUR)}): the aggregation per
 * {@code TUMBLE} window of that unit (Flink docs, "Window Aggregation"), whose state each window's end
 * frees, where the hand-made bucket is kept and updated forever. The bucket's column becomes {@code
 * window_start} under the same name.
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
                        ((SqlCall) item).setOperand(0, SqlTrees.identifier("window_start"));
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
                                + bucketText + " updated and kept forever",
                        "window size " + size + ", the unit of " + bucketText));
            }
        }
        return List.of();
    }

    /** The window a {@code GROUP BY} key buckets {@code rowtime} into: {@code FLOOR(ts TO HOUR)} is 1 h. */
    private static Optional<Duration> bucket(SqlNode key, String rowtime) {
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
}
