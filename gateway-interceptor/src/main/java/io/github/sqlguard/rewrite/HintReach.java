package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * How many join inputs a statement's {@code STATE_TTL} hints can reach at most, as Flink's planner
 * matches a hint's keys, read in the parsed statement (no planning). Flink resolves the hint on each
 * join of its block in {@code QueryHintsResolver#doVisit} (flink-table-planner 2.3.0,
 * {@code org.apache.flink.table.planner.plan.optimize.QueryHintsResolver}; 1.20.0 the same, its
 * {@code visitBiRel}): a key is matched only against {@code extractAliasOrTableName} of the join's
 * left and right input, which is {@code FlinkHints#getTableAlias} (the first {@code ALIAS} hint on
 * the input, or on the input of a {@code LogicalProject}, {@code LogicalFilter}, {@code
 * LogicalSnapshot} and, in 2.3 only, {@code WatermarkAssigner} below it: {@code
 * FlinkHints#canTransposeToTableScan}), else the qualified name of a {@code TableScan} under such
 * nodes; otherwise no name, and no key matches ({@code getNewStateTtlHintOptions}: an input with no
 * name gets no TTL). A key matches a name when it is a suffix of it by dot-separated parts ({@code
 * matchIdentifier}, case-sensitive).
 *
 * <p>So the input of a join that is itself a join ({@code a JOIN b JOIN c}: the left of the second
 * join is the first, a {@code LogicalJoin}, which no {@code ALIAS} hint names unless the block is an
 * aliased {@code FROM} item) is reached only by a key that matches the alias of a {@code FROM} item
 * around its block: Flink's {@code SqlToRelConverter#convertFrom} attaches an {@code ALIAS} hint to
 * the root of each aliased {@code FROM} item of a statement with query hints, and hint propagation
 * ({@code FlinkHintStrategies}: {@code ALIAS} applies to joins and correlates) carries it to the joins
 * below. In {@code j1 JOIN j2 ... JOIN j25} a hint naming {@code 'j1'} to {@code 'j25'} reaches both
 * inputs of the first join and the right input of the other 23 only; their left state keeps the
 * session's TTL.
 *
 * <p>The count is an upper bound, never less than what Flink reaches: every input of every join in a
 * block under a {@code STATE_TTL} hint (its own or an enclosing block's) counts, except the input that
 * is a join whose block no enclosing alias names by any such key (matched ignoring case, more than
 * Flink matches); a block inside a {@code WITH} item, whose alias is each of its readers', counts every
 * input. Stateless.
 */
final class HintReach {

    private HintReach() {}

    /** At most how many join inputs of {@code tree} a {@code STATE_TTL} hint in it can reach. */
    static int reachableInputs(SqlNode tree) {
        Walk walk = new Walk();
        walk.visit(tree);
        return walk.reachable;
    }

    /** The inputs of {@code tree}'s joins that are joins no hint key can reach (for the count above and its tests). */
    static int unreachableInputs(SqlNode tree) {
        Walk walk = new Walk();
        walk.visit(tree);
        return walk.unreachable;
    }

    private static final class Walk {
        /** The aliases of the {@code FROM} items (not tables) around the node visited, outermost first. */
        private final Deque<String> aliases = new ArrayDeque<>();
        /** The keys of the {@code STATE_TTL} hints of the blocks around the node visited, and of its own. */
        private final Deque<List<String>> keys = new ArrayDeque<>();
        private int withItems;
        private int reachable;
        private int unreachable;

        void visit(SqlNode node) {
            if (node == null) {
                return;
            }
            if (node instanceof SqlNodeList list) {
                for (SqlNode item : list) {
                    visit(item);
                }
                return;
            }
            if (!(node instanceof SqlCall call)) {
                return;
            }
            if (call instanceof SqlWithItem item) {
                withItems++;
                visit(item.query);
                withItems--;
                return;
            }
            if (call.getKind() == SqlKind.AS && !(call.operand(0) instanceof SqlIdentifier)
                    && call.operand(1) instanceof SqlIdentifier alias) {
                aliases.addLast(alias.getSimple());
                visit(call.operand(0));
                aliases.removeLast();
                return;
            }
            if (call instanceof SqlSelect select) {
                keys.addLast(stateTtlKeys(select));
                if (keys.stream().anyMatch(k -> !k.isEmpty())) {
                    countInputs(select.getFrom());
                }
                for (SqlNode operand : select.getOperandList()) {
                    visit(operand);
                }
                keys.removeLast();
                return;
            }
            for (SqlNode operand : call.getOperandList()) {
                visit(operand);
            }
        }

        /** Counts the inputs of the joins of one block's {@code FROM}, nested joins included. */
        private void countInputs(SqlNode from) {
            if (!(from instanceof SqlJoin join)) {
                return;
            }
            for (SqlNode input : List.of(join.getLeft(), join.getRight())) {
                if (input instanceof SqlJoin && withItems == 0 && !aliasNamed()) {
                    unreachable++;
                } else {
                    reachable++;
                }
                countInputs(input);
            }
        }

        /** True when some key of the hints around matches some alias around ({@code matchIdentifier}, ignoring case). */
        private boolean aliasNamed() {
            for (List<String> block : keys) {
                for (String key : block) {
                    for (String alias : aliases) {
                        if (matches(key, alias)) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }
    }

    /**
     * The keys of {@code select}'s own {@code STATE_TTL} hints; a hint whose options are not key-value
     * pairs (Flink rejects it) gives the key {@code ""}, which matches every name.
     */
    private static List<String> stateTtlKeys(SqlSelect select) {
        List<String> out = new ArrayList<>();
        for (SqlHint hint : Blocks.stateTtlHints(select)) {
            Map<String, String> pairs;
            try {
                pairs = hint.getOptionFormat() == SqlHint.HintOptionFormat.KV_LIST ? hint.getOptionKVPairs() : Map.of();
            } catch (RuntimeException e) {
                pairs = Map.of();
            }
            if (pairs.isEmpty()) {
                out.add("");
            }
            out.addAll(pairs.keySet());
        }
        return out;
    }

    /**
     * Flink's {@code QueryHintsResolver#matchIdentifier}: {@code key}'s dot-separated parts equal {@code
     * name}'s from the last, as many as the shorter has; here ignoring case (matching more than Flink).
     */
    static boolean matches(String key, String name) {
        if (key.isEmpty()) {
            return true;
        }
        String[] keyParts = key.split("\\.");
        String[] nameParts = name.split("\\.");
        for (int i = 0; i < Math.min(keyParts.length, nameParts.length); i++) {
            if (!keyParts[keyParts.length - 1 - i].equalsIgnoreCase(nameParts[nameParts.length - 1 - i])) {
                return false;
            }
        }
        return true;
    }
}
