package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.util.Optional;

/**
 * {@code temporal-join-not-versioned}: a join {@code FOR SYSTEM_TIME AS OF} a table Flink cannot read as of a
 * time: one without a primary key, one without an event-time attribute joined as of event time, or one joined as of
 * processing time whose connector is not a lookup source.
 *
 * <p>Planner symptoms (Flink 2.3.0 and 1.20.0): {@code Event-Time Temporal Table Join requires both primary key and
 * row time attribute in versioned table, but no row time attribute can be found.} ({@code
 * LogicalCorrelateToJoinFromTemporalTableRule}); {@code Temporal Table Join requires primary key in versioned table,
 * but no primary key can be found.} ({@code TemporalJoinRewriteWithUniqueKeyRule}, followed by the plan); {@code
 * Processing-time temporal join is not supported yet.} ({@code StreamExecTemporalJoin}, raised while translating: a
 * processing-time join is planned as a lookup join only over a {@code LookupTableSource}). The Flink docs' "Joins"
 * page: a versioned table has a primary key and an event-time attribute; a lookup join needs a lookup source, read
 * straight or through a projection or filter ({@code StreamPhysicalLookupJoinRule}'s {@code SNAPSHOT_ON_TABLESCAN} and
 * {@code SNAPSHOT_ON_CALC_TABLESCAN}): not through a view's ranking.
 */
public final class TemporalJoinNotVersionedRule extends DiagnosisRule {

