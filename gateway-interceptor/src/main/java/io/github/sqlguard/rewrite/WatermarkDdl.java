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
        Optional<SqlNode> parsed = SqlTrees.parse(context.text());
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
            if (table.isEmpty() || table.get().view() || table.get().temporary() || table.get().watermarked()) {
                continue;
            }
            Optional<Column> ordered = TimeAttributeOrder.find(table.get().columns(), column);
            if (ordered.isEmpty() || !(ordered.get().type().startsWith("TIMESTAMP(3)")
                    || ordered.get().type().startsWith("TIMESTAMP_LTZ(3)"))) {
                continue;
            }
            // ORDER BY ... DESC keeps each key's latest row (a last-row Deduplicate), ASC its first (a first-row one).
            String kept = item.window().getOrderList().get(0).getKind() == SqlKind.DESCENDING ? "latest" : "first";
            long delay = context.settings().watermarkDelay().getSeconds();
            String col = SqlTrees.unparse(SqlTrees.identifier(ordered.get().name()));
            String scratch = context.scratchName();
            String planned = ScratchReferences.replace(SqlTrees.parse(context.text()).orElseThrow(), context, table.get(), scratch);
            return List.of(new Candidate(
                    ID, finding.ruleId(), finding.node(),
                    List.of("ALTER TABLE " + SqlTrees.unparse(name) + " ADD WATERMARK FOR " + col + " AS " + col
                            + " - INTERVAL '" + delay + "' SECOND"),
                    context.text(), planned, Map.of(),
                    List.of(new TableChange(table.get().identifier(), scratch, Optional.of(ordered.get().name()), delay,
                            Optional.empty())),
                    Intent.operator("Deduplicate"), Columns.SAME,
                    col + " becomes the event time of " + SqlTrees.unparse(name) + " for every statement that reads it:"
                            + " the query keeps each key's " + kept + " row by " + col + " as a Deduplicate, and windows and"
                            + " interval"
                            + " joins on the table treat a row more than " + delay + " s behind its watermark as late",
                    "watermark delay " + delay + " s (" + RewriteOptions.WATERMARK_DELAY.key() + ")", Optional.empty()));
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
        Optional<SqlNode> parsed = SqlTrees.parse(context.text());
        if (parsed.isEmpty()) {
            return List.of();
        }
        for (org.apache.calcite.sql.SqlSelect select : Trees.selects(parsed.get())) {
            for (org.apache.calcite.sql.SqlCall function : TimeAttributeOrder.windowFunctions(select.getFrom())) {
                SqlIdentifier name = null;
                SqlIdentifier column = null;
                for (SqlNode operand : function.getOperandList()) {
                    SqlNode value = operand != null && operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT
                            ? ((org.apache.calcite.sql.SqlCall) operand).operand(0) : operand;
                    if (value instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == SqlKind.EXPLICIT_TABLE
                            && call.operand(0) instanceof SqlIdentifier id) {
                        name = id;
                    } else if (value instanceof org.apache.calcite.sql.SqlCall call && TimeAttributeOrder.descriptor(call)
                            && call.operandCount() == 1 && call.operand(0) instanceof SqlIdentifier id) {
                        column = id;
                    }
                }
                if (name == null || column == null) {
                    continue;
                }
                Optional<CatalogObject> table = context.lookUp(name.names);
                if (table.isEmpty() || table.get().view() || table.get().temporary() || table.get().watermarked()) {
                    continue;
                }
                Optional<Column> windowed = TimeAttributeOrder.find(table.get().columns(), column);
                if (windowed.isEmpty() || !(windowed.get().type().startsWith("TIMESTAMP(3)")
                        || windowed.get().type().startsWith("TIMESTAMP_LTZ(3)"))) {
                    continue;
                }
                long delay = context.settings().watermarkDelay().getSeconds();
                String col = SqlTrees.unparse(SqlTrees.identifier(windowed.get().name()));
                String scratch = context.scratchName();
                String planned = ScratchReferences.replace(SqlTrees.parse(context.text()).orElseThrow(), context, table.get(), scratch);
                return List.of(new Candidate(
                        ID, finding.ruleId(), finding.node(),
                        List.of("ALTER TABLE " + SqlTrees.unparse(name) + " ADD WATERMARK FOR " + col + " AS " + col
                                + " - INTERVAL '" + delay + "' SECOND"),
                        context.text(), planned, Map.of(),
                        List.of(new TableChange(table.get().identifier(), scratch, Optional.of(windowed.get().name()), delay,
                                Optional.empty())),
                        Intent.operator("WindowAggregate", "LocalWindowAggregate", "GlobalWindowAggregate", "WindowRank",
                                "WindowDeduplicate", "WindowJoin", "WindowTableFunction"),
                        Columns.SAME,
                        col + " becomes the event time of " + SqlTrees.unparse(name) + " for every statement that reads it:"
                                + " the windows close as its watermark passes their end, and a row more than " + delay
                                + " s behind the watermark is late and dropped by them",
                        "watermark delay " + delay + " s (" + RewriteOptions.WATERMARK_DELAY.key() + ")", Optional.empty()));
            }
        }
        return List.of();
    }
}
