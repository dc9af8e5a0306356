package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ViewHint;
import io.github.sqlguard.plan.ViewTimeBound;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.QueryFacts;
import io.github.sqlguard.statement.TimeBounds;

import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.UnresolvedIdentifier;

import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the queries of the views a statement reads, directly or through other views, say that the plan no longer
 * shows, read from the session's catalog ({@link CatalogManager#getTable}: the view's {@link
 * CatalogView#getExpandedQuery()}, the query as Flink validated it, hints kept): their {@code STATE_TTL} hints and
 * the longest time bound of their conditions. Flink expands a view into the statement's plan and keeps a hint only
 * where it applies, so this is the only place a hint that reaches nothing can still be seen ({@code
 * plan.ViewHint}); and a bound such as {@code INTERVAL '3' DAY} prints there as milliseconds, not as the view writes
 * it ({@code plan.ViewTimeBound}, which the fixes and the rewrites read alike: {@code rewrite.ProposedTtl}).
 *
 * <p>A name of the statement that is not a view (a table, a CTE, an unknown name) is skipped; so
 * is a view without SQL (one made with the Table API: {@code QueryOperationCatalogView} has no
 * serializable query and says so with a {@link TableException}). Stateless.
 */
final class ViewQueries {

    /** Views of views are followed this deep. */
    private static final int MAX_DEPTH = 16;

    /**
     * What the views of a statement say.
     *
     * @param hints the {@code STATE_TTL} hint options of their queries
     * @param longestBound the longest time bound of their conditions
     */
    record Read(List<ViewHint> hints, Optional<ViewTimeBound> longestBound) {

        static final Read NONE = new Read(List.of(), Optional.empty());
    }

    private ViewQueries() {}

    /** What the views {@code statementBody} reads say, in {@code catalogManager}'s session. */
    static Read of(CatalogManager catalogManager, String statementBody) {
        Optional<SqlFacts> facts = QueryFacts.of(statementBody);
        if (facts.isEmpty() || facts.get().tableReferences().isEmpty()) {
            return Read.NONE;
        }
        List<ViewHint> hints = new ArrayList<>();
        ViewTimeBound[] longest = new ViewTimeBound[1];
        collect(catalogManager, facts.get(), hints, longest, new HashSet<>(), 0);
        return new Read(List.copyOf(hints), Optional.ofNullable(longest[0]));
    }

    private static void collect(
            CatalogManager catalogManager, SqlFacts facts, List<ViewHint> out, ViewTimeBound[] longest,
            Set<ObjectIdentifier> seen, int depth) {
        if (depth >= MAX_DEPTH) {
            return;
        }
        for (TableReference reference : facts.tableReferences()) {
            Optional<ContextResolvedTable> table = lookUp(catalogManager, reference);
            if (table.isEmpty() || !seen.add(table.get().getIdentifier())) {
                continue;
            }
            CatalogBaseTable origin = table.get().getTable();
            if (!(origin instanceof CatalogView view)) {
                continue;
            }
            Optional<SqlNode> tree = expandedQuery(view).flatMap(QueryFacts::parse);
            Optional<SqlFacts> query = tree.flatMap(QueryFacts::of);
            if (query.isEmpty()) {
                continue;
            }
            String name = table.get().getIdentifier().getObjectName();
            for (SqlOption hint : query.get().stateTtlHints()) {
                out.add(new ViewHint(name, hint.key(), hint.value()));
            }
            TimeBounds.longest(tree.get())
                    .filter(bound -> longest[0] == null || bound.duration().compareTo(longest[0].duration()) > 0)
                    .ifPresent(bound -> longest[0] = new ViewTimeBound(name, bound.duration(), bound.sql()));
            collect(catalogManager, query.get(), out, longest, seen, depth + 1);
        }
    }

    private static Optional<ContextResolvedTable> lookUp(CatalogManager catalogManager, TableReference reference) {
        try {
            return catalogManager.getTable(catalogManager.qualifyIdentifier(UnresolvedIdentifier.of(reference.names())));
        } catch (ValidationException | TableException e) {
            // Not a name of the session's catalogs (more parts than catalog.database.object, a CTE
            // name in an unknown catalog): no view to read, as Flink would find none either.
            return Optional.empty();
        }
    }

    private static Optional<String> expandedQuery(CatalogView view) {
        try {
            return Optional.ofNullable(view.getExpandedQuery());
        } catch (TableException e) {
            // A view made with the Table API has no SQL: nothing to read hints from.
            return Optional.empty();
        }
    }
}
