package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.rewrite.Trees.RankItem;
import io.github.sqlguard.rules.Finding;
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
            List.of(DedupNotRecognizedRule.ID, UnboundedRankRule.ID, StatefulWithoutTtlRule.ID),
            List.of("Deduplicate", "IntervalJoin"),
            "the table's DDL declares a `WATERMARK` on the `TIMESTAMP(3)` column a Top-1 is ordered by (`ALTER TABLE ... ADD WATERMARK`), which makes it a `Deduplicate`;"
                    + " or on the time columns a regular join bounds, which makes it an interval join");

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
}
