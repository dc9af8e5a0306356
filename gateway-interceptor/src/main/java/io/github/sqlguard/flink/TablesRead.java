package io.github.sqlguard.flink;

import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.QueryFacts;

import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tables and views a statement reads (its table references, as {@link QueryFacts} reads them), each with its
 * columns from the session's catalog ({@link CatalogManager#getTable}, the resolved schema: a {@code PROCTIME()}
 * column's type is a processing-time attribute, a {@code WATERMARK} column's an event-time one). Read when Flink's
 * planner refuses a statement, for the diagnoses ({@code rules.AnalysisContext#tablesRead}): reading changes nothing.
 * A name the catalog does not resolve (a CTE, an unknown name) is left out. Stateless.
 */
final class TablesRead {

    private TablesRead() {}

    /** The tables and views {@code statementBody} reads, in {@code catalogManager}'s session. */
    static List<TableRead> of(CatalogManager catalogManager, String statementBody) {
        Optional<SqlFacts> facts = QueryFacts.of(statementBody);
        if (facts.isEmpty()) {
            return List.of();
        }
        List<TableRead> out = new ArrayList<>();
        for (TableReference reference : facts.get().tableReferences()) {
            Optional<ContextResolvedTable> table = ViewQueries.lookUp(catalogManager, reference);
            table.ifPresent(t -> out.add(new TableRead(
                    reference, SessionCatalog.Reader.columns(t.getResolvedTable().getResolvedSchema()))));
        }
        return List.copyOf(out);
    }
}
