package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.WindowAggregateNotRecognizedRule;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-group}, for {@code window-aggregate-not-recognized}: the window column the {@code
 * GROUP BY} lacks ({@code window_end} beside {@code window_start}, or the other way round) is added
 * next to the one it has, so that Flink plans the window aggregation the statement was written for
 * (Flink docs, "Window Aggregation": the {@code GROUP BY} must contain {@code window_start} and
 * {@code window_end} of the windowing TVF). A {@code GROUP BY window_time} without them gets both before it ({@link
 * WindowColumns#besideTime}): the same groups, one per window. The select list is kept as written: the added column is
 * a key, not an output. The aggregation's counterpart of {@link WindowPartition}.
 */
final class WindowGroup extends ScopedFamily {

    static final String ID = "window-group";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(WindowAggregateNotRecognizedRule.ID),
            List.of("WindowAggregate", "LocalWindowAggregate", "GlobalWindowAggregate"),
            "the window column the `GROUP BY` lacks (`window_end` beside `window_start`, or the other way round) added beside the one it has,"
                    + " or both bounds before `window_time`");

    WindowGroup() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        int changed = 0;
        int time = 0;
        for (SqlSelect select : Trees.selects(tree)) {
            if (select.getGroup() == null) {
                continue;
            }
            Optional<SqlNodeList> completed = WindowColumns.completed(select.getGroup());
            Optional<SqlNodeList> group = completed.or(() -> WindowColumns.besideTime(select.getGroup()));
            if (group.isEmpty()) {
                continue;
            }
            select.setGroupBy(group.get());
            changed++;
            time += completed.isEmpty() ? 1 : 0;
        }
        if (changed == 0) {
            return scope.isStatement() ? overView(finding, context, scope) : List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                "each window's rows are aggregated once, when the window closes, and its state is freed then: one"
                        + " final result per window in place of totals updated as rows arrive (rows arriving after their"
                        + " window closed are dropped)" + (time == changed
                        ? "; the groups are the same windows (window_time is one value per window)"
                        : "; windows that share one window_start or window_end (HOP, CUMULATE) are now aggregated each on"
                                + " its own"),
                ""));
    }

    /**
     * A {@code GROUP BY} of {@code window_time} under the name a view the statement reads gives it ({@code window_time AS
     * wt}, {@code GROUP BY wt, region}), where the view selects neither bound: the view, where the session defined it
     * ({@link RewriteContext#candidateOverView}), selects {@code window_start, window_end} before that item, and the
     * statement groups by them before {@code wt}, as {@link WindowColumns#besideTime} writes it for {@code window_time}.
     * Empty where no view the statement reads renames {@code window_time} to a key of its {@code GROUP BY}.
     */
    private List<Candidate> overView(Finding finding, RewriteContext context, Scope statement) {
        for (Scope view : context.scopes()) {
            if (view.isStatement() || view.written().isEmpty() || view.tree().isEmpty()) {
                continue;
            }
            SqlNode viewTree = tree(view);
            if (!(viewTree instanceof SqlSelect viewSelect)) {
                continue;
            }
            Optional<String> renamed = WindowColumns.timeRenamed(viewSelect.getSelectList());
            if (renamed.isEmpty()) {
                continue;
            }
            SqlNode tree = tree(statement);
            int changed = 0;
            for (SqlSelect select : Trees.selects(tree)) {
                if (select.getGroup() == null) {
                    continue;
                }
                Optional<SqlNodeList> group = WindowColumns.besideKey(select.getGroup(), renamed.get());
                if (group.isPresent()) {
                    select.setGroupBy(group.get());
                    changed++;
                }
            }
            if (changed == 0) {
                continue;
            }
            viewSelect.setSelectList(WindowColumns.boundsBefore(viewSelect.getSelectList(), renamed.get()));
            return context.candidateOverView(this, finding, view, viewTree, tree,
                            Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                            "each window's rows are aggregated once, when the window closes, and its state is freed then:"
                                    + " one final result per window in place of totals updated as rows arrive (rows arriving"
                                    + " after their window closed are dropped); the groups are the same windows ("
                                    + renamed.get() + ", window_time renamed, is one value per window); the view selects"
                                    + " window_start and window_end, the statement groups by them",
                            "")
                    .map(List::of).orElse(List.of());
        }
        return List.of();
    }
}
