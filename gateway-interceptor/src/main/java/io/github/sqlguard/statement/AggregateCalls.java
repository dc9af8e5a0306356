package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;

import java.util.Locale;
import java.util.Set;

/**
 * Aggregate function calls as Flink's parser gives them: functions are not resolved at parse time, so an aggregate is
 * told by its name.
 */
public final class AggregateCalls {

    /** Aggregate functions by the name Flink's parser gives them (enough to tell an aggregating block). */
    private static final Set<String> NAMES =
            Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "LAST_VALUE", "FIRST_VALUE", "LISTAGG", "COLLECT", "STDDEV_POP",
                    "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "ARRAY_AGG", "JSON_OBJECTAGG", "JSON_ARRAYAGG");

    private AggregateCalls() {}

    /** True when {@code call} is a call of an aggregate function ({@code COUNT(a)}), whether or not OVER a window. */
    public static boolean isAggregate(SqlCall call) {
        return NAMES.contains(call.getOperator().getName().toUpperCase(Locale.ROOT));
    }
}
