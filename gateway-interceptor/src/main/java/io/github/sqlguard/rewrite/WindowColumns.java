package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.Locale;
import java.util.Optional;

/**
 * A list of keys ({@code PARTITION BY}, {@code GROUP BY}) that names one of a window's columns, {@code
 * window_start} or {@code window_end}, completed with the other beside it: Flink plans a window
 * operator (a {@code WindowRank}, {@code WindowDeduplicate} or window aggregation) only where both are
 * keys (Flink docs, "Window Top-N", "Window Aggregation"). Shared by {@link WindowPartition} and
 * {@link WindowGroup}.
 */
final class WindowColumns {

    static final String START = "window_start";
    static final String END = "window_end";
    static final String TIME = "window_time";

    private WindowColumns() {}

    /**
     * {@code keys} with the missing window column next to the one there is, qualified as it is ({@code
     * w.window_start} gives {@code w.window_start, w.window_end}); empty where {@code keys} names both
     * window columns or neither.
     */
    static Optional<SqlNodeList> completed(SqlNodeList keys) {
        int start = indexOf(keys, START);
        int end = indexOf(keys, END);
        if ((start < 0) == (end < 0)) {
            return Optional.empty();
        }
        SqlIdentifier has = (SqlIdentifier) keys.get(start >= 0 ? start : end);
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        for (SqlNode key : keys) {
            if (key == has) {
                out.add(SqlTrees.identifier(withLast(has, START)));
                out.add(SqlTrees.identifier(withLast(has, END)));
            } else {
                out.add(key);
            }
        }
        return Optional.of(out);
    }

    /**
     * {@code keys} with {@code window_time} replaced by both window bounds, qualified as it is ({@code w.window_time,
     * page} gives {@code w.window_start, w.window_end, page}), where they name {@code window_time} and neither bound;
     * empty otherwise. {@code window_time} is one value per window ("always equal to window_end - 1ms", Flink docs,
     * "Windowing TVF"), so the bounds make the same partitions, and Flink plans a window operator only over them
     * ({@code WindowUtil#groupingContainsWindowStartEnd}).
     */
    static Optional<SqlNodeList> inPlaceOfTime(SqlNodeList keys) {
        return withBounds(keys, false);
    }

    /**
     * {@code keys} with both window bounds put before {@code window_time}, qualified as it is ({@code window_time, region}
     * gives {@code window_start, window_end, window_time, region}), where they name {@code window_time} and neither
     * bound; empty otherwise. For a {@code GROUP BY}: {@code window_time} stays a key, as a select list that names it
     * needs, and Flink's {@code WindowUtil#groupingExcludeWindowStartEndTimeColumns} drops it from the window
     * aggregation's keys where both bounds are there.
     */
    static Optional<SqlNodeList> besideTime(SqlNodeList keys) {
        return withBounds(keys, true);
    }

    /**
     * The name a select list gives {@code window_time} ({@code wt} of {@code window_time AS wt}) where it selects neither
     * window bound; empty otherwise (a list that selects a bound, or {@code *}, or no renamed {@code window_time}).
     */
    static Optional<String> timeRenamed(SqlNodeList items) {
        Optional<String> renamed = Optional.empty();
        for (SqlNode item : items) {
            if (item instanceof SqlIdentifier id && (id.isStar() || last(id).equals(START) || last(id).equals(END))) {
                return Optional.empty();
            }
            if (item instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.AS) {
                if (call.operand(0) instanceof SqlIdentifier column && (last(column).equals(START) || last(column).equals(END))) {
                    return Optional.empty();
                }
                if (call.operand(0) instanceof SqlIdentifier column && last(column).equals(TIME)
                        && call.operand(1) instanceof SqlIdentifier alias) {
                    renamed = Optional.of(alias.getSimple());
                }
            }
        }
        return renamed;
    }

