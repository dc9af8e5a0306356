package io.github.sqlguard.rules;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.util.List;
import java.util.Optional;

/**
 * A table or view a statement reads, with its columns as the session's catalog resolves them (Flink's {@code
 * ResolvedSchema}: each column's type, with the {@code TimestampKind} of a {@code PROCTIME()} column and of a {@code
 * WATERMARK} column). Read for a statement Flink's planner refused ({@code flink.TablesRead}): a diagnosis has no plan
 * to take its columns' time attributes from.
 *
 * <p>Stability: public, evolving.
 *
 * @param reference how the statement names it ({@code clicks AS c})
 * @param columns its columns, with their time attributes
 * @param viewReads for a view, the tables and views its query reads (Flink's {@code CatalogView#getExpandedQuery}),
 *     named as the statement would name them (without the session's current catalog and database); empty for a table
 * @param primaryKey the columns of the PRIMARY KEY it declares (Flink's {@code ResolvedSchema#getPrimaryKey}); empty
 *     where it declares none, and for a view
 * @param updating true for a table whose source emits updates by its options (a CDC connector or format, {@code
 *     upsert-kafka}: {@code plan.ChangelogSources#updating}); false for one that emits inserts only, and for a view
 * @param viewKey for a view that only projects and filters one table, the PRIMARY KEY that table declares, by the names
 *     the view selects its columns as (read from the view's expanded query: {@code
 *     rules.diagnosis.JoinOutputKeys#viewOfOne}); empty for a table, and for a view that does more or drops a column of
 *     the key
 * @param viewRanks for a view, true where its query ranks rows ({@code ROW_NUMBER() OVER (...)}, a view that keeps the
 *     latest row per key among them): Flink plans no lookup join through it ({@code StreamPhysicalLookupJoinRule} matches
 *     a snapshot of a table's scan, through a projection or filter only); false for a table
 */
public record TableRead(
        TableReference reference, List<Column> columns, List<String> viewReads, List<String> primaryKey, boolean updating,
        Optional<ViewKey> viewKey, boolean viewRanks) {

    /**
     * The key a view keeps of the one table it projects and filters.
     *
     * @param table the table's name, as the view's query names it
     * @param columns the table's PRIMARY KEY, by the view's names for its columns
     */
    public record ViewKey(String table, List<String> columns) {

        public ViewKey {
            columns = List.copyOf(columns);
        }
    }

    public TableRead {
        columns = List.copyOf(columns);
        viewReads = List.copyOf(viewReads);
        primaryKey = List.copyOf(primaryKey);
    }

    /** Of a table, or of a view whose query ranks no rows. */
    public TableRead(
            TableReference reference, List<Column> columns, List<String> viewReads, List<String> primaryKey, boolean updating,
            Optional<ViewKey> viewKey) {
        this(reference, columns, viewReads, primaryKey, updating, viewKey, false);
    }

    /** Without a key a view keeps. */
    public TableRead(
            TableReference reference, List<Column> columns, List<String> viewReads, List<String> primaryKey, boolean updating) {
        this(reference, columns, viewReads, primaryKey, updating, Optional.empty());
    }

    /** A table whose source emits inserts only, or a view. */
    public TableRead(TableReference reference, List<Column> columns, List<String> viewReads, List<String> primaryKey) {
        this(reference, columns, viewReads, primaryKey, false);
    }

    /** Without a PRIMARY KEY. */
    public TableRead(TableReference reference, List<Column> columns, List<String> viewReads) {
        this(reference, columns, viewReads, List.of());
    }

    /** A table, not a view, without a PRIMARY KEY. */
    public TableRead(TableReference reference, List<Column> columns) {
        this(reference, columns, List.of());
    }

    /** True when it is a view whose query reads at least one table or view. */
    public boolean view() {
        return !viewReads.isEmpty();
    }

    /** True when the statement qualifies a column of it with {@code qualifier}: its alias, else its name's last part. */
    public boolean qualifiedBy(String qualifier) {
        String named = reference.alias().isEmpty()
                ? reference.names().get(reference.names().size() - 1) : reference.alias();
        return named.equals(qualifier);
    }

    /** Its column {@code name} (Flink matches names case-sensitively); empty where it has none. */
    public Optional<Column> column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** Its event-time attribute, the column of its {@code WATERMARK}; empty without one. */
    public Optional<Column> rowtime() {
        return columns.stream().filter(c -> c.timeAttribute() == Column.TimeAttribute.ROWTIME).findFirst();
    }

    /** Its name as the statement writes it ({@code clicks}, {@code cat.db.clicks}). */
    public String name() {
        return String.join(".", reference.names());
    }
}
