package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.AggregateCalls;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a query block does, as {@code STATE_TTL} hints see it (Flink's {@code StateTtlHint}: a hint
 * applies to the regular joins and group aggregations of its own block, and names the block's
 * inputs by their table name or alias).
 */
final class Blocks {

    private Blocks() {}

    /**
     * True when {@code select} groups or aggregates (outside an OVER window), or selects {@code DISTINCT}, which
     * Calcite converts into an aggregate on every selected column and Flink plans as a {@code GroupAggregate}
     * that a {@code STATE_TTL} hint on the block reaches (verified on Flink 2.3.0: the hint's TTL is the
     * operator's in the compiled plan).
     */
    static boolean aggregates(SqlSelect select) {
        if (select.isDistinct() || (select.getGroup() != null && !select.getGroup().isEmpty())) {
            return true;
        }
        for (SqlNode item : select.getSelectList()) {
            if (aggregateCall(item)) {
                return true;
            }
        }
        return false;
    }

    private static boolean aggregateCall(SqlNode node) {
        if (node instanceof SqlCall call) {
            if (call.getKind() == SqlKind.OVER) {
                return false;
            }
            if (AggregateCalls.isAggregate(call)) {
                return true;
            }
            for (SqlNode operand : Trees.children(call)) {
                if (aggregateCall(operand)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True when {@code select}'s {@code FROM} has a regular join, the only join a {@code STATE_TTL} hint
     * reaches. A join of a table read {@code FOR SYSTEM_TIME AS OF} is none: Flink plans it as a {@code
     * LookupJoin} (processing time, a lookup source: no state at all) or a {@code TemporalJoin} ({@code
     * StreamExecTemporalJoin}, which reads the job's TTL, no hint: {@code TemporalRowTimeJoinOperator}
     * keeps the probe side's rows until the watermark passes them and the versioned side's versions by
     * the watermark), nor is a join of {@code LATERAL TABLE(...)} or {@code UNNEST(...)} (a stateless
     * {@code Correlate}); Flink 2.3.0 and 1.20. A hint on a block joining only so is dropped without a
     * word ({@code ttl-hint-ignored}).
     */
    static boolean joins(SqlSelect select) {
        return regularJoin(select.getFrom());
    }

    private static boolean regularJoin(SqlNode from) {
        if (!(from instanceof SqlJoin join)) {
            return false;
        }
        return !correlated(join.getRight()) || regularJoin(join.getLeft());
    }

    /**
     * True for a join's right input that no regular join reads: a snapshot, a lateral table function, an
     * unnest. A {@code LATERAL} subquery is not one: Flink decorrelates it into a regular join.
     */
    private static boolean correlated(SqlNode right) {
        SqlNode input = SqlUtil.stripAs(right);
        if (input.getKind() == SqlKind.LATERAL) {
            input = ((SqlCall) input).operand(0);
            return input.getKind() == SqlKind.COLLECTION_TABLE;
        }
        return input.getKind() == SqlKind.SNAPSHOT || input.getKind() == SqlKind.UNNEST;
    }

    /** The {@code STATE_TTL} hints of {@code select}'s own block. */
    static List<SqlHint> stateTtlHints(SqlSelect select) {
        List<SqlHint> out = new ArrayList<>();
        if (select.getHints() != null) {
            for (SqlNode node : select.getHints()) {
                if (node instanceof SqlHint hint && hint.getName().toUpperCase(Locale.ROOT).equals("STATE_TTL")) {
                    out.add(hint);
                }
            }
        }
        return out;
    }

    /** The hint {@code STATE_TTL('a' = 'ttl', 'b' = 'ttl')} for {@code inputs}. */
    static SqlHint stateTtl(List<String> inputs, String ttl) {
        List<String> pairs = new ArrayList<>();
        for (String input : inputs) {
            pairs.add("'" + input.replace("'", "''") + "' = '" + ttl + "'");
        }
        return Snippets.hint("STATE_TTL(" + String.join(", ", pairs) + ")");
    }

    /** {@code select}'s hints with {@code hint} added. */
    static void addHint(SqlSelect select, SqlHint hint) {
        SqlNodeList hints = new SqlNodeList(select.getParserPosition());
        if (select.getHints() != null) {
            select.getHints().forEach(hints::add);
        }
        hints.add(hint);
        select.setHints(hints);
    }
}
