package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.statement.GroupWindows;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code window-top-n} rewrite of a Top-N over a legacy group window aggregation ({@code GROUP BY
 * TUMBLE(ts, INTERVAL ...)} or {@code HOP(ts, slide, size)}, which Flink plans as a {@code
 * GroupWindowAggregate}): Flink plans the ranking over it as a plain {@code Rank} keyed by the
 * window's start, whose state no window's end frees. Written as a window TVF aggregation ({@code
 * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL ...)) GROUP BY ..., window_start, window_end},
 * the same window, size and slide as written), the ranking partitioned by the window's start and end
 * is a window Top-N ({@code WindowRank}): Flink docs, "Window Top-N" ("Window Top-N ... requires the
 * PARTITION BY clause contains window_start and window_end columns of the relation applied Windowing
 * TVF or Window Aggregation"), and "Group Window Aggregation" ("Group Window Aggregation is
 * deprecated. It's encouraged to use Window TVF Aggregation which is more powerful and effective").
 *
 * <p>Only where the ranking is already per window (its {@code PARTITION BY} names the window's start
 * or end column): a ranking across windows is another query. {@code TUMBLE_START}/{@code HOP_START}
 * become {@code window_start}, {@code _END} {@code window_end} and {@code _ROWTIME} {@code
 * window_time}, each under the user's alias; a missing start or end column is added to the
 * aggregation's select list and to the ranking's partition.
 */
final class LegacyGroupWindow {

    private LegacyGroupWindow() {}

    /** The legacy group window functions and the window TVF each becomes (the same arguments after the time column). */
    private static final Set<String> WINDOWS = Set.of("TUMBLE", "HOP");

    static Optional<Candidate> candidate(RewriteFamily family, Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = ScopedFamily.tree(scope);
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        for (RankItem item : Trees.rankItems(tree)) {
            if (!item.functionName().equals("ROW_NUMBER")
                    || Trees.reader(parents, item.select()).flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).isEmpty()) {
                continue;
            }
            SqlSelect aggregation = WindowTopN.subquery(item.select().getFrom());
            if (aggregation == null || aggregation.getGroup() == null) {
                continue;
            }
            Optional<Converted> converted = convert(aggregation);
            if (converted.isEmpty()) {
                continue;
            }
            Converted c = converted.get();
            SqlNodeList partition = item.window().getPartitionList();
            boolean hasStart = names(partition, c.start());
            boolean hasEnd = names(partition, c.end());
            if (!hasStart && !hasEnd) {
                continue;
            }
            if (!hasStart) {
                partition.add(SqlTrees.identifier(c.start()));
            }
            if (!hasEnd) {
                partition.add(SqlTrees.identifier(c.end()));
            }
            String window = c.function() + "(TABLE " + c.table() + ", DESCRIPTOR(" + c.time() + "), " + c.arguments() + ")";
            String changes = "the legacy GROUP BY " + c.legacy() + " is written as the window TVF " + window
                    + " (the same windows and the same aggregates per window), and the Top-N over it becomes a window Top-N:"
                    + " each window's ranking is emitted once, when the window closes, and its state is freed then, where the"
                    + " Rank kept every window's ranking forever and updated it as the window's rows arrived"
                    + (c.added().isEmpty() ? "" : "; the aggregation also selects " + String.join(", ", c.added())
                            + ", which the window Top-N partitions by");
            return Optional.of(context.candidate(
                    family, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("WindowRank", "WindowDeduplicate"),
                    new Columns(Set.of("window_start", "window_end"), Set.of()), changes,
                    "window as written: " + c.legacy()));
        }
        return Optional.empty();
    }

    /**
     * The aggregation block made a window TVF aggregation: {@code FROM} reads the TVF, the group
     * window in {@code GROUP BY} becomes {@code window_start, window_end}, the window's auxiliary
     * functions its columns.
     *
     * @param start the name of the window-start column the aggregation now selects
     * @param end the name of the window-end column
     * @param added columns added to the select list ({@code window_end} where none was selected)
     */
    private record Converted(
            String function, String table, String time, String arguments, String legacy, String start, String end,
            List<String> added) {}

    private static Optional<Converted> convert(SqlSelect block) {
        SqlNodeList group = block.getGroup();
        int at = -1;
        SqlCall window = null;
        for (int i = 0; i < group.size(); i++) {
            if (group.get(i) instanceof SqlCall call && WINDOWS.contains(GroupWindows.name(call))) {
                if (window != null) {
                    return Optional.empty();
                }
                at = i;
                window = call;
            }
        }
        if (window == null || !(window.operand(0) instanceof SqlIdentifier time) || !time.isSimple()) {
            return Optional.empty();
        }
        SqlNode from = block.getFrom();
        boolean aliased = from != null && from.getKind() == SqlKind.AS;
        SqlNode table = aliased ? ((SqlCall) from).operand(0) : from;
        if (!(table instanceof SqlIdentifier)) {
            return Optional.empty();
        }
        String function = GroupWindows.name(window);
        List<String> arguments = new ArrayList<>();
        for (SqlNode operand : window.getOperandList().subList(1, window.operandCount())) {
            arguments.add(SqlTrees.unparse(operand));
        }
        String legacy = function + "(" + SqlTrees.unparse(time) + ", " + String.join(", ", arguments) + ")";
        String start = null;
        String end = null;
        SqlNodeList items = block.getSelectList();
        for (SqlNode item : items) {
            if (item.getKind() != SqlKind.AS || !(((SqlCall) item).operand(0) instanceof SqlCall call)) {
                if (item instanceof SqlCall call && auxiliary(call, function) != null) {
                    return Optional.empty(); // unnamed: its column name would change
                }
                continue;
            }
            String column = auxiliary(call, function);
            if (column == null) {
                continue;
            }
            if (!SqlTrees.unparse(call.operand(0)).equals(SqlTrees.unparse(window.operand(0)))) {
                return Optional.empty();
            }
            String alias = ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
            ((SqlCall) item).setOperand(0, SqlTrees.identifier(column));
            if (column.equals("window_start")) {
                start = alias;
            } else if (column.equals("window_end")) {
                end = alias;
            }
        }
        List<String> added = new ArrayList<>();
        if (start == null) {
            start = "window_start";
            added.add(start);
            items.add(SqlTrees.identifier(start));
        }
        if (end == null) {
            end = "window_end";
            added.add(end);
            items.add(SqlTrees.identifier(end));
        }
        group.set(at, SqlTrees.identifier("window_start"));
        group.add(at + 1, SqlTrees.identifier("window_end"));
        String tvf = "TABLE(" + function + "(TABLE " + SqlTrees.unparse(table) + ", DESCRIPTOR(" + SqlTrees.unparse(time)
                + "), " + String.join(", ", arguments) + "))";
        SqlNode item = Snippets.fromItem(tvf);
        if (aliased) {
            ((SqlCall) from).setOperand(0, item);
        } else {
            block.setFrom(item);
        }
        return Optional.of(new Converted(function, SqlTrees.unparse(table), SqlTrees.unparse(time),
                String.join(", ", arguments), legacy, start, end, added));
    }

    /** The window column an auxiliary function of {@code function} is ({@code TUMBLE_START} is {@code window_start}); null for none. */
    private static String auxiliary(SqlCall call, String function) {
        String name = GroupWindows.name(call);
        if (name.equals(function + "_START")) {
            return "window_start";
        }
        if (name.equals(function + "_END")) {
            return "window_end";
        }
        if (name.equals(function + "_ROWTIME")) {
            return "window_time";
        }
        return null;
    }

    private static boolean names(SqlNodeList keys, String column) {
        for (SqlNode key : keys) {
            if (key instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equals(column)) {
                return true;
            }
        }
        return false;
    }
}
