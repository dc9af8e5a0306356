package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;

import org.apache.calcite.sql.SqlIdentifier;

import java.util.Optional;
import java.util.Set;

/**
 * What a window rewrite says of rows that come after their window has closed, by the event time it windows on. A
 * window operator drops a row whose window the watermark has passed, where the aggregation or ranking it replaces took
 * every row. Where that time is the wall clock when the row is read ({@code ts AS NOW(), WATERMARK FOR ts AS ts}:
 * Flink computes the column in the {@code Calc} after the scan, and the watermark follows it), no row is late, and the
 * windows are those of the time rows are read: rows replayed from a topic's start all fall in the windows of their
 * replay ({@link CatalogObject#wallClock}).
 */
final class LateRows {

    private LateRows() {}

    /**
     * The {@code changes:} clause for a window on {@code time} of {@code table}, {@code verb} what the original did with
     * a late row ({@code counted}, {@code ranked}).
     */
    static String clause(RewriteContext context, SqlIdentifier table, Column time, String verb) {
        Optional<String> clock = context.lookUp(table.names).flatMap(object -> object.wallClock(time.name()));
        if (clock.isPresent()) {
            // CURRENT_TIMESTAMP, LOCALTIMESTAMP, CURRENT_TIME, LOCALTIME and CURRENT_DATE are written without parentheses.
            String call = Set.of("NOW", "PROCTIME", "UNIX_TIMESTAMP", "CURRENT_ROW_TIMESTAMP").contains(clock.get())
                    ? clock.get() + "()" : clock.get();
            return "; " + time.name() + " is the wall clock when a row is read (" + call + " in the DDL of "
                    + SqlTrees.unparse(table) + "), so the windows hold the rows read during them, not rows by a"
                    + " time they carry: no row is late, and rows replayed from the source's start all fall in the"
                    + " windows of their replay";
        }
        return "; a row that arrives after the watermark has passed its window's end is dropped, where the original "
                + verb + " it";
    }
}
