package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ViewHint;
import io.github.sqlguard.plan.ViewAggregation;
import io.github.sqlguard.plan.ViewFilter;
import io.github.sqlguard.plan.ViewJoin;
import io.github.sqlguard.plan.ViewJoinCondition;
import io.github.sqlguard.plan.ViewRanking;
import io.github.sqlguard.plan.ViewReads;
import io.github.sqlguard.plan.ViewSetOperation;
import io.github.sqlguard.plan.ViewTimeBound;
import io.github.sqlguard.statement.FilteredView;
import io.github.sqlguard.statement.FromTable;
import io.github.sqlguard.statement.HintInputName;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.QueryFacts;
import io.github.sqlguard.statement.SqlChildren;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.TimeBounds;

import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.UnresolvedIdentifier;

import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the queries of the views a statement reads, directly or through other views, say that the plan no longer
 * shows ({@link ViewReads}), read from the session's catalog ({@link CatalogManager#getTable}: the view's {@link
 * CatalogView#getExpandedQuery()}, the query as Flink validated it, hints kept): their {@code STATE_TTL} hints,
 * the longest time bound of their conditions, the names their joins give their inputs and the names their rankings
 * order by. Flink expands a view into the statement's plan and keeps a hint only where it applies, so this is the
 * only place a hint that reaches nothing can still be seen ({@code plan.ViewHint}); a bound such as {@code INTERVAL
 * '3' DAY} prints there as milliseconds, not as the view writes it ({@code plan.ViewTimeBound}, which the fixes and
 * the rewrites read alike: {@code rewrite.ProposedTtl}); and a column the view orders by but does not select prints
 * by what computes it ({@code plan.ViewRanking}).
 *
 * <p>A name of the statement that is not a view (a table, a CTE, an unknown name) is skipped; so
 * is a view without SQL (one made with the Table API: {@code QueryOperationCatalogView} has no
 * serializable query and says so with a {@link TableException}). Stateless.
 */
final class ViewQueries {

    /** Views of views are followed this deep. */
    private static final int MAX_DEPTH = 16;

    private ViewQueries() {}

    /**
     * What the views a statement reads say, in {@code catalogManager}'s session: those its {@code facts} name (of the
     * statement's kept tree, {@link io.github.sqlguard.statement.PlannedBody}: the body is not parsed again).
     */
    static ViewReads of(CatalogManager catalogManager, SqlFacts facts) {
        if (facts.tableReferences().isEmpty()) {
            return ViewReads.NONE;
        }
        List<ViewHint> hints = new ArrayList<>();
        List<ViewJoin> joins = new ArrayList<>();
        List<ViewRanking> rankings = new ArrayList<>();
        List<ViewAggregation> aggregations = new ArrayList<>();
        List<ViewSetOperation> setOperations = new ArrayList<>();
        List<ViewJoinCondition> conditions = new ArrayList<>();
        ViewTimeBound[] longest = new ViewTimeBound[1];
        collect(catalogManager, facts, hints, joins, rankings, aggregations, setOperations, conditions, longest,
                new HashSet<>(), 0);
        return new ViewReads(hints, Optional.ofNullable(longest[0]), joins, rankings, aggregations, setOperations,
                filters(catalogManager, facts), conditions, columns(catalogManager, facts));
    }

    /** The columns of each view {@code facts} names (not those of views it reads), by its name as the statement writes it. */
    private static Map<String, List<String>> columns(CatalogManager catalogManager, SqlFacts facts) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (TableReference reference : facts.tableReferences()) {
            lookUp(catalogManager, reference).filter(view -> view.getTable() instanceof CatalogView)
                    .ifPresent(view -> out.putIfAbsent(reference.name(), view.getResolvedSchema().getColumnNames()));
        }
        return out;
    }

    /**
     * The views {@code facts} names (not those of views it reads) that filter or project one table as it is ({@link
     * FilteredView}), each with its condition as the statement's name for it qualifies it.
     */
    private static List<ViewFilter> filters(CatalogManager catalogManager, SqlFacts facts) {
        List<ViewFilter> out = new ArrayList<>();
        for (TableReference reference : facts.tableReferences()) {
            Optional<ContextResolvedTable> view = lookUp(catalogManager, reference);
            if (view.isEmpty() || !(view.get().getTable() instanceof CatalogView catalogView)
                    || reference.function().isPresent() || reference.asOf().isPresent()) {
                continue;
            }
            Optional<FilteredView> filtered = expandedQuery(catalogView).flatMap(FilteredView::of);
            Optional<ContextResolvedTable> table = filtered
                    .flatMap(f -> lookUp(catalogManager, new TableReference(f.table(), "")))
                    .filter(t -> !(t.getTable() instanceof CatalogView));
            if (table.isEmpty()) {
                continue;
            }
            ObjectIdentifier identifier = table.get().getIdentifier();
            String own = identifier.getObjectName();
            // The table by its own name where the session resolves that name to it (the view's query names it in full).
            String written = lookUp(catalogManager, new TableReference(List.of(own), ""))
                    .map(ContextResolvedTable::getIdentifier).equals(Optional.of(identifier))
                    ? SqlIdentifiers.sql(own) : identifier.asSummaryString();
            out.add(new ViewFilter(reference.name(), reference.hintName(), identifier, written,
                    filtered.get().conjunct(reference.hintName())));
        }
        return out;
    }

    /**
     * The expanded queries ({@link CatalogView#getExpandedQuery()}) of the views a statement reads (those its {@code
     * facts} name), directly or through other views: where a view names a column the plan shows by what computes it
     * ({@code bid.auction AS auction_id}), its name is there only.
     */
    static List<String> expandedQueries(CatalogManager catalogManager, SqlFacts facts) {
        List<String> out = new ArrayList<>();
        expandedQueries(catalogManager, facts, out, new HashSet<>(), 0);
        return out;
    }

    private static void expandedQueries(
            CatalogManager catalogManager, SqlFacts facts, List<String> out, Set<ObjectIdentifier> seen, int depth) {
        if (depth >= MAX_DEPTH) {
            return;
        }
        for (TableReference reference : facts.tableReferences()) {
            Optional<ContextResolvedTable> table = lookUp(catalogManager, reference);
            if (table.isEmpty() || !seen.add(table.get().getIdentifier())
                    || !(table.get().getTable() instanceof CatalogView view)) {
                continue;
            }
            Optional<String> query = expandedQuery(view);
            query.ifPresent(out::add);
            query.flatMap(QueryFacts::parse).flatMap(QueryFacts::of)
                    .ifPresent(read -> expandedQueries(catalogManager, read, out, seen, depth + 1));
        }
    }

    private static void collect(
            CatalogManager catalogManager, SqlFacts facts, List<ViewHint> out, List<ViewJoin> joins,
            List<ViewRanking> rankings, List<ViewAggregation> aggregations, List<ViewSetOperation> setOperations,
            List<ViewJoinCondition> conditions, ViewTimeBound[] longest, Set<ObjectIdentifier> seen, int depth) {
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
            for (RankFunction ranking : query.get().rankFunctions()) {
                rankings.add(new ViewRanking(name, ranking.orderBy().stream().map(ViewQueries::unqualified).toList()));
            }
            TimeBounds.longest(tree.get())
                    .filter(bound -> longest[0] == null || bound.duration().compareTo(longest[0].duration()) > 0)
                    .ifPresent(bound -> longest[0] = new ViewTimeBound(name, bound.duration(), bound.sql()));
            for (String condition : query.get().joinConditions()) {
                conditions.add(new ViewJoinCondition(name, condition));
            }
            for (String operator : query.get().setOperations()) {
                setOperations.add(new ViewSetOperation(name, operator));
            }
            if (!query.get().subqueryPredicates().isEmpty()) {
                setOperations.add(new ViewSetOperation(name, ViewSetOperation.SUBQUERY));
            }
            collectBlocks(name, tree.get(), joins, aggregations, 0);
            collect(catalogManager, query.get(), out, joins, rankings, aggregations, setOperations, conditions, longest,
                    seen, depth + 1);
        }
    }

    /**
     * The joins of two tables of the view {@code view}'s query {@code node}, each with the names a hint gives them, and
     * its aggregations grouped over one input by a {@code GROUP BY} (not a window table function's), with the name a
     * hint gives that input.
     */
    private static void collectBlocks(
            String view, SqlNode node, List<ViewJoin> joins, List<ViewAggregation> aggregations, int depth) {
        if (node == null || depth >= MAX_NESTING) {
            return;
        }
        if (node instanceof SqlSelect select && select.getFrom() instanceof SqlJoin join) {
            Optional<String> left = HintInputName.of(join.getLeft());
            Optional<String> right = HintInputName.of(join.getRight());
            Optional<String> leftTable = table(join.getLeft());
            Optional<String> rightTable = table(join.getRight());
            if (left.isPresent() && right.isPresent() && leftTable.isPresent() && rightTable.isPresent()) {
                joins.add(new ViewJoin(view, left.get(), leftTable.get(), right.get(), rightTable.get()));
            }
        } else if (node instanceof SqlSelect select && select.getGroup() != null && !select.getGroup().isEmpty()
                && select.getFrom() != null && SqlUtil.stripAs(select.getFrom()).getKind() != SqlKind.COLLECTION_TABLE) {
            HintInputName.of(select.getFrom()).ifPresent(input -> aggregations.add(
                    new ViewAggregation(view, input, table(select.getFrom()).isPresent())));
        }
        for (SqlNode child : SqlChildren.of(node)) {
            collectBlocks(view, child, joins, aggregations, depth + 1);
        }
    }

    /**
     * The table a {@code FROM} item reads as it is ({@code orders}, {@code orders AS o}, {@code orders /*+ OPTIONS(...)
     * *}{@code /}: {@link FromTable}); empty for anything else.
     */
    private static Optional<String> table(SqlNode item) {
        return FromTable.read(item).map(id -> id.names.get(id.names.size() - 1));
    }

    /**
     * An order key of a view's ranking without the qualifier Flink's expanded query gives every column ({@code
     * device_status.pt DESC} for the view's {@code pt DESC}): the column as a message over the view names it. An
     * expression stays as written.
     */
    private static String unqualified(String orderKey) {
        return QUALIFIED_COLUMN.matcher(orderKey).replaceFirst("$1");
    }

    /** A column with qualifiers, and its direction: {@code device_status.pt DESC}. */
    private static final Pattern QUALIFIED_COLUMN = Pattern.compile("^(?:\\w+\\.)+(\\w+(?:\\s+(?:ASC|DESC))?)$");

    /** Query trees are walked this deep for joins and aggregations. */
    private static final int MAX_NESTING = 256;

    /** The table or view {@code reference} names, resolved as Flink resolves a name of a query; empty where none. */
    static Optional<ContextResolvedTable> lookUp(CatalogManager catalogManager, TableReference reference) {
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
