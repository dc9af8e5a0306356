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
            "a `STATE_TTL` hint Flink ignores moved to the block that joins or aggregates, its keys made that block's inputs, or removed where nothing can take it;"
                    + " a superseded option (a second hint's for an input the first names, a key written twice) removed, keeping what Flink applies");

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
            List<String> superseded = withoutSuperseded(select, hints);
            if (!superseded.isEmpty()) {
                done.addAll(superseded);
                hints = Blocks.stateTtlHints(select);
            }
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
                String.join("; ", done) + (removedOnly ? " (nothing else changes: each operator keeps the TTL Flink applied)" : ""), ""));
    }

    /**
     * Takes out of {@code select}'s {@code STATE_TTL} hints each option Flink drops for another
     * naming the same input ({@link io.github.sqlguard.statement.ParsedStatement.SupersededHint}): of
     * two hints on one {@code SELECT}, the first hint's option for an input wins; within one hint, a
     * key written twice keeps its last value. A hint left with no option is removed. What Flink
     * applies stays as it is: only options it never applied are removed.
     *
     * @return what was removed, one sentence per option; empty when nothing was superseded
     */
    private static List<String> withoutSuperseded(SqlSelect select, List<SqlHint> hints) {
        List<String> removed = new ArrayList<>();
        java.util.Set<String> named = new java.util.HashSet<>();
        java.util.Map<String, String> applied = new java.util.HashMap<>();
        List<List<String[]>> kept = new ArrayList<>();
        for (SqlHint hint : hints) {
            SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
            java.util.LinkedHashMap<String, String[]> last = new java.util.LinkedHashMap<>();
            List<String[]> written = new ArrayList<>();
            for (int i = 0; i + 1 < options.size(); i += 2) {
                String key = ((SqlLiteral) options.get(i)).getValueAs(String.class);
                String value = ((SqlLiteral) options.get(i + 1)).getValueAs(String.class);
                String[] option = {key, value};
                written.add(option);
                last.put(key, option);
            }
            List<String[]> keep = new ArrayList<>();
            for (String[] option : written) {
                if (last.get(option[0]) != option) {
                    removed.add("the superseded '" + option[0] + "' = '" + option[1] + "' is removed: '" + option[0]
                            + "' is written again later in the same hint, and Flink keeps the last value ('"
                            + last.get(option[0])[1] + "')");
                } else if (named.contains(option[0])) {
                    removed.add("the superseded '" + option[0] + "' = '" + option[1] + "' is removed: an earlier STATE_TTL"
                            + " hint on the same SELECT names '" + option[0] + "', and Flink keeps the first hint's TTL ('"
                            + applied.get(option[0]) + "')");
                } else {
                    keep.add(option);
                }
            }
            for (String[] option : keep) {
                named.add(option[0]);
                applied.put(option[0], option[1]);
            }
            kept.add(keep);
        }
        if (removed.isEmpty()) {
            return removed;
        }
        SqlNodeList all = select.getHints();
        for (int h = 0; h < hints.size(); h++) {
            int at = all.indexOf(hints.get(h));
            if (kept.get(h).isEmpty()) {
                all.remove(at);
                continue;
            }
            List<String> pairs = new ArrayList<>();
            for (String[] option : kept.get(h)) {
                pairs.add("'" + option[0].replace("'", "''") + "' = '" + option[1].replace("'", "''") + "'");
            }
            all.set(at, Snippets.hint("STATE_TTL(" + String.join(", ", pairs) + ")"));
        }
        return removed;
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
