package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The condition by which a statement bounds one time column by another, as the statement writes it, with its two
 * bounds exchanged: {@code s.ts BETWEEN o.ts + INTERVAL '1' HOUR AND o.ts} becomes {@code s.ts BETWEEN o.ts AND
 * o.ts + INTERVAL '1' HOUR}; {@code c.ts >= i.ts + INTERVAL '1' HOUR AND c.ts <= i.ts} becomes {@code c.ts >= i.ts
 * AND c.ts <= i.ts + INTERVAL '1' HOUR}. The fix of an interval join whose lower bound lies above its upper one is
 * the user's own condition so, whichever side it bounds and however it is written (Flink's plan gives the bounds
 * only normalized to the left side's time). Each piece keeps its text as written (qualifiers, spacing, {@code >}
 * or {@code >=}); read with Flink's parser.
 *
 * <p>Stateless.
 */
public final class SwappedBounds {

    private static final int MAX_DEPTH = 256;

    private SwappedBounds() {}

    /**
     * The condition of {@code statement} that bounds a column named {@code time} or {@code other} by expressions
     * of the other one, its bounds exchanged; empty when the statement writes no such condition, or more than one
     * (which of them is the join's is not told by names alone), or does not parse.
     */
    public static Optional<String> of(String statement, String time, String other) {
        List<SqlNode> roots = new ArrayList<>();
        try {
            FlinkSqlParser.parseStmtList(statement).forEach(roots::add);
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
        List<Comparison> comparisons = new ArrayList<>();
        List<SqlCall> betweens = new ArrayList<>();
        for (SqlNode root : roots) {
            collect(root, List.of(time, other), comparisons, betweens, 0);
        }
        WrittenText offsets = new WrittenText(statement);
        List<String> found = new ArrayList<>();
        for (SqlCall between : betweens) {
            SqlNode lower = between.operand(1);
            SqlNode upper = between.operand(2);
            found.add(offsets.text(between, lower) + offsets.text(upper) + offsets.between(lower, upper)
                    + offsets.text(lower) + offsets.after(upper, between));
        }
        List<Comparison> lowers = comparisons.stream().filter(Comparison::lower).toList();
        List<Comparison> uppers = comparisons.stream().filter(c -> !c.lower()).toList();
        for (Comparison lower : lowers) {
            for (Comparison upper : uppers) {
                if (lower.column().equals(upper.column())) {
                    Comparison first = offsets.start(lower.call()) < offsets.start(upper.call()) ? lower : upper;
                    Comparison second = first == lower ? upper : lower;
                    found.add(first.with(second.bound(), offsets) + " AND " + second.with(first.bound(), offsets));
                }
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /**
     * One comparison of a bare time column with a bound over the other time column.
     *
     * @param call the comparison
     * @param column the bounded column as written ({@code c.click_ts})
     * @param bound the other operand
     * @param lower true when {@code bound} is the lower bound ({@code column >= bound}, {@code bound < column})
     */
    private record Comparison(SqlCall call, String column, SqlNode bound, boolean lower) {

        /** The comparison as written, its bound replaced by the text of {@code replacement}. */
        String with(SqlNode replacement, WrittenText offsets) {
            return offsets.text(call, bound) + offsets.text(replacement) + offsets.after(bound, call);
        }
    }

    private static void collect(SqlNode node, List<String> times, List<Comparison> comparisons, List<SqlCall> betweens,
            int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(child -> collect(child, times, comparisons, betweens, depth + 1));
            return;
        }
        if (!(node instanceof SqlCall call)) {
            return;
        }
        if (call.getKind() == SqlKind.BETWEEN && call.getOperator() instanceof SqlBetweenOperator between
                && !between.isNegated() && between.flag == SqlBetweenOperator.Flag.ASYMMETRIC
                && column(call.operand(0), times).isPresent()
                && readsOtherTime(call.operand(1), call.operand(0), times, 0)
                && readsOtherTime(call.operand(2), call.operand(0), times, 0)) {
            betweens.add(call);
            return;
        }
        if (call instanceof SqlBasicCall && call.operandCount() == 2) {
            SqlKind kind = call.getKind();
            boolean greater = kind == SqlKind.GREATER_THAN || kind == SqlKind.GREATER_THAN_OR_EQUAL;
            boolean less = kind == SqlKind.LESS_THAN || kind == SqlKind.LESS_THAN_OR_EQUAL;
            for (int side = 0; side < 2 && (greater || less); side++) {
                SqlNode column = call.operand(side);
                SqlNode bound = call.operand(1 - side);
                Optional<String> name = column(column, times);
                if (name.isPresent() && readsOtherTime(bound, column, times, 0)) {
                    // column >= bound, or bound <= column: the bound is the lower one. Where both operands are bare
                    // time columns (i.ts > c.ts), each reading is kept: the other comparison tells which column is bounded.
                    comparisons.add(new Comparison(call, name.get(), bound, greater == (side == 0)));
                }
            }
            if (greater || less) {
                return;
            }
        }
        List<SqlNode> operands;
        try {
            operands = call.getOperandList();
        } catch (UnsupportedOperationException e) {
            // Some Flink DDL nodes do not expose operands; they carry no conditions.
            return;
        }
        for (SqlNode operand : operands) {
            collect(operand, times, comparisons, betweens, depth + 1);
        }
    }

    /** {@code node} as written ({@code c.click_ts}) where it is a bare column named one of {@code times}. */
    private static Optional<String> column(SqlNode node, List<String> times) {
        if (node instanceof SqlIdentifier id && !id.isStar() && times.contains(id.names.get(id.names.size() - 1))) {
            return Optional.of(id.toString());
        }
        return Optional.empty();
    }

    /** True when {@code bound} reads a column named one of {@code times} that is not {@code column} itself. */
    private static boolean readsOtherTime(SqlNode bound, SqlNode column, List<String> times, int depth) {
        if (bound == null || depth > MAX_DEPTH) {
            return false;
        }
        if (bound instanceof SqlIdentifier id) {
            return column(id, times).isPresent() && !id.toString().equals(column.toString());
        }
        if (bound instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                if (readsOtherTime(operand, column, times, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }
}