    /** {@code items} with {@code window_start, window_end} put before the item that names {@code window_time} {@code renamed}. */
    static SqlNodeList boundsBefore(SqlNodeList items, String renamed) {
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        for (SqlNode item : items) {
            if (item instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.AS
                    && call.operand(0) instanceof SqlIdentifier column && last(column).equals(TIME)
                    && call.operand(1) instanceof SqlIdentifier alias && alias.getSimple().equals(renamed)) {
                out.add(SqlTrees.identifier(withLast(column, START)));
                out.add(SqlTrees.identifier(withLast(column, END)));
            }
            out.add(item);
        }
        return out;
    }

    /**
     * {@code keys} with both window bounds put before the key {@code renamed} ({@code window_time} under a view's name for
     * it: {@code wt, region} gives {@code window_start, window_end, wt, region}), where they name it and neither bound;
     * empty otherwise.
     */
    static Optional<SqlNodeList> besideKey(SqlNodeList keys, String renamed) {
        int at = indexOf(keys, renamed.toLowerCase(Locale.ROOT));
        if (at < 0 || names(keys)) {
            return Optional.empty();
        }
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        for (int i = 0; i < keys.size(); i++) {
            if (i == at) {
                SqlIdentifier has = (SqlIdentifier) keys.get(i);
                out.add(SqlTrees.identifier(withLast(has, START)));
                out.add(SqlTrees.identifier(withLast(has, END)));
            }
            out.add(keys.get(i));
        }
        return Optional.of(out);
    }

    /** {@code keys} with both bounds at {@code window_time}'s place, it kept after them or not. */
    private static Optional<SqlNodeList> withBounds(SqlNodeList keys, boolean keepTime) {
        int time = indexOf(keys, TIME);
        if (time < 0 || names(keys)) {
            return Optional.empty();
        }
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        for (int i = 0; i < keys.size(); i++) {
            if (i == time) {
                SqlIdentifier has = (SqlIdentifier) keys.get(i);
                out.add(SqlTrees.identifier(withLast(has, START)));
                out.add(SqlTrees.identifier(withLast(has, END)));
            }
            if (i != time || keepTime) {
                out.add(keys.get(i));
            }
        }
        return Optional.of(out);
    }

    /**
     * A select list with both window bounds among its items: the one missing put right after the one there ({@code
     * window_start, region} gives {@code window_start, window_end, region}), both in front where it names neither; the
     * list as it is where it names both. Empty where it selects {@code *} or renames a bound ({@code window_start AS
     * ws}): a block above would not read it by its name.
     */
    static Optional<SqlNodeList> withBoundsSelected(SqlNodeList items) {
        int start = -1;
        int end = -1;
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            if (item instanceof SqlIdentifier id && id.isStar()) {
                return Optional.empty();
            }
            if (item instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.AS
                    && call.operand(0) instanceof SqlIdentifier column
                    && (last(column).equals(START) || last(column).equals(END))) {
                return Optional.empty();
            }
            if (item instanceof SqlIdentifier id) {
                start = last(id).equals(START) ? i : start;
                end = last(id).equals(END) ? i : end;
            }
        }
        SqlNodeList out = new SqlNodeList(SqlParserPos.ZERO);
        if (start < 0 && end < 0) {
            out.add(SqlTrees.identifier(START));
            out.add(SqlTrees.identifier(END));
        }
        for (int i = 0; i < items.size(); i++) {
            if (i == end && start < 0) {
                out.add(SqlTrees.identifier(withLast((SqlIdentifier) items.get(i), START)));
            }
            out.add(items.get(i));
            if (i == start && end < 0) {
                out.add(SqlTrees.identifier(withLast((SqlIdentifier) items.get(i), END)));
            }
        }
        return Optional.of(out);
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1).toLowerCase(Locale.ROOT);
    }

    /** True when {@code keys} name either window column. */
    static boolean names(SqlNodeList keys) {
        return indexOf(keys, START) >= 0 || indexOf(keys, END) >= 0;
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

    private static String[] withLast(SqlIdentifier identifier, String last) {
        String[] out = identifier.names.toArray(new String[0]);
        out[out.length - 1] = last;
        return out;
    }
}
