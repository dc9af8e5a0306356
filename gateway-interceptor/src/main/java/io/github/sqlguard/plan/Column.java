package io.github.sqlguard.plan;

import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One column of a node's {@link OutputType}.
 *
 * @param name the column's name in Flink's row type; a name the planner made up for a computed
 *     column ({@code $3}, {@code $f2}, {@code EXPR$1}, {@code w0$o0}) is kept as Flink wrote it:
 *     {@link ColumnNames} names such a column by what computes it
 * @param type the column's type as Flink writes it, e.g. {@code VARCHAR(2147483647)}, {@code
 *     TIMESTAMP(3) *ROWTIME*}
 * @param timeAttribute whether the column is an event-time or processing-time attribute
 */
public record Column(String name, String type, TimeAttribute timeAttribute) {

    /**
     * A column's time attribute kind, as Flink's {@code TimestampKind} of the column's type:
     * {@code ROWTIME} (a column with a {@code WATERMARK}), {@code PROCTIME} ({@code PROCTIME()}).
     */
    public enum TimeAttribute {
        NONE,
        ROWTIME,
        PROCTIME;

        /** True for {@link #ROWTIME} and {@link #PROCTIME}. */
        public boolean isTimeAttribute() {
            return this != NONE;
        }
    }

    /**
     * The properties of a legacy group window ({@code GROUP BY TUMBLE(...)}) as Flink's planner
     * names them in the aggregate's output ({@code w$start}, {@code w$end}, {@code w$rowtime},
     * {@code w$proctime}: {@code StreamPhysicalGroupWindowAggregate}'s named window properties).
     */
    static final String GROUP_WINDOW_PROPERTY = "w\\$(start|end|rowtime|proctime)";

    private static final Pattern GROUP_WINDOW_PROPERTY_NAME = Pattern.compile(GROUP_WINDOW_PROPERTY);

    /**
     * The names Calcite and Flink's planner give columns no one named: {@code $3} and {@code $f2}
     * ({@code RexInputRef}/{@code SqlValidatorUtil} field names, {@code $f2_0} when repeated), {@code
     * EXPR$1} (an unnamed SELECT item), {@code w0$o0} (an OVER result), {@code sum$0} (an
     * aggregate's accumulator).
     */
    private static final Pattern PLANNER_MADE =
            Pattern.compile("\\$[a-z]?\\d+(_\\d+)?|EXPR\\$\\d+|w\\d+\\$o\\d+|[A-Za-z_]+\\$\\d+(_\\d+)?|" + GROUP_WINDOW_PROPERTY);

    /**
     * The root of the column's type as Flink's {@link LogicalTypeParser} reads it ({@code TIMESTAMP(3)}:
     * {@code TIMESTAMP_WITHOUT_TIME_ZONE}; a time attribute's {@code *ROWTIME*} mark, which the
     * parser does not read, left out); empty for a type the parser cannot read and for a {@code RAW}
     * type (whose class the parser would load).
     */
    public Optional<LogicalTypeRoot> typeRoot() {
        if (type == null || type.isEmpty() || type.startsWith("RAW")) {
            return Optional.empty();
        }
        try {
            String sql = type.replace(" *ROWTIME*", "").replace(" *PROCTIME*", "");
            return Optional.of(LogicalTypeParser.parse(sql, Column.class.getClassLoader()).getTypeRoot());
        } catch (RuntimeException notAType) {
            return Optional.empty();
        }
    }

    /** Whether the column is a {@code TIMESTAMP_LTZ}: an instant, read in the session time zone. */
    public boolean isLocalZoned() {
        return typeRoot().filter(r -> r == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE).isPresent();
    }

    /**
     * False for a column the plan could not name as SQL names it ({@value ColumnNames#UNNAMED}, a
     * legacy group window's property): a fix must not write it into a {@code GROUP BY}.
     */
    public static boolean canBeWritten(String name) {
        return !name.equals(ColumnNames.UNNAMED) && !name.startsWith(ColumnNames.GROUP_WINDOW);
    }

    /**
     * True when {@code name} is a legacy group window's property as a finding names it ({@code the group
     * window's start}): a column of {@code GROUP BY TUMBLE(...)}, {@code HOP(...)} or {@code SESSION(...)}.
     */
    public static boolean namesGroupWindow(String name) {
        return name.startsWith(ColumnNames.GROUP_WINDOW);
    }

    /** True when {@code name} is a legacy group window's property as its aggregate names it ({@code w$start}). */
    static boolean isGroupWindowProperty(String name) {
        return GROUP_WINDOW_PROPERTY_NAME.matcher(name).matches();
    }

    /** True when Flink made {@code name} up for a computed column; a column the user named keeps its name through the plan. */
    public static boolean isPlannerMade(String name) {
        return name.indexOf('$') >= 0 && PLANNER_MADE.matcher(name).matches();
    }
}
