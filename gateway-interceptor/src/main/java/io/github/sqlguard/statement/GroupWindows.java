package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;

import java.util.Locale;
import java.util.Set;

/**
 * The legacy group window functions of a {@code GROUP BY} ({@code TUMBLE(ts, INTERVAL '30' SECOND)}, {@code HOP},
 * {@code SESSION}: Flink docs, "Group Window Aggregation") and their auxiliary functions ({@code TUMBLE_START}, {@code
 * TUMBLE_END}, {@code TUMBLE_ROWTIME}, {@code TUMBLE_PROCTIME}, the same for {@code HOP} and {@code SESSION}). Flink
 * plans such a block as a {@code GroupWindowAggregate} whose upsert key is its grouping with one of the window's
 * properties it emits ({@code FlinkRelMdUniqueKeys#getUniqueKeysOnWindowAgg}): a block that selects none of them emits
 * rows with no key of their own.
 *
 * <p>Stateless.
 */
public final class GroupWindows {

    private static final Set<String> WINDOWS = Set.of("TUMBLE", "HOP", "SESSION");

    private static final Set<String> PROPERTIES = Set.of("_START", "_END", "_ROWTIME", "_PROCTIME");

    private GroupWindows() {}

    /** True when {@code call} is a group window function as a {@code GROUP BY} item writes it. */
    public static boolean isWindow(SqlCall call) {
        return WINDOWS.contains(name(call));
    }

    /** True when {@code call} is an auxiliary function ({@code TUMBLE_START}, ...) of the window function {@code window}. */
    public static boolean isPropertyOf(SqlCall call, SqlCall window) {
        String name = name(call);
        String function = name(window);
        return name.startsWith(function + "_") && PROPERTIES.contains(name.substring(function.length()));
    }

    /** The call's function name as written: Calcite names the group window functions {@code $TUMBLE}, {@code $HOP}. */
    public static String name(SqlCall call) {
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        return name.startsWith("$") ? name.substring(1) : name;
    }
}
