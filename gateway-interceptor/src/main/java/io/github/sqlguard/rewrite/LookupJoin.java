package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.LookupSupport;
import io.github.sqlguard.rewrite.AsOfJoins.RegularJoin;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.statement.FilteredView;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lookup-join}, for {@code stateful-without-ttl} on a regular join of a stream with a table
 * read as a dimension ({@code FROM orders o JOIN customers c ON o.customer_id = c.id}): the join
 * keeps every row of both inputs. Where the stream's table has a processing-time attribute ({@code
 * proc_time AS PROCTIME()}) and the dimension table's connector is a lookup source (its table source
 * implements Flink's {@code LookupTableSource}: {@code jdbc}, {@code hbase}, ...), the same join
 * written {@code JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c} is a processing-time lookup
 * join (Flink docs, "Joins", "Lookup Join"), which Flink plans as a stateless {@code LookupJoin}:
 * each stream row looks its match up when it arrives. Whether the connector is a lookup source is
 * Flink's to say, not ours: where Flink's factory for the table already said it is not one ({@link
 * ExplainedPlan#lookupSupport(ObjectIdentifier)}: {@link LookupSupport#SCAN_ONLY} for every scan of it,
 * {@code filesystem}, {@code datagen}, {@code kafka}), no candidate is written, for Flink would refuse
 * it (issue 32: plan no candidate that cannot plan); elsewhere the candidate is planned, and over a
 * source that is not one Flink refuses it ("Processing-time temporal join is not supported yet", or a
 * versioned table without a primary key), so it is not shown.
 *
 * <p>Only an {@code INNER} or {@code LEFT} join (Flink's lookup join takes no other) in the statement
 * itself, the dimension on the right, a table read directly; the stream a table or a view that selects
 * a processing-time column.
 */
final class LookupJoin extends ScopedFamily {

    static final String ID = "lookup-join";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("LookupJoin"),
            "a regular join of a stream with a dimension table whose connector is a lookup source (`jdbc`, ...)"
                    + " becomes a processing-time lookup join (`JOIN dim FOR SYSTEM_TIME AS OF s.proc_time`), which"
                    + " keeps no state: each stream row reads the dimension table as it is when the row arrives");

    LookupJoin() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!scope.isStatement() || !finding.facts().operator().map(n -> n.equals("Join")).orElse(false)) {
            return List.of();
        }
        for (RegularJoin join : AsOfJoins.regularJoins(tree(scope), context)) {
            // Flink 2.3.0 refuses a view read as of processing time, even a filter of a lookup source ("Unsupported
            // call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", lint case 28): a dimension behind such a view is read as its
            // table, with the view's filter in the join's condition (ViewedTable). The stream may be a view: the time
            // is a column it selects (lint case 29).
            Optional<ViewedTable> viewed = join.right().table().view()
                    ? ViewedTable.of(join.right().table(), join.right().qualifier(), context) : Optional.empty();
            if (join.right().table().view() ? viewed.isEmpty() : scanOnly(join.right().table(), context)) {
                continue;
            }
            Optional<Column> proctime = join.stream().table().columns().stream()
                    .filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME).findFirst();
            if (proctime.isEmpty()) {
                continue;
            }
            return listOf(lookup(finding, context, scope, join, proctime.get(), viewed));
        }
        return List.of();
    }

    /** True when Flink's factory for {@code table} makes a source that is no lookup source, for every scan of it. */
    private static boolean scanOnly(CatalogObject table, RewriteContext context) {
        List<String> id = table.identifier();
        if (id.size() != 3) {
            return false;
        }
        ObjectIdentifier identifier = ObjectIdentifier.of(id.get(0), id.get(1), id.get(2));
        return context.request().plan().flatMap(p -> p.lookupSupport(identifier)).equals(Optional.of(LookupSupport.SCAN_ONLY));
    }

    /**
     * A view that reads one lookup source as it is, filtered at most ({@link FilteredView}, which {@code
     * stateful-without-ttl}'s own fix reads too): {@code SELECT id, name FROM customers WHERE active}, no column renamed
     * or computed, no join, grouping, ranking or DISTINCT. Joined by a lookup join in its
     * place, the table with the view's condition added to the join's {@code ON} returns the rows the view would (Flink
     * plans a lookup join with a condition on the looked-up table, {@code CommonPhysicalLookupJoin#calcOnTemporalTable}),
     * for an {@code INNER} and a {@code LEFT} join alike (a row of the table the condition rejects matches no row, as it
     * was not in the view). The statement then names of the view's columns only those the table has under that name.
     *
     * @param table the table, as the rewritten statement names it
     * @param view the view, as the statement names it
     * @param filter the view's {@code WHERE}, each column qualified by the join's alias of the view; empty without one
     */
    record ViewedTable(SqlIdentifier table, String view, Optional<SqlNode> filter) {

        static Optional<ViewedTable> of(CatalogObject view, String qualifier, RewriteContext context) {
            Optional<FilteredView> filtered = view.query().flatMap(FilteredView::of);
            if (filtered.isEmpty()) {
                return Optional.empty();
            }
            SqlIdentifier name = SqlTrees.identifier(filtered.get().table().toArray(String[]::new));
            Optional<CatalogObject> table = context.lookUp(name.names).filter(t -> !t.view());
            if (table.isEmpty() || scanOnly(table.get(), context)) {
                return Optional.empty();
            }
            Optional<SqlNode> filter = filtered.get().filter(qualifier);
            // The table by its own name where the session resolves that name to it (the view's query names it in full).
            String own = name.names.get(name.names.size() - 1);
            SqlIdentifier written = context.lookUp(List.of(own)).map(CatalogObject::identifier)
                    .equals(Optional.of(table.get().identifier())) ? SqlTrees.identifier(own) : name;
            return Optional.of(new ViewedTable(written, own, filter));
        }
    }

    /** The candidate with the join reading the dimension table as of the stream's processing time. */
    private Optional<Candidate> lookup(
            Finding finding, RewriteContext context, Scope scope, RegularJoin join, Column proctime,
            Optional<ViewedTable> viewed) {
        SqlNode tree = tree(scope);
        String view = SqlTrees.unparse(join.right().name());
        String table = viewed.map(v -> SqlTrees.unparse(v.table())).orElse(view);
        String stream = SqlTrees.unparse(join.stream().name());
        String time = join.stream().qualified(proctime);
        if (viewed.isPresent()) {
            AsOfJoins.readAsOf(tree, join, viewed.get().table(), time, viewed.get().filter());
        } else {
            AsOfJoins.readAsOf(tree, join, time);
        }
        ProvenWay way = new ProvenWay.Lookup(table, stream, AsOfJoins.clause(tree, join), Optional.empty(),
                viewed.map(v -> new ProvenWay.Lookup.InPlaceOf(view, v.filter().isPresent())));
        String inPlace = viewed.map(v -> "the join reads " + table + ", the table the view " + view + " selects from, in"
                + " its place (Flink plans no lookup join of a view)" + v.filter().map(f -> ", with the view's condition "
                        + SqlTrees.unparse(f) + " in its ON: a row of " + table + " it rejects matches no row, as it was"
                        + " not in the view").orElse("") + "; ").orElse("");
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("LookupJoin"), Columns.SAME,
                inPlace + "each row of " + stream + " looks up its match in " + table + " once, when it"
                        + " arrives (processing time, " + time + "), and the join keeps no state: a later insert or"
                        + " update of " + table + " does not change or retract results already emitted, and a row"
                        + " whose match is not there yet "
                        + (join.left() ? "is emitted with NULLs and never completed, where the regular join retracted that"
                                + " row and emitted the match once it arrived"
                                : "is dropped, where the regular join emitted it once the match arrived")
                        + "; the regular join kept every row of both inputs forever and updated its results on each"
                        + " change of either side",
                "time attribute " + proctime.name() + " (the PROCTIME() column of " + stream + ")").withWay(way));
    }
}
