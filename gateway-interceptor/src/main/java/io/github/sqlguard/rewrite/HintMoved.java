package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.HintInputName;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.TtlHintIgnoredRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code hint-moved}, for {@code ttl-hint-ignored}: a {@code STATE_TTL} hint where it applies.
 *
 * <ul>
 *   <li>A hint naming no input of its block (Flink refuses the query): its keys become the block's
 *       inputs, each with the hint's value.
 *   <li>A hint on a block that neither joins nor aggregates, with a block under or over it that
 *       does: the hint moves there, naming that block's inputs.
 *   <li>A hint with nothing to apply to anywhere: it is removed; it changed nothing.
 *   <li>A hint naming its block's inputs where this Flink line cannot match it to them (1.20: a
 *       table with a {@code WATERMARK}, a table function's alias): those inputs are read through a
 *       subquery of the same name, whose alias the line matches.
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
                    + " on Flink 1.20, the hinted tables with a `WATERMARK` and table functions read through a subquery of the same name, whose alias 1.20 matches;"
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
        Set<Duration> ttls = new HashSet<>();
        boolean removedOnly = true;
        for (SqlSelect select : selects) {
            List<SqlHint> hints = Blocks.stateTtlHints(select);
            if (hints.isEmpty()) {
                continue;
            }
            List<String> inputs = HintInputName.inputs(select);
            boolean applies = Blocks.aggregates(select) || Blocks.joins(select);
            List<String> superseded = withoutSuperseded(select, hints);
            if (!superseded.isEmpty()) {
                done.addAll(superseded);
                hints = Blocks.stateTtlHints(select);
            }
            for (SqlHint hint : hints) {
                SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
                if (options.size() < 2) {
                    continue;
                }
                if (applies) {
                    if (inputs == null || inputs.isEmpty()) {
                        ttl = record(options, ttls);
                        continue;
                    }
                    if (namesInputs(options, inputs)) {
                        // Flink rejected the statement although the hint names its block's inputs: this line cannot
                        // match it to one of them.
                        if (context.request().plan().isEmpty()
                                && readThroughSubqueries(select, keys(options), done, context)) {
                            withUnits(options, finding, context, done);
                            removedOnly = false;
                        }
                        ttl = record(options, ttls);
                        continue;
                    }
                    withUnits(options, finding, context, done);
                    ttl = record(options, ttls);
                    select.getHints().set(select.getHints().indexOf(hint), Blocks.stateTtl(inputs, first(options)));
                    done.add("the hint names " + String.join(", ", inputs) + ", the inputs of its block");
                    readThroughSubqueries(select, inputs, done, context);
                    removedOnly = false;
                    continue;
                }
                select.getHints().remove(hint);
                Optional<SqlSelect> target = selects.stream()
                        .filter(s -> s != select && (Blocks.aggregates(s) || Blocks.joins(s)) && Blocks.stateTtlHints(s).isEmpty())
                        .findFirst();
                List<String> targetInputs = target.map(HintInputName::inputs).orElse(null);
                if (target.isPresent() && targetInputs != null && !targetInputs.isEmpty()) {
                    withUnits(options, finding, context, done);
                    Blocks.addHint(target.get(), Blocks.stateTtl(targetInputs, first(options)));
                    done.add("the hint moves to the block that " + (Blocks.joins(target.get()) ? "joins" : "aggregates")
                            + " " + String.join(", ", targetInputs) + ", where Flink applies it");
                    readThroughSubqueries(target.get(), targetInputs, done, context);
                    removedOnly = false;
                } else {
                    done.add("the hint is removed: no join or aggregation of this statement can take it, so it never"
                            + " applied");
                }
                ttl = record(options, ttls);
            }
        }
        if (done.isEmpty()) {
            return List.of();
        }
        // A hint with a TTL per input (a join's 'o' = '1 d', 'p' = '2 d') gives no operator one TTL: each of its
        // states expires within the longest.
        Intent intent = removedOnly || ttl.isEmpty()
                ? Intent.PLANS
                : ttls.size() > 1
                ? Intent.operatorBounded(Collections.max(ttls), "GroupAggregate", "GlobalGroupAggregate", "Join")
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

    /**
     * Reads each input of {@code select} named in {@code keys} that this Flink line cannot match a hint
     * to through a subquery of the input's name: a table ({@code orders}, {@code orders AS o}) where
     * the line matches no hint to a table with a {@code WATERMARK} ({@link
     * FlinkLine#stateTtlHintMatchesTablesWithWatermark}: 1.20), a table function ({@code TABLE(HOP(...))
     * AS w}) where it matches none to a table function's alias ({@link
     * FlinkLine#stateTtlHintMatchesTableFunctionAliases}: 1.20). A table the catalog shows without a
     * watermark is left as it is ({@link #watermarked}); a subquery changes nothing Flink runs, and the
     * proof plans the result. Where an input was wrapped, {@code done} says which and why.
     *
     * @return whether an input was wrapped
     */
    static boolean readThroughSubqueries(
            SqlSelect select, List<String> keys, List<String> done, RewriteContext context) {
        List<String> wrapped = new ArrayList<>();
        select.setFrom(readThroughSubqueries(select.getFrom(), keys, wrapped, context));
        if (wrapped.isEmpty()) {
            return false;
        }
        done.add("the hinted " + String.join(", ", wrapped) + " read through a subquery of the same name, FROM (SELECT *"
                + " FROM ...) AS " + wrapped.get(0) + ": Flink " + FlinkLine.current().line() + " matches a STATE_TTL"
                + " hint to a subquery's alias, not to a table declared with a WATERMARK nor to a table function's alias");
        return true;
    }

    private static SqlNode readThroughSubqueries(
            SqlNode from, List<String> keys, List<String> wrapped, RewriteContext context) {
        FlinkLine line = FlinkLine.current();
        if (from instanceof SqlJoin join) {
            join.setLeft(readThroughSubqueries(join.getLeft(), keys, wrapped, context));
            join.setRight(readThroughSubqueries(join.getRight(), keys, wrapped, context));
            return join;
        }
        if (from instanceof SqlIdentifier id && !line.stateTtlHintMatchesTablesWithWatermark()
                && watermarked(id, context)) {
            String name = id.names.get(id.names.size() - 1);
            if (keys.contains(name)) {
                wrapped.add(name);
                return SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, subquery(id), SqlTrees.identifier(name));
            }
        }
        if (from != null && from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2) {
            SqlCall as = (SqlCall) from;
            String name = ((SqlIdentifier) as.operand(1)).getSimple();
            SqlNode input = as.operand(0);
            boolean wrap = input instanceof SqlIdentifier id
                    ? !line.stateTtlHintMatchesTablesWithWatermark() && watermarked(id, context)
                    : input.getKind() == SqlKind.COLLECTION_TABLE && !line.stateTtlHintMatchesTableFunctionAliases();
            if (keys.contains(name) && wrap) {
                wrapped.add(name);
                as.setOperand(0, subquery(input));
            }
        }
        return from;
    }

    /**
     * False only for a table the session's catalog shows without a {@code WATERMARK}, which every line
     * matches a hint to by its name: a view, or a name the catalog does not resolve, is read through a
     * subquery all the same, and the proof plans it.
     */
    private static boolean watermarked(SqlIdentifier table, RewriteContext context) {
        return context.lookUp(table.names).map(o -> o.view() || o.watermarked()).orElse(true);
    }

    private static SqlSelect subquery(SqlNode input) {
        SqlSelect select = Snippets.select("SELECT * FROM t");
        select.setFrom(input);
        return select;
    }

    /** The first value of a {@code STATE_TTL} hint's options. */
    private static String first(SqlNodeList options) {
        return ((SqlLiteral) options.get(1)).getValueAs(String.class);
    }

    /**
     * The hint's TTLs added to {@code ttls} (0 left out: it never expires); the first one, which a hint
     * naming the block's inputs anew gives each of them.
     */
    private static Optional<Duration> record(SqlNodeList options, Set<Duration> ttls) {
        for (int i = 1; i < options.size(); i += 2) {
            StateTtl.parse(((SqlLiteral) options.get(i)).getValueAs(String.class)).filter(d -> !d.isZero())
                    .ifPresent(ttls::add);
        }
        return StateTtl.parse(first(options)).filter(d -> !d.isZero());
    }

    /**
     * A hint this rewrite makes apply gets its bare numbers' units ({@link TtlWithUnit#writeUnits}): Flink
     * reads {@code '24'} as 24 ms, and a hint that starts to apply with it would expire the state at once
     * ({@code ttl-too-short}; shared case 25 on Flink 1.20, which must read the table through a subquery
     * too); what changed is said in {@code done}.
     */
    private static void withUnits(SqlNodeList options, Finding finding, RewriteContext context, List<String> done) {
        Set<String> units = new java.util.LinkedHashSet<>();
        TtlWithUnit.writeUnits(options, finding, context, units, true);
        done.addAll(units);
    }

    /** The keys of a {@code STATE_TTL} hint's options, in order. */
    static List<String> keys(SqlNodeList options) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < options.size(); i += 2) {
            keys.add(((SqlLiteral) options.get(i)).getValueAs(String.class));
        }
        return keys;
    }

    private static boolean namesInputs(SqlNodeList options, List<String> inputs) {
        return inputs.containsAll(keys(options));
    }
}
