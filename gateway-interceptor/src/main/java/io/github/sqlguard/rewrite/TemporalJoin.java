package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.AsOfJoins.RegularJoin;
import io.github.sqlguard.rewrite.AsOfJoins.Side;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code temporal-join}, for {@code stateful-without-ttl} on a regular join of a stream with a
 * versioned table ({@code FROM orders o JOIN rates r ON o.currency = r.currency}, where {@code rates}
 * has a {@code PRIMARY KEY} and a {@code WATERMARK}: a changelog or upsert table of the dimension's
 * versions): the join keeps every row of both inputs. Where the stream has an event-time attribute,
 * the same join written {@code JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r} is an event-time
 * temporal join (Flink docs, "Joins", "Event Time Temporal Join"), which Flink plans as a {@code
 * TemporalJoin}: each stream row is joined, once the watermark passes its time, with the version of
 * the table valid at that time, and the state below the watermark is freed (Flink 2.3.0's {@code
 * TemporalRowTimeJoinOperator}: probe rows are kept until the watermark passes them; of the build
 * side the versions after the watermark and the latest one before it). Whether the table is versioned
 * (its primary key in the condition, its own event time, no filter on its changelog) is Flink's to say,
 * not ours: the candidate is planned, and Flink refuses what it cannot version ("Temporal Table Join
 * requires primary key in versioned table", "Filter is not allowed for right changelog input"), so it is
 * not shown.
 *
 * <p>Only an {@code INNER} or {@code LEFT} join (Flink's temporal join takes no other) in the
 * statement itself, of two tables or views read directly, the versioned one on the right; both
 * inputs with an event-time attribute; a table on the right with a primary key whose every column
 * the condition equates with a column of the left.
 *
 * <p>Where the right side is a permanent table with that primary key and no {@code WATERMARK}, but
 * one {@code TIMESTAMP(3)} column outside the key, the rewrite declares the watermark there first,
 * as the {@code watermark} family does for an interval join or a deduplication ({@code ALTER TABLE
 * rates ADD WATERMARK FOR update_time AS update_time - INTERVAL 'd' SECOND}, d from {@code
 * sql-guard.rewrite.watermark-delay}), proven against a scratch copy of the table with it; its
 * {@code changes:} line says what the watermark means for every statement that reads the table and
 * which versions are then late.
 */
final class TemporalJoin extends ScopedFamily {

    static final String ID = "temporal-join";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("TemporalJoin"),
            "a regular join of a stream with a versioned table (a `PRIMARY KEY` and a `WATERMARK`: a changelog of"
                    + " the dimension's versions, such as an `upsert-kafka` table) becomes an event-time temporal join"
                    + " (`JOIN dim FOR SYSTEM_TIME AS OF s.rowtime`): each stream row joins the version valid at its own"
                    + " time, and the state behind the watermark is freed; where the table has a `PRIMARY KEY` and one"
                    + " `TIMESTAMP(3)` column but no `WATERMARK`, the rewrite declares it first (`ALTER TABLE ... ADD"
                    + " WATERMARK`)");

    TemporalJoin() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!scope.isStatement() || !finding.facts().operator().map(n -> n.equals("Join")).orElse(false)) {
            return List.of();
        }
        for (RegularJoin join : AsOfJoins.regularJoins(tree(scope), context)) {
            Optional<Column> probeTime = rowtime(join.stream().table().columns());
            if (probeTime.isEmpty() || !keyed(join.join().getCondition(), join.stream(), join.right(),
                    context.declaredKey(join.right().table()))) {
                continue;
            }
            Optional<Column> versionTime = rowtime(join.right().table().columns());
            if (versionTime.isPresent()) {
                return listOf(temporal(finding, context, scope, join, probeTime.get(), versionTime.get(), Optional.empty()));
            }
            Optional<Column> undeclared = undeclaredVersionTime(join.right().table(), context, probeTime.get());
            if (undeclared.isPresent()) {
                return listOf(temporal(finding, context, scope, join, probeTime.get(), undeclared.get(),
                        Optional.of(context.settings().watermarkDelay().getSeconds())));
            }
        }
        return List.of();
    }

    /**
     * The column a watermark could make the versioned side's event time, where the side has none: a
     * permanent table (Flink alters no temporary table or view; as the {@code watermark} family, {@link
     * WatermarkDdl}) with a primary key, no {@code WATERMARK}, and exactly one {@code TIMESTAMP(3)} or
     * {@code TIMESTAMP_LTZ(3)} column outside its key (two would leave the choice of the version's time
     * to a guess), of the probe time's type: Flink 2.3.0 refuses a {@code TIMESTAMP(3)} event time
     * joined as of a {@code TIMESTAMP_LTZ(3)} one ({@code LogicalCorrelateToJoinFromGeneralTemporalTableRule}:
     * "Event-Time Temporal Table Join requires same rowtime type in left table and versioned table").
     */
    private static Optional<Column> undeclaredVersionTime(CatalogObject table, RewriteContext context, Column probeTime) {
        List<String> key = context.declaredKey(table);
        if (!context.session().mayUseScratchTables() || table.view() || table.temporary() || table.watermarked()
                || key.isEmpty()) {
            return Optional.empty();
        }
        List<Column> times = table.columns().stream()
                .filter(c -> !key.contains(c.name()))
                .filter(c -> c.type().startsWith("TIMESTAMP(3)") || c.type().startsWith("TIMESTAMP_LTZ(3)"))
                .toList();
        return times.size() == 1 && localZoned(times.get(0)) == localZoned(probeTime) ? Optional.of(times.get(0))
                : Optional.empty();
    }

    private static boolean localZoned(Column column) {
        return column.type().startsWith("TIMESTAMP_LTZ");
    }

    /**
     * True when the condition equates a column of the stream with a column of the versioned side, and,
     * where the versioned side is a table, every column of {@code key}, the primary key it declares ({@link
     * RewriteContext#declaredKey}), so (Flink's versioned table is keyed by it: "Temporal table's primary key must be
     * included in the equivalence condition").
     */
    private static boolean keyed(SqlNode condition, Side stream, Side versioned, List<String> key) {
        Set<String> equated = new LinkedHashSet<>();
        for (SqlNode conjunct : Trees.conjuncts(condition)) {
            if (conjunct.getKind() != SqlKind.EQUALS) {
                continue;
            }
            SqlCall call = (SqlCall) conjunct;
            Optional<String> a = column(call.operand(0), versioned.qualifier());
            Optional<String> b = column(call.operand(1), versioned.qualifier());
            boolean aStream = column(call.operand(0), stream.qualifier()).isPresent();
            boolean bStream = column(call.operand(1), stream.qualifier()).isPresent();
            if (a.isPresent() && bStream) {
                equated.add(a.get());
            } else if (b.isPresent() && aStream) {
                equated.add(b.get());
            }
        }
        if (equated.isEmpty()) {
            return false;
        }
        return versioned.table().view() || (!key.isEmpty() && equated.containsAll(key));
    }

    /** The column {@code node} names as {@code qualifier.column}, if it does. */
    private static Optional<String> column(SqlNode node, String qualifier) {
        return node instanceof SqlIdentifier id && id.names.size() == 2 && id.names.get(0).equals(qualifier)
                ? Optional.of(id.names.get(1)) : Optional.empty();
    }

    /**
     * The candidate with the join reading the versioned side as of the stream's event time; where
     * {@code watermarkDelay} is given, the versioned table has no watermark yet, and the rewrite
     * declares it first on {@code versionTime} ({@code ALTER TABLE ... ADD WATERMARK}, proven against a
     * scratch copy of the table with it: {@link TableChange}).
     */
    private Optional<Candidate> temporal(
            Finding finding, RewriteContext context, Scope scope, RegularJoin join, Column probeTime, Column versionTime,
            Optional<Long> watermarkDelay) {
        SqlNode tree = tree(scope);
        Side versioned = join.right();
        boolean left = join.left();
        String table = SqlTrees.unparse(versioned.name());
        String probe = SqlTrees.unparse(join.stream().name());
        String time = join.stream().qualified(probeTime);
        AsOfJoins.readAsOf(tree, join, time);
        // The way names no key to declare: a table here declares the key the condition equates (keyed), a view none.
        ProvenWay way = new ProvenWay.Temporal(table, AsOfJoins.clause(tree, join), List.of(),
                watermarkDelay.isEmpty(), watermarkDelay.map(d -> versionTime.name()));
        List<String> declaredKey = context.declaredKey(versioned.table());
        String key = declaredKey.isEmpty() ? "its key" : "its PRIMARY KEY (" + String.join(", ", declaredKey) + ")";
        List<String> before = List.of();
        List<TableChange> tables = List.of();
        Optional<String> planned = Optional.empty();
        String declared = "";
        String chosen = "";
        if (watermarkDelay.isPresent()) {
            long delay = watermarkDelay.get();
            String col = SqlTrees.unparse(SqlTrees.identifier(versionTime.name()));
            String scratch = context.scratchName();
            before = List.of("ALTER TABLE " + table + " ADD WATERMARK FOR " + col + " AS " + col + " - INTERVAL '" + delay
                    + "' SECOND");
            tables = List.of(new TableChange(versioned.table().identifier(), scratch, Optional.of(versionTime.name()), delay,
                    Optional.empty()));
            planned = Optional.of(ScratchReferences.replace(SqlTrees.parse(SqlTrees.unparse(tree)).orElseThrow(), context,
                    versioned.table(), scratch));
            declared = "the table's DDL changes: " + col + " becomes the event time of " + table + " (a WATERMARK " + delay
                    + " s behind the newest " + col + " seen), for every statement that reads it; ";
            chosen = "; watermark delay " + delay + " s (" + RewriteOptions.WATERMARK_DELAY.key() + ")";
        }
        String late = watermarkDelay.isEmpty() ? "" : "; a version of " + table + " that arrives behind its watermark (more"
                + " than " + watermarkDelay.get() + " s older than the newest " + versionTime.name() + " seen) is late: the rows"
                + " of " + probe + " already joined keep the version they got, and the late one is kept only if it is the"
                + " latest before the watermark";
        return Optional.of(context.candidate(
                this, finding, scope, tree, before, Map.of(), tables, planned,
                Intent.operator("TemporalJoin"), Columns.SAME,
                declared + "each row of " + probe + " joins the version of " + table + " valid at its own time (event time, " + time
                        + "): of the rows of " + table + " with its key, the one with the latest " + versionTime.name()
                        + " at or before it, not the latest one; a row is joined and emitted once the watermarks of both "
                        + probe + " and " + table + " pass its time (while no row of " + table + " arrives, its watermark"
                        + " stays, and holds every result back), and a later change of " + table + " does not change or"
                        + " retract results already emitted; a row of " + probe + " with no version at its time (none yet,"
                        + " or, for a row behind the watermark, one already freed) "
                        + (left ? "is emitted once with NULLs and never completed, where the regular join retracted that"
                                + " row and emitted the match once it arrived"
                                : "is dropped, where the regular join emitted it once the match arrived")
                        + "; the join keeps each row of " + probe + " only until the watermark passes its time, and of "
                        + table + " per key the versions the watermark has not passed and the latest one before it, where"
                        + " the regular join kept every row of both inputs forever and updated its results on each change"
                        + " of either side" + late,
                "time attribute " + probeTime.name() + " (the WATERMARK column of " + probe + "); " + table
                        + " versioned by " + key + " and its event time " + versionTime.name()
                        + (watermarkDelay.isPresent() ? " (its only TIMESTAMP(3) or TIMESTAMP_LTZ(3) column outside the key)" : "") + chosen)
                .withWay(way));
    }
}
