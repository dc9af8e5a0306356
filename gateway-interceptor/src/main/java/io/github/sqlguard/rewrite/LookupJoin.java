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
            // The dimension a table: Flink 2.3.0 refuses a view read as of processing time, even a filter of a lookup
            // source ("Unsupported call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", lint case 28), so no candidate is
            // planned there. The stream may be a view: the time is a column it selects (lint case 29).
            if (join.right().table().view() || scanOnly(join.right().table(), context)) {
                continue;
            }
            Optional<Column> proctime = join.stream().table().columns().stream()
                    .filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME).findFirst();
            if (proctime.isEmpty()) {
                continue;
            }
            return listOf(lookup(finding, context, scope, join, proctime.get()));
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

    /** The candidate with the join reading the dimension table as of the stream's processing time. */
    private Optional<Candidate> lookup(
            Finding finding, RewriteContext context, Scope scope, RegularJoin join, Column proctime) {
        SqlNode tree = tree(scope);
        String table = SqlTrees.unparse(join.right().name());
        String stream = SqlTrees.unparse(join.stream().name());
        String time = join.stream().qualified(proctime);
        AsOfJoins.readAsOf(tree, join, time);
        ProvenWay way = new ProvenWay.Lookup(table, stream, AsOfJoins.clause(tree, join));
        return Optional.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("LookupJoin"), Columns.SAME,
                "each row of " + stream + " looks up its match in " + table + " once, when it"
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
