package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.TtlHintIgnoredRule;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code hint-moved}, for {@code ttl-hint-ignored}: a {@code STATE_TTL} hint where it applies.
 *
 * <ul>
 *   <li>A hint naming no input of its block (Flink refuses the query): its keys become the block's
 *       inputs, each with the hint's value.
 *   <li>A hint on a block that neither joins nor aggregates, with a block under or over it that
 *       does: the hint moves there, naming that block's inputs.
 *   <li>A hint with nothing to apply to anywhere: it is removed; it changed nothing.
 * </ul>
 *
 * <p>In a view the statement reads, the same within the view's query (the view is redefined): a
 * view's hint on a block that neither joins nor aggregates is ignored by Flink even when the
 * statement aggregates over the view, so it is moved within the view or removed, never moved into
 * the statement, where it would start to apply (with a TTL nobody has seen take effect).
 */
final class HintMoved extends ScopedFamily {

    static final String ID = "hint-moved";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(TtlHintIgnoredRule.ID),
            List.of("GroupAggregate", "GlobalGroupAggregate", "Join"),
            "a `STATE_TTL` hint Flink ignores moved to the block that joins or aggregates, its keys made that block's inputs, or removed where nothing can take it");

    HintMoved() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        List<SqlSelect> selects = Trees.selects(tree);
        List<String> done = new ArrayList<>();
        Optional<Duration> ttl = Optional.empty();
        boolean removedOnly = true;
        for (SqlSelect select : selects) {
            List<SqlHint> hints = Blocks.stateTtlHints(select);
            if (hints.isEmpty()) {
                continue;
            }
            List<String> inputs = Blocks.inputs(select);
            boolean applies = Blocks.aggregates(select) || Blocks.joins(select);
            for (SqlHint hint : hints) {
                SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
                String value = options.size() >= 2 ? ((SqlLiteral) options.get(1)).getValueAs(String.class) : null;
                if (value == null) {
                    continue;
                }
                ttl = StateTtl.parse(value).filter(d -> !d.isZero());
                if (applies) {
                    if (inputs == null || inputs.isEmpty() || namesInputs(options, inputs)) {
                        continue;
                    }
                    select.getHints().set(select.getHints().indexOf(hint), Blocks.stateTtl(inputs, value));
                    done.add("the hint names " + String.join(", ", inputs) + ", the inputs of its block");
                    removedOnly = false;
                    continue;
                }
                select.getHints().remove(hint);
                Optional<SqlSelect> target = selects.stream()
                        .filter(s -> s != select && (Blocks.aggregates(s) || Blocks.joins(s)) && Blocks.stateTtlHints(s).isEmpty())
                        .findFirst();
                List<String> targetInputs = target.map(Blocks::inputs).orElse(null);
                if (target.isPresent() && targetInputs != null && !targetInputs.isEmpty()) {
                    Blocks.addHint(target.get(), Blocks.stateTtl(targetInputs, value));
                    done.add("the hint moves to the block that " + (Blocks.joins(target.get()) ? "joins" : "aggregates")
                            + " " + String.join(", ", targetInputs) + ", where Flink applies it");
                    removedOnly = false;
                } else {
                    done.add("the hint is removed: no join or aggregation of this statement can take it, so it never"
                            + " applied");
                }
            }
        }
        if (done.isEmpty()) {
            return List.of();
        }
        Intent intent = removedOnly || ttl.isEmpty()
                ? Intent.PLANS
                : Intent.operatorTtl(ttl.get(), "GroupAggregate", "GlobalGroupAggregate", "Join");
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), intent, Columns.SAME,
                String.join("; ", done) + (removedOnly ? " (nothing else changes)" : ""), ""));
    }

    private static boolean namesInputs(SqlNodeList options, List<String> inputs) {
        for (int i = 0; i < options.size(); i += 2) {
            String key = ((SqlLiteral) options.get(i)).getValueAs(String.class);
            if (!inputs.contains(key)) {
                return false;
            }
        }
        return true;
    }
}
