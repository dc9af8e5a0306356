package io.github.sqlguard.rewrite;

import java.util.List;
import java.util.Optional;

/**
 * A table the proof of a rewrite plans against as changed, under a scratch name, so the session's
 * own table is not touched ({@link RewriteSession#judge}).
 *
 * @param table the table's fully qualified name: catalog, database, table
 * @param scratchName the name of the changed copy, in the same catalog and database, as the
 *     planned statement names it
 * @param watermark the column a {@code WATERMARK} is declared on, if any
 * @param watermarkDelay that watermark's delay, in seconds
 * @param removedOption the table option left out of the copy, if any
 */
public record TableChange(
        List<String> table, String scratchName, Optional<String> watermark, long watermarkDelay,
        Optional<String> removedOption) {

    public TableChange {
        table = List.copyOf(table);
    }
}
