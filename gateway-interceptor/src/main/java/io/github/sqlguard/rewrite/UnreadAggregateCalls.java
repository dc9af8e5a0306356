package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Operator;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The aggregate calls a statement writes that its plan does not have: a {@code GROUP BY dept_id} block
 * selecting {@code MIN(salary)} that nothing above reads is planned as a {@code GroupAggregate} of the key
 * alone: the optimizer drops a call whose value no operator above reads (seen on Flink 2.3.0: {@code
 * GroupAggregate(groupBy=[dept_id], select=[dept_id])} for case 626). Read from the
 * statement and the views it reads, where a block's GROUP BY names the plan aggregation's keys, so that a
 * {@code changes:} line speaks of the statement's calls, not of "an aggregation without an aggregate
 * function". Stateless.
 */
final class UnreadAggregateCalls {

    /** Flink's built-in aggregate functions a statement may write ({@code BuiltInFunctionDefinitions}). */
    private static final Set<String> AGGREGATES = Set.of(
            "COUNT", "SUM", "SUM0", "MIN", "MAX", "AVG", "FIRST_VALUE", "LAST_VALUE", "LISTAGG", "COLLECT",
            "STDDEV_POP", "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "ARRAY_AGG", "JSON_ARRAYAGG", "JSON_OBJECTAGG");

    private UnreadAggregateCalls() {}

    /**
     * The calls the statement writes in the blocks grouped by the keys of {@code keysOnly}, aggregations the
     * plan gives no call; empty where the statement writes none (a {@code SELECT DISTINCT}, a GROUP BY of its
     * keys alone).
     */
    static List<String> of(RewriteContext context, List<Operator.GroupAggregate> keysOnly) {
        Set<String> out = new LinkedHashSet<>();
        if (keysOnly.isEmpty()) {
            return List.of();
        }
        for (Scope scope : context.scopes()) {
            Optional<SqlNode> tree = scope.tree();
            if (tree.isEmpty()) {
                continue;
            }
            for (SqlSelect select : Trees.selects(tree.get())) {
                SqlNodeList group = select.getGroup();
                if (group == null || group.isEmpty()) {
                    continue;
                }
                List<String> keys = new ArrayList<>();
                for (SqlNode key : group) {
                    if (key instanceof SqlIdentifier id) {
                        keys.add(id.names.get(id.names.size() - 1).toLowerCase(Locale.ROOT));
                    }
                }
                boolean matches = keysOnly.stream().anyMatch(a -> a.groupBy().stream()
                        .map(k -> k.toLowerCase(Locale.ROOT)).toList().equals(keys));
                if (!matches) {
                    continue;
                }
                for (SqlNode item : select.getSelectList()) {
                    SqlNode expression = SqlUtil.stripAs(item);
                    if (expression instanceof SqlCall call
                            && AGGREGATES.contains(call.getOperator().getName().toUpperCase(Locale.ROOT))) {
                        out.add(SqlTrees.unparse(call));
                    }
                }
            }
        }
        return List.copyOf(out);
    }
}
