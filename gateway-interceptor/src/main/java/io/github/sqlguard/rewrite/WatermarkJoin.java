package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.statement.TimeBounds;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code watermark} rewrite of a regular join whose condition bounds one side's time column by
 * the other's ({@code s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR}) on
 * plain {@code TIMESTAMP(3)} columns: Flink plans a regular {@code Join}, which keeps every row of
 * both inputs, because an interval join bounds time attributes only (Flink docs, "Joins", "Interval
 * Joins": "requires at least one equi-join predicate and a join condition that bounds the time on
 * both sides", on time attributes). Declaring each table's {@code WATERMARK} on its time column
 * ({@code ALTER TABLE t ADD WATERMARK FOR col AS col - INTERVAL 'd' SECOND}, the statement as
 * written) makes the same condition an {@code IntervalJoin}, whose rows are freed once the watermark
 * passes their bound. The bounds are read in the {@code ON} clause, and of an inner join in the {@code
 * WHERE} clause too (Flink's planner pushes them into the join). Not for a time column computed from
 * the wall clock ({@code order_time AS TIMESTAMPADD(DAY, -1, CURRENT_TIMESTAMP)}, {@link
 * CatalogObject#wallClock}): its value is the time a row is read, so a watermark on it would make
 * reading time event time. Only permanent tables (Flink alters no temporary table), both sides read
 * directly; a side whose table has its {@code WATERMARK} already takes part when the bounded column is its
 * event time, and only the other table's is declared (a table has one watermark). Proven against scratch
 * copies of the tables it changes, with their watermarks.
 */
final class WatermarkJoin {

    private WatermarkJoin() {}

    private static final Set<SqlKind> COMPARISONS = Set.of(
            SqlKind.BETWEEN, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL);

    static List<Candidate> candidates(RewriteFamily family, Finding finding, RewriteContext context) {
        if (!finding.facts().operator().map(n -> n.equals("Join")).orElse(false)) {
            return List.of();
        }
        Optional<SqlNode> parsed = context.statementTree();
        if (parsed.isEmpty()) {
            return List.of();
        }
        for (SqlSelect select : Trees.selects(parsed.get())) {
            if (!(select.getFrom() instanceof SqlJoin join)) {
                continue;
            }
            boolean inner = join.getJoinType() == org.apache.calcite.sql.JoinType.INNER
                    || join.getJoinType() == org.apache.calcite.sql.JoinType.COMMA;
            // The bounds as written: in the ON clause, or, of an inner join, in the WHERE clause, which Flink's
            // planner pushes into the join's condition (the cookbook's interval join writes them there).
            List<SqlNode> conjuncts = new ArrayList<>(Trees.conjuncts(join.getCondition()));
            if (inner) {
                conjuncts.addAll(Trees.conjuncts(select.getWhere()));
            }
            if (conjuncts.isEmpty()) {
                continue;
            }
            Map<String, SqlIdentifier> sides = new LinkedHashMap<>();
            if (!side(join.getLeft(), sides) || !side(join.getRight(), sides) || sides.size() != 2) {
                continue;
            }
            Map<String, CatalogObject> tables = new LinkedHashMap<>();
            for (Map.Entry<String, SqlIdentifier> e : sides.entrySet()) {
                Optional<CatalogObject> table = context.lookUp(e.getValue().names);
                if (table.isEmpty() || table.get().view() || table.get().temporary()) {
                    break;
                }
                tables.put(e.getKey(), table.get());
            }
            if (tables.size() != 2) {
                continue;
            }
            Map<String, Column> times = new LinkedHashMap<>();
            if (!timeColumns(conjuncts, tables, times) || times.size() != 2) {
                continue;
            }
            // A column computed from the wall clock (CURRENT_TIMESTAMP, NOW(), PROCTIME()) holds the time a row is
            // read, not a time the row carries: a WATERMARK on it would make reading time event time, and the
            // interval join would match rows by when they were read (the finding says why none is offered).
            // A watermarked side takes part only with its event time bounded; the others get their WATERMARK.
            if (times.entrySet().stream().anyMatch(e -> tables.get(e.getKey()).watermarked()
                    ? e.getValue().timeAttribute() != Column.TimeAttribute.ROWTIME
                    : e.getValue().timeAttribute().isTimeAttribute()
                            || tables.get(e.getKey()).wallClock(e.getValue().name()).isPresent())
                    || tables.values().stream().allMatch(CatalogObject::watermarked)) {
                continue;
            }
            long delay = context.settings().watermarkDelay().getSeconds();
            List<String> before = new ArrayList<>();
            List<TableChange> changes = new ArrayList<>();
            List<String> described = new ArrayList<>();
            // One tree of the proof's own for every side: each replacement changes it (the statement's is read only).
            SqlNode scratched = SqlTrees.parse(context.text()).orElseThrow();
            String planned = context.text();
            for (String side : sides.keySet()) {
                CatalogObject table = tables.get(side);
                if (table.watermarked()) {
                    continue;
                }
                Column time = times.get(side);
                String col = SqlTrees.unparse(SqlTrees.identifier(time.name()));
                String name = SqlTrees.unparse(sides.get(side));
                before.add("ALTER TABLE " + name + " ADD WATERMARK FOR " + col + " AS " + col + " - INTERVAL '" + delay
                        + "' SECOND");
                String scratch = context.scratchName();
                planned = ScratchReferences.replace(scratched, context, table, scratch);
                changes.add(new TableChange(table.identifier(), scratch, Optional.of(time.name()), delay, Optional.empty()));
                described.add(col + " of " + name);
            }
            String bound = TimeBounds.longest(parsed.get()).map(b -> " (" + b.sql() + ")").orElse("");
            return List.of(new Candidate(
                    family.id(), context.answering(finding), before, context.text(), planned, Map.of(), changes,
                    Intent.operator("IntervalJoin"), Columns.SAME,
                    (described.size() == 1
                            ? "the table's DDL changes: " + described.get(0) + " becomes its table's event time"
                            : "the tables' DDL changes: " + String.join(" and ", described) + " become their tables' event time")
                            + " (a WATERMARK " + delay + " s behind), for every statement that reads "
                            + (described.size() == 1 ? "it" : "them") + "; the join, as"
                            + " written, is then an interval join, which keeps a row only until the other side's watermark"
                            + " passes its time bound" + bound + " and frees it then, where the regular join kept every row"
                            + " forever; a row that arrives behind its table's watermark (more than " + delay + " s older"
                            + " than the newest row seen) is late, and the interval join drops it where the regular join"
                            + " still matched it"
                            + (inner ? "" : "; an outer join's unmatched row is emitted once, when the watermark passes"
                                    + " its bound, where the regular join emitted it at once and retracted it on a match"),
                    "watermark delay " + delay + " s (" + RewriteOptions.WATERMARK_DELAY.key() + ")", Optional.empty()));
        }
        return List.of();
    }

    /** Adds the join input {@code item} (a table, aliased or not) under the name the condition uses; false for anything else. */
    private static boolean side(SqlNode item, Map<String, SqlIdentifier> sides) {
        if (item instanceof SqlIdentifier id) {
            sides.put(id.names.get(id.names.size() - 1), id);
            return true;
        }
        if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlIdentifier id) {
            sides.put(((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple(), id);
            return true;
        }
        return false;
    }

    /**
     * The time column of each side that the condition's comparisons bound by the other side's: the
     * qualified {@code TIMESTAMP(3)} / {@code TIMESTAMP_LTZ(3)} columns read in a comparison that reads
     * both sides. False when a side has two such columns.
     */
    private static boolean timeColumns(List<SqlNode> conjuncts, Map<String, CatalogObject> tables, Map<String, Column> out) {
        for (SqlNode conjunct : conjuncts) {
            if (!(conjunct instanceof SqlCall call) || !COMPARISONS.contains(call.getKind())) {
                continue;
            }
            Map<String, Column> here = new LinkedHashMap<>();
            collect(call, tables, here);
            if (here.size() != 2) {
                continue;
            }
            for (Map.Entry<String, Column> e : here.entrySet()) {
                Column known = out.putIfAbsent(e.getKey(), e.getValue());
                if (known != null && !known.name().equals(e.getValue().name())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void collect(SqlNode node, Map<String, CatalogObject> tables, Map<String, Column> out) {
        if (node instanceof SqlIdentifier id && id.names.size() == 2 && tables.containsKey(id.names.get(0))) {
            CatalogObject table = tables.get(id.names.get(0));
            table.columns().stream()
                    .filter(c -> c.name().equals(id.names.get(1)))
                    .filter(c -> c.type().startsWith("TIMESTAMP(3)") || c.type().startsWith("TIMESTAMP_LTZ(3)"))
                    .findFirst()
                    .ifPresent(c -> out.put(id.names.get(0), c));
            return;
        }
        for (SqlNode child : Trees.children(node)) {
            collect(child, tables, out);
        }
    }
}
