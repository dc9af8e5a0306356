package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ChangelogSources;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.rules.diagnosis.JoinOutputKeys;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.QueryFacts;

import org.apache.calcite.sql.SqlNode;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.UniqueConstraint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tables and views a statement reads (its table references, as {@link QueryFacts} reads them), each with its
 * columns from the session's catalog ({@link CatalogManager#getTable}, the resolved schema: a {@code PROCTIME()}
 * column's type is a processing-time attribute, a {@code WATERMARK} column's an event-time one) and its declared
 * PRIMARY KEY ({@code ResolvedSchema#getPrimaryKey}; a view's is Flink's to derive, none here), and whether its
 * options make its source emit updates ({@link ChangelogSources#updating}). Read when Flink's
 * planner refuses a statement, for the diagnoses ({@code rules.AnalysisContext#tablesRead}): reading changes nothing.
 * A name the catalog does not resolve (a CTE, an unknown name) is left out. Stateless.
 */
final class TablesRead {

    /** Views of views are read this deep for the key they keep. */
    private static final int MAX_DEPTH = 16;

    private TablesRead() {}

    /**
     * The tables and views a statement reads, in {@code catalogManager}'s session: those its {@code facts} name (of
     * the statement's kept tree, {@link io.github.sqlguard.statement.PlannedBody}: the body is not parsed again).
     */
    static List<TableRead> of(CatalogManager catalogManager, SqlFacts facts) {
        List<TableRead> out = new ArrayList<>();
        for (TableReference reference : facts.tableReferences()) {
            Optional<ContextResolvedTable> table = ViewQueries.lookUp(catalogManager, reference);
            if (table.isEmpty()) {
                continue;
            }
            ContextResolvedTable t = table.get();
            // A view's query is read once, for what it reads and the key it keeps.
            Optional<SqlNode> query = viewQuery(t);
            Optional<SqlFacts> viewFacts = query.flatMap(QueryFacts::of);
            out.add(new TableRead(
                    reference, SessionCatalog.Reader.columns(t.getResolvedTable().getResolvedSchema()),
                    viewReads(catalogManager, viewFacts), t.getResolvedTable().getResolvedSchema().getPrimaryKey()
                            .map(UniqueConstraint::getColumns).orElse(List.of()),
                    !(t.getTable() instanceof CatalogView) && ChangelogSources.updating(t.getResolvedTable().getOptions()),
                    viewKey(catalogManager, query),
                    viewFacts.filter(f -> !f.rankFunctions().isEmpty()).isPresent()));
        }
        return List.copyOf(out);
    }

    /**
     * The tree of the expanded query of {@code table} where it is a view ({@link CatalogView#getExpandedQuery()}, whose
     * names Flink qualifies in full); empty for a table, and for a view without SQL.
     */
    private static Optional<SqlNode> viewQuery(ContextResolvedTable table) {
        if (!(table.getTable() instanceof CatalogView view)) {
            return Optional.empty();
        }
        String query;
        try {
            query = view.getExpandedQuery();
        } catch (TableException e) {
            // A view made with the Table API has no SQL: nothing it reads can be named, no key read through it.
            return Optional.empty();
        }
        return Optional.ofNullable(query).flatMap(QueryFacts::parse);
    }

    /**
     * The key a view keeps of the one table its expanded query {@code query} projects and filters ({@link
     * JoinOutputKeys#viewOfOne}), through any views of views between them ({@code open_lines} over {@code live_lines}
     * over {@code order_lines}, case 1173: Flink expands each view in place of its name, so the outer one keeps the
     * table's key as the inner one does), at most {@link #MAX_DEPTH} views deep; empty for a table, a view without SQL,
     * and a view that does more.
     */
    private static Optional<TableRead.ViewKey> viewKey(CatalogManager catalogManager, Optional<SqlNode> query) {
        return viewKey(catalogManager, query, 0);
    }

    private static Optional<TableRead.ViewKey> viewKey(CatalogManager catalogManager, Optional<SqlNode> query, int depth) {
        if (depth >= MAX_DEPTH) {
            return Optional.empty();
        }
        JoinOutputKeys.Tables tables = names -> ViewQueries.lookUp(catalogManager, new TableReference(names, ""))
                .flatMap(t -> t.getTable() instanceof CatalogView
                        ? viewKey(catalogManager, viewQuery(t), depth + 1).map(key -> new JoinOutputKeys.Table(
                                key.columns(), t.getResolvedTable().getResolvedSchema().getColumnNames(),
                                Optional.of(key.table())))
                        : Optional.of(new JoinOutputKeys.Table(
                                t.getResolvedTable().getResolvedSchema().getPrimaryKey()
                                        .map(UniqueConstraint::getColumns).orElse(List.of()),
                                t.getResolvedTable().getResolvedSchema().getColumnNames())));
        return query.flatMap(tree -> JoinOutputKeys.viewOfOne(tree, tables))
                .map(t -> new TableRead.ViewKey(unqualified(catalogManager, t.keyOf().orElseThrow()), t.primaryKey()));
    }

    /** {@code name}, which an expanded query qualifies in full, without the session's current catalog and database. */
    private static String unqualified(CatalogManager catalogManager, String name) {
        String current = catalogManager.getCurrentCatalog() + "." + catalogManager.getCurrentDatabase() + ".";
        return name.startsWith(current) ? name.substring(current.length()) : name;
    }

    /**
     * The tables and views a view's expanded query reads (its {@code facts}), each without the session's current catalog and
     * database; empty for a table and for a view without SQL.
     */
    private static List<String> viewReads(CatalogManager catalogManager, Optional<SqlFacts> facts) {
        List<String> out = new ArrayList<>();
        for (TableReference reference : facts.map(SqlFacts::tableReferences).orElse(List.of())) {
            List<String> names = reference.names();
            if (names.size() == 3 && names.get(0).equals(catalogManager.getCurrentCatalog())
                    && names.get(1).equals(catalogManager.getCurrentDatabase())) {
                names = names.subList(2, 3);
            }
            String name = String.join(".", names);
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return List.copyOf(out);
    }
}
