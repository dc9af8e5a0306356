package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.WindowAggregateNotRecognizedRule;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-group}, for {@code window-aggregate-not-recognized}: the window column the {@code
 * GROUP BY} lacks ({@code window_end} beside {@code window_start}, or the other way round) is added
 * next to the one it has, so that Flink plans the window aggregation the statement was written for
 * (Flink docs, "Window Aggregation": the {@code GROUP BY} must contain {@code window_start} and
 * {@code window_end} of the windowing TVF). The select list is kept as written: the added column is
 * a key, not an output. The aggregation's counterpart of {@link WindowPartition}.
 */
final class WindowGroup extends ScopedFamily {

    static final String ID = "window-group";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(WindowAggregateNotRecognizedRule.ID),
            List.of("WindowAggregate", "LocalWindowAggregate", "GlobalWindowAggregate"),
            "the window column the `GROUP BY` lacks (`window_end` beside `window_start`, or the other way round) added beside the one it has");

    private static final String START = "window_start";
    private static final String END = "window_end";

    WindowGroup() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        int changed = 0;
        for (SqlSelect select : Trees.selects(tree)) {
            SqlNodeList keys = select.getGroup();
            if (keys == null) {
                continue;
            }
            int start = indexOf(keys, START);
            int end = indexOf(keys, END);
            if ((start < 0) == (end < 0)) {
                continue;
            }
            SqlIdentifier has = (SqlIdentifier) keys.get(start >= 0 ? start : end);
            SqlNodeList group = new SqlNodeList(SqlParserPos.ZERO);
            for (SqlNode key : keys) {
                if (key == has) {
                    // The missing column, qualified as the one there is (w.window_start gives w.window_end).
                    List<String> names = new ArrayList<>(has.names);
                    group.add(SqlTrees.identifier(replaceLast(names, START)));
                    group.add(SqlTrees.identifier(replaceLast(names, END)));
                } else {
                    group.add(key);
                }
            }
            select.setGroupBy(group);
            changed++;
        }
        if (changed == 0) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                "each window's rows are aggregated once, when the window closes, and its state is freed then: one"
                        + " final result per window in place of totals updated as rows arrive (rows arriving after their"
                        + " window closed are dropped); windows that share one window_start or window_end (HOP, CUMULATE)"
                        + " are now aggregated each on its own",
                ""));
    }

    private static int indexOf(SqlNodeList keys, String column) {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i) instanceof SqlIdentifier id && !id.isStar()
                    && id.names.get(id.names.size() - 1).toLowerCase(Locale.ROOT).equals(column)) {
                return i;
            }
        }
        return -1;
    }

    private static String[] replaceLast(List<String> names, String last) {
        String[] out = names.toArray(new String[0]);
        out[out.length - 1] = last;
        return out;
    }
}
