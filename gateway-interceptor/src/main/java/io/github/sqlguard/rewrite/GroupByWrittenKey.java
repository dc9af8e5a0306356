package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.statement.GroupKeyExpressions;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code group-by-written-key}, for {@code on-conflict-required}: where the query selects a {@code GROUP BY} column only
 * inside an expression ({@code SELECT UPPER(name), SUM(score) ... GROUP BY name}, Flink's {@code SinkTestPrograms
 * #INSERT_RETRACT_WITH_PK}), the {@code GROUP BY} names the expression in its place ({@code GROUP BY UPPER(name)}), so
 * that the aggregation's key is the value the query writes ({@link GroupKeyExpressions}: Flink drops a key computed by
 * a function). Verified on Flink 2.3.0: {@code GROUP BY UPPER(name)} into a sink keyed by the column {@code UPPER(name)}
 * goes to plans with no upsert materializer and needs no {@code ON CONFLICT}. It changes which rows are aggregated
 * together, and the {@code changes:} line says how; it is offered before the {@code ON CONFLICT} choices, being the
 * structural fix. Only for one such block, whose every dropped {@code GROUP BY} column an expression holds.
 */
final class GroupByWrittenKey extends ScopedFamily {

    static final String ID = "group-by-written-key";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OnConflictRequiredRule.ID),
            List.of("GroupAggregate", "GlobalGroupAggregate"),
            "the `GROUP BY` names the expression the query writes in place of the column it reads (`GROUP BY UPPER(name)` for `SELECT UPPER(name) ... GROUP BY name`): the aggregation's key is then the value the sink is keyed by");

    GroupByWrittenKey() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        List<SqlSelect> blocks = new ArrayList<>();
        String change = "";
        for (SqlSelect select : Trees.selects(tree)) {
            Optional<String> changed = regroup(select);
            if (changed.isPresent()) {
                blocks.add(select);
                change = changed.get();
            }
        }
        if (blocks.size() != 1) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("GroupAggregate", "GlobalGroupAggregate"), Columns.SAME, change, ""));
    }

    /**
     * {@code select} grouped by the expressions it writes in place of the {@code GROUP BY} columns it selects only inside
     * them, and what that changes; empty where it has none, or where a dropped column is in no expression.
     */
    private static Optional<String> regroup(SqlSelect select) {
        SqlNodeList group = select.getGroup();
        if (group == null || group.size() == 0 || !group.getList().stream().allMatch(g -> g instanceof SqlIdentifier)) {
            return Optional.empty();
        }
        List<String> selected = new ArrayList<>();
        List<SqlCall> calls = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            SqlNode column = SqlUtil.stripAs(item);
            if (column instanceof SqlIdentifier identifier && !identifier.isStar()) {
                selected.add(GroupKeyExpressions.column(identifier));
            } else if (column instanceof SqlCall call) {
                calls.add(call);
            }
        }
        List<SqlNode> kept = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (SqlNode key : group) {
            String name = GroupKeyExpressions.column((SqlIdentifier) key);
            if (selected.contains(name)) {
                kept.add(key);
            } else {
                dropped.add(name);
            }
        }
        List<SqlCall> expressions = calls.stream().filter(c -> GroupKeyExpressions.mentionsAny(c, dropped)).toList();
        if (expressions.isEmpty() || !dropped.stream()
                .allMatch(d -> expressions.stream().anyMatch(e -> GroupKeyExpressions.mentionsAny(e, List.of(d))))) {
            return Optional.empty();
        }
        List<SqlNode> items = new ArrayList<>(kept);
        expressions.forEach(e -> items.add(e.clone(SqlParserPos.ZERO)));
        select.setGroupBy(new SqlNodeList(items, group.getParserPosition()));
        String written = String.join(", ", expressions.stream().map(SqlTrees::unparse).toList());
        String columns = String.join(", ", dropped);
        return Optional.of("groups by " + written + ", the value the query writes, in place of " + columns + ": the"
                + " aggregation's key is then the one the sink is keyed by, so no ON CONFLICT clause and no upsert"
                + " materializer are needed; rows whose " + columns + (dropped.size() == 1 ? " differs" : " differ") + " but give one "
                + written + " now make one"
                + " group, whose aggregates span all of them (as written, each of them would write its own result to that"
                + " one sink row)");
    }
}
