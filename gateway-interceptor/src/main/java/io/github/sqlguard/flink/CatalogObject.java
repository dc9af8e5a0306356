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
 */
public record CatalogObject(
        List<String> identifier, boolean view, boolean temporary, Optional<String> query, List<Column> columns,
        boolean watermarked, Map<String, String> options, List<String> primaryKey) {

    public CatalogObject {
        identifier = List.copyOf(identifier);
        columns = List.copyOf(columns);
        options = Map.copyOf(options);
        primaryKey = List.copyOf(primaryKey);
    }
}
