package io.github.sqlguard.flink;

import io.github.sqlguard.plan.Column;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table or view of a session's catalogs, as the rewrites read it ({@link SessionCatalog}).
 *
 * @param identifier catalog, database and name, as Flink qualified the name
 * @param view true for a view
 * @param temporary true for a temporary table or view
 * @param query a view's query as Flink keeps it ({@code CatalogView#getOriginalQuery}: every
 *     identifier in back-ticks); empty for a table
 * @param columns its columns ({@code ResolvedSchema}), with time attributes
 * @param watermarked true when it declares a {@code WATERMARK}
 * @param options a table's options ({@code WITH}); empty for a view
 * @param primaryKey a table's {@code PRIMARY KEY} columns ({@code ResolvedSchema#getPrimaryKey}); empty
 *     for a view and a table without one
 * @param computed a table's computed columns ({@code order_time AS TIMESTAMPADD(...)}): each column's
 *     name and its expression as Flink serializes it ({@code ResolvedExpression#asSerializableString});
 *     empty for a view
 */
public record CatalogObject(
        List<String> identifier, boolean view, boolean temporary, Optional<String> query, List<Column> columns,
        boolean watermarked, Map<String, String> options, List<String> primaryKey, Map<String, String> computed) {

    public CatalogObject {
        identifier = List.copyOf(identifier);
        columns = List.copyOf(columns);
        options = Map.copyOf(options);
        primaryKey = List.copyOf(primaryKey);
        computed = Map.copyOf(computed);
    }

    /** A table or view without computed columns. */
    public CatalogObject(
            List<String> identifier, boolean view, boolean temporary, Optional<String> query, List<Column> columns,
            boolean watermarked, Map<String, String> options, List<String> primaryKey) {
        this(identifier, view, temporary, query, columns, watermarked, options, primaryKey, Map.of());
    }

    /**
     * The function of the wall clock the computed column {@code column} reads ({@code CURRENT_TIMESTAMP},
     * {@code NOW}, {@code LOCALTIMESTAMP}, {@code UNIX_TIMESTAMP()}, ...: {@link io.github.sqlguard.statement.WallClock}): its value
     * is the time a row is read, not a time the row carries. Empty for a column that reads none, or is
     * not computed.
     */
    public Optional<String> wallClock(String column) {
        String expression = computed.get(column);
        if (expression == null) {
            return Optional.empty();
        }
        return io.github.sqlguard.statement.WallClock.in(expression);
    }
}
