package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.TimeAttributeRequiredRule;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code watermark}, for {@code dedup-not-recognized} where the Top-1 is ordered by a {@code
 * TIMESTAMP(3)} column without a watermark: the table's DDL declares one, {@code ALTER TABLE t ADD
 * WATERMARK FOR col AS col - INTERVAL '<sql-guard.rewrite.watermark-delay>' SECOND}, and the column
 * becomes the table's event time, which Flink deduplicates on ({@code Deduplicate}). Flink alters
 * only a permanent table (a temporary one would need its whole DDL again), so only such a table
 * gets this; the proof plans against a scratch copy of it with the watermark ({@link
 * TableChange}), which exists only while the session's order is held. It answers {@code
 * unbounded-rank} on such a Top-1 too, before {@code session-state-ttl}: the structural fix, which
 * keeps the statement's order and frees the Rank altogether, comes before a TTL that forgets keys.
 * For {@code stateful-without-ttl} on a regular join whose condition bounds time columns without
 * watermarks, both tables' watermarks make it an interval join ({@link WatermarkJoin}).
 */
final class WatermarkDdl implements RewriteFamily {

    static final String ID = "watermark";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(DedupNotRecognizedRule.ID, UnboundedRankRule.ID, StatefulWithoutTtlRule.ID, TimeAttributeRequiredRule.ID),
            List.of("Deduplicate", "IntervalJoin", "WindowAggregate", "WindowRank", "WindowDeduplicate", "WindowJoin"),
            "the table's DDL declares a `WATERMARK` on the `TIMESTAMP(3)` column a Top-1 is ordered by (`ALTER TABLE ... ADD WATERMARK`), which makes it a `Deduplicate`;"
                    + " or on the time columns a regular join bounds, which makes it an interval join;"
                    + " or on the `TIMESTAMP(3)` column a window table function's `DESCRIPTOR` names");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        if (!context.session().mayUseScratchTables()) {
            return List.of();
        }
        if (finding.ruleId().equals(StatefulWithoutTtlRule.ID)) {
            return WatermarkJoin.candidates(this, finding, context);
        }
        if (finding.ruleId().equals(TimeAttributeRequiredRule.ID)) {
            return windowed(finding, context);
        }
        Optional<SqlNode> parsed = context.statementTree();
        if (parsed.isEmpty()) {
            return List.of();
        }
        SqlNode tree = parsed.get();
        var parents = Trees.parents(tree);
        for (RankItem item : Trees.rankItems(tree)) {
            boolean topOne = Trees.reader(parents, item.select())
                    .flatMap(o -> Trees.rankBound(o.getWhere(), item.alias())).map(b -> b.maxRank() == 1).orElse(false);
            if (!topOne || item.window().getOrderList().isEmpty()) {
                continue;
            }
            SqlIdentifier column = TimeAttributeOrder.orderColumn(item.window().getOrderList().get(0));
            SqlNode from = item.select().getFrom();
            SqlIdentifier name = from instanceof SqlIdentifier id ? id
                    : from != null && from.getKind() == SqlKind.AS
                            && ((org.apache.calcite.sql.SqlCall) from).operand(0) instanceof SqlIdentifier id ? id : null;
            if (column == null || name == null) {
                continue;
            }
            Optional<CatalogObject> table = context.lookUp(name.names);
            Optional<Column> ordered = watermarkable(table, column);
            if (ordered.isEmpty()) {
                continue;
            }
            // ORDER BY ... DESC keeps each key's latest row (a last-row Deduplicate), ASC its first (a first-row one).
            String kept = item.window().getOrderList().get(0).getKind() == SqlKind.DESCENDING ? "latest" : "first";
            return List.of(declared(finding, context, name, table.get(), ordered.get(), Intent.operator("Deduplicate"),
                    (col, delay) -> " the query keeps each key's " + kept + " row by " + col + " as a Deduplicate, and"
                            + " windows and interval joins on the table treat a row more than " + delay + " s behind its"
                            + " watermark as late"));
        }
        return List.of();
    }

    /**
     * For {@code time-attribute-required}: the first window table function ({@code TABLE(TUMBLE(TABLE t,
     * DESCRIPTOR(col), ...))}) whose {@code t} is a permanent table without a watermark and whose {@code col} is
     * a {@code TIMESTAMP(3)} or {@code TIMESTAMP_LTZ(3)} column of it: the table declares its watermark on {@code
     * col}, which makes the column the time attribute Flink windows on.
     */
    private List<Candidate> windowed(Finding finding, RewriteContext context) {
        Optional<SqlNode> parsed = context.statementTree();
        if (parsed.isEmpty()) {
            return List.of();
        }
        for (org.apache.calcite.sql.SqlSelect select : Trees.selects(parsed.get())) {
            for (org.apache.calcite.sql.SqlCall function : TimeAttributeOrder.windowFunctions(select.getFrom())) {
                Optional<TimeAttributeOrder.WindowTvf> tvf = TimeAttributeOrder.WindowTvf.of(function);
                if (tvf.isEmpty()) {
                    continue;
                }
                Optional<CatalogObject> table = context.lookUp(tvf.get().table().names);
                Optional<Column> windowed = watermarkable(table, tvf.get().column());
                if (windowed.isEmpty()) {
                    continue;
                }
                return List.of(declared(finding, context, tvf.get().table(), table.get(), windowed.get(),
                        Intent.operator("WindowAggregate", "LocalWindowAggregate", "GlobalWindowAggregate", "WindowRank",
                                "WindowDeduplicate", "WindowJoin", "WindowTableFunction"),
                        (col, delay) -> " the windows close as its watermark passes their end, and a row more than "
                                + delay + " s behind the watermark is late and dropped by them"));
            }
        }
        return List.of();
    }

    /**
     * The column of {@code table} named {@code column} where the table can take a watermark on it: a permanent
     * table (Flink alters only those) without one, and a {@code TIMESTAMP(3)} or {@code TIMESTAMP_LTZ(3)} column
     * that is not computed from the wall clock ({@link CatalogObject#wallClock}: {@code ts AS CURRENT_TIMESTAMP} holds
     * the time a row is read, which a watermark would make its event time; a {@code PROCTIME()} column is that time).
     */
    private static Optional<Column> watermarkable(Optional<CatalogObject> table, SqlIdentifier column) {
        if (table.isEmpty() || table.get().view() || table.get().temporary() || table.get().watermarked()) {
            return Optional.empty();
        }
        return TimeAttributeOrder.find(table.get().columns(), column)
                .filter(c -> c.type().startsWith("TIMESTAMP(3)") || c.type().startsWith("TIMESTAMP_LTZ(3)"))
                .filter(c -> table.get().wallClock(c.name()).isEmpty());
    }

    /**
     * The candidate that declares {@code name}'s watermark on {@code column} ({@code ALTER TABLE ... ADD WATERMARK}, the
     * delay {@code sql-guard.rewrite.watermark-delay}), proven against a scratch copy of {@code table} with it; its
     * {@code changes:} line says the column becomes the table's event time, then what {@code effect} says of the
     * column (as written) and the delay in seconds.
     */
    private Candidate declared(Finding finding, RewriteContext context, SqlIdentifier name, CatalogObject table,
            Column column, Intent intent, java.util.function.BiFunction<String, Long, String> effect) {
        long delay = context.settings().watermarkDelay().getSeconds();
        String col = SqlTrees.unparse(SqlTrees.identifier(column.name()));
        String scratch = context.scratchName();
        // A tree of the proof's own: the replacement changes it (RewriteContext#statementTree is read only).
        String planned = ScratchReferences.replace(SqlTrees.parse(context.text()).orElseThrow(), context, table, scratch);
        return new Candidate(
                ID, context.answering(finding),
                List.of("ALTER TABLE " + SqlTrees.unparse(name) + " ADD WATERMARK FOR " + col + " AS " + col
                        + " - INTERVAL '" + delay + "' SECOND"),
                context.text(), planned, Map.of(),
                List.of(new TableChange(table.identifier(), scratch, Optional.of(column.name()), delay, Optional.empty())),
                intent, Columns.SAME,
                col + " becomes the event time of " + SqlTrees.unparse(name) + " for every statement that reads it:"
                        + effect.apply(col, delay),
                "watermark delay " + delay + " s (" + RewriteOptions.WATERMARK_DELAY.key() + ")", Optional.empty());
    }
}