    public static final String ID = "temporal-join-not-versioned";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID,
            "A join `FOR SYSTEM_TIME AS OF` a table Flink cannot read as of a time: no primary key, no event-time"
                    + " attribute for an event-time join, or not a lookup source for a processing-time join.");

    private static final String NO_ROWTIME = "requires both primary key and row time attribute in versioned table, but no"
            + " row time attribute can be found";
    private static final String NO_PRIMARY_KEY = "requires primary key in versioned table, but no primary key can be found";
    private static final String PROCESSING_TIME = "Processing-time temporal join is not supported yet";

    public TemporalJoinNotVersionedRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return plannerError.contains(NO_ROWTIME) || plannerError.contains(NO_PRIMARY_KEY)
                || plannerError.contains(PROCESSING_TIME);
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        String table = versioned(context).map(r -> String.join(".", r.names())).orElse("the table");
        String asOf = versioned(context).flatMap(TableReference::asOf).map(t -> " AS OF " + t).orElse("");
        Optional<String> reads = viewReads(context);
        // Over a view, the view is named with what it reads: the key, the WATERMARK and the connector are the table's.
        String subject = reads.map(r -> "the view " + table + " (over " + r + ")").orElse(table);
        if (plannerError.contains(NO_ROWTIME)) {
            return "An event-time temporal join reads " + subject + asOf + " among its versions, so " + table + " must be"
                    + " a versioned table: a PRIMARY KEY and an event-time attribute (a WATERMARK); "
                    + reads.map(r -> "it has no event-time column (no WATERMARK of " + r + " that it selects).")
                            .orElse("it has no WATERMARK.");
        }
        if (plannerError.contains(NO_PRIMARY_KEY)) {
            return "A temporal join reads one version of " + subject + " per key, so " + table + " needs a PRIMARY KEY"
                    + " that the join condition equates; it has none"
                    + reads.map(r -> " (no PRIMARY KEY of " + r + " that it selects, and no latest row per key kept by its"
                            + " query).").orElse(".");
        }
        return "A join FOR SYSTEM_TIME AS OF processing time reads " + subject + " as it is when each row arrives, which"
                + " Flink does only over a lookup source (jdbc, hbase, ...); "
                + reads.map(r -> r + "'s connector is not one.").orElse(table + "'s connector is not one.");
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        String table = versioned(context).map(r -> String.join(".", r.names())).orElse("the versioned table");
        Optional<String> reads = viewReads(context);
        if (reads.isPresent()) {
            return viewFix(plannerError, table, reads.get(), context);
        }
        if (plannerError.contains(NO_ROWTIME)) {
            return "Declare a WATERMARK on the column of " + table + " that says when each version became valid"
                    + " (ALTER TABLE " + table + " ADD WATERMARK FOR that column AS that column), or join it as"
                    + " it is when each row arrives: FOR SYSTEM_TIME AS OF a processing-time column of the other side,"
                    + " where " + table + "'s connector is a lookup source (jdbc, hbase, ...).";
        }
        if (plannerError.contains(NO_PRIMARY_KEY)) {
            return "Declare the PRIMARY KEY of " + table + " on the columns the join condition equates with the other side (PRIMARY KEY ... NOT"
                    + " ENFORCED in its DDL), or read it through a view that keeps its latest row per key (ROW_NUMBER()"
                    + " OVER (PARTITION BY the key ORDER BY its event time DESC) = 1), which Flink takes as a versioned"
                    + " view.";
        }
        return "Read " + table + " through a connector that is a lookup source (jdbc, hbase, ...) for a lookup join"
                + (probeRowtime(context) ? ", or join it as of event time: FOR SYSTEM_TIME AS OF the other side's event-time"
                        + " attribute, with " + table + " a versioned table (a PRIMARY KEY and a WATERMARK)." : ".");
    }

    /**
     * True where a table the statement reads beside the one it joins {@code FOR SYSTEM_TIME AS OF} has an event-time
     * attribute ({@link TableRead#rowtime}): an event-time temporal join reads the versions as of the probe side's
     * event time (Flink 2.3.0's {@code FlinkLogicalSnapshot#isValid}: "only supports 'FOR SYSTEM_TIME AS OF' left table's
     * time attribute field"; the docs' "Event Time Temporal Join"), so without one that alternative does not apply as
     * the tables stand and the fix does not offer it (myfjdthink/flink-playground's orders have only a PROCTIME()).
     */
    private static boolean probeRowtime(AnalysisContext context) {
        Optional<TableReference> versioned = versioned(context);
        return context.tablesRead().stream()
                .filter(read -> versioned.isEmpty() || !read.reference().equals(versioned.get()))
                .anyMatch(read -> read.rowtime().isPresent());
    }

    /**
     * The fix over the view {@code view}, whose query reads {@code reads}: the key, the WATERMARK and the connector are
     * declared on the table it reads, and the view keeps them where it selects their columns. Flink plans a lookup join
     * over a projection or filter of a lookup source's scan ({@code StreamPhysicalLookupJoinRule
     * $SnapshotOnCalcTableScanRule}), and takes a view keeping the latest row per key as a versioned view (the Flink
     * docs' "Versioned Table Sources" and "Versioned Views").
     */
    private static String viewFix(String plannerError, String view, String reads, AnalysisContext context) {
        if (plannerError.contains(NO_ROWTIME)) {
            return "Declare a WATERMARK on the column of " + reads + " that says when each version became valid (ALTER"
                    + " TABLE " + reads + " ADD WATERMARK FOR that column AS that column), and select that column and the"
                    + " PRIMARY KEY columns in the view " + view + ", which then reads as a versioned table; or join it as"
                    + " it is when each row arrives: FOR SYSTEM_TIME AS OF a processing-time column of the other side,"
                    + " where " + reads + "'s connector is a lookup source (jdbc, hbase, ...).";
        }
        if (plannerError.contains(NO_PRIMARY_KEY)) {
            return "Declare the PRIMARY KEY of " + reads + " on the columns the join condition equates with the other side"
                    + " (PRIMARY KEY ... NOT ENFORCED in its DDL) and select them in the view " + view + ", or make " + view
                    + " keep the latest row per key (ROW_NUMBER() OVER (PARTITION BY the key ORDER BY its event time"
                    + " DESC) = 1 in its query), which Flink takes as a versioned view.";
        }
        boolean ranks = versionedRead(context).filter(TableRead::viewRanks).isPresent();
        String asOf = versioned(context).flatMap(TableReference::asOf).map(t -> " AS OF " + t).orElse(" AS OF");
        String lookup = ranks
                ? "Read " + reads + " through a connector that is a lookup source (jdbc, hbase, ...) and join " + reads
                        + " itself FOR SYSTEM_TIME" + asOf + " in place of the view " + view + ": a lookup join reads each"
                        + " key's current row from the store as each row arrives, the latest row per key the view's"
                        + " ranking keeps; Flink plans no lookup join through a ranking, only through a projection or"
                        + " filter of the table"
                : "Read " + reads + " through a connector that is a lookup source (jdbc, hbase, ...): the view " + view
                        + " that filters or projects it is then joined as a lookup join";
        return lookup + (probeRowtime(context) ? "; or join it as of event time: FOR SYSTEM_TIME AS OF the other side's"
                + " event-time attribute, with " + reads + " a versioned table (a PRIMARY KEY and a WATERMARK) whose key and"
                + " event-time columns " + view + " selects." : ".");
    }

    /** What the session's catalog says of the table or view the statement joins {@code FOR SYSTEM_TIME AS OF} a time. */
    private static Optional<TableRead> versionedRead(AnalysisContext context) {
        Optional<TableReference> reference = versioned(context);
        return context.tablesRead().stream()
                .filter(read -> reference.isPresent() && read.reference().equals(reference.get()))
                .findFirst();
    }

    /** What the view the statement reads {@code FOR SYSTEM_TIME AS OF} a time reads; empty where it is a table. */
    private static Optional<String> viewReads(AnalysisContext context) {
        Optional<TableReference> reference = versioned(context);
        return context.tablesRead().stream()
                .filter(read -> reference.isPresent() && read.reference().equals(reference.get()) && read.view())
                .findFirst()
                .map(read -> String.join(" and ", read.viewReads()));
    }

    /** The table the statement reads {@code FOR SYSTEM_TIME AS OF} a time. */
    private static Optional<TableReference> versioned(AnalysisContext context) {
        return context.statement().facts().tableReferences().stream().filter(r -> r.asOf().isPresent()).findFirst();
    }
}
