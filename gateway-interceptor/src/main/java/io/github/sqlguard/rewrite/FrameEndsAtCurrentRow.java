package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.OverFollowingUnsupportedRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code frame-ends-at-current-row}, for {@code over-following-unsupported}: each OVER window whose frame does
 * not end at {@code CURRENT ROW} ends there, the frame keeping its width where both bounds are numbers or
 * intervals of one unit: {@code ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING} becomes {@code ROWS BETWEEN 4
 * PRECEDING AND CURRENT ROW}, {@code CURRENT ROW AND UNBOUNDED FOLLOWING} becomes {@code UNBOUNDED PRECEDING AND
 * CURRENT ROW}. Flink's streaming OVER aggregate runs only frames from {@code UNBOUNDED PRECEDING} or {@code n
 * PRECEDING} to {@code CURRENT ROW} ({@code StreamExecOverAggregate#translateToPlanInternal}, 2.3.0 and 1.20.0).
 */
final class FrameEndsAtCurrentRow extends ScopedFamily {

    static final String ID = "frame-ends-at-current-row";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OverFollowingUnsupportedRule.ID),
            List.of("OverAggregate"),
            "an OVER window's frame ended at `CURRENT ROW`, of the same width where it can be (`2 PRECEDING AND 2"
                    + " FOLLOWING` becomes `4 PRECEDING AND CURRENT ROW`): a row's result covers the rows up to it");

    FrameEndsAtCurrentRow() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        List<String> changed = new ArrayList<>();
        List<SqlNode> nodes = new ArrayList<>(Trees.parents(tree).keySet());
        nodes.add(tree);
        for (SqlNode node : nodes) {
            if (node instanceof SqlWindow window && window.getUpperBound() != null
                    && !(SqlWindow.isCurrentRow(window.getUpperBound()) && preceding(window.getLowerBound()))) {
                String before = frame(window);
                SqlNode upper = window.getUpperBound();
                SqlNode lower = trailingLower(window.getLowerBound(), upper);
                boolean centred = window.getLowerBound().getKind() == SqlKind.PRECEDING && upper.getKind() == SqlKind.FOLLOWING
                        && lower != window.getLowerBound();
                window.setLowerBound(lower);
                window.setUpperBound(SqlWindow.createCurrentRow(SqlParserPos.ZERO));
                String after = centred ? SqlTrees.unparse(((SqlCall) upper).operand(0)) : "";
                changed.add(before + " becomes " + frame(window) + (!centred ? ""
                        : window.isRows() ? " (the same width, trailing: a row's result is the one the old frame gave the"
                                + " row " + after + " rows before it)"
                        : " (the same width, trailing: a row's result is the one the old frame gave at " + after
                                + " before the row)"));
            }
        }
        if (changed.isEmpty()) {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("OverAggregate"), Columns.SAME,
                String.join("; ", changed) + ": each row's result covers the rows up to and including it, not the rows"
                        + " after it, and is written when the row arrives",
                ""));
    }

    /** Whether {@code bound}, a frame's lower bound, is {@code UNBOUNDED PRECEDING} or {@code n PRECEDING}. */
    private static boolean preceding(SqlNode bound) {
        return bound != null && (SqlWindow.isUnboundedPreceding(bound) || bound.getKind() == SqlKind.PRECEDING);
    }

    /**
     * The lower bound of the frame that ends at {@code CURRENT ROW} with the width of {@code lower} to {@code
     * upper}: {@code n PRECEDING} to {@code m FOLLOWING} gives {@code n + m PRECEDING}, {@code CURRENT ROW} to
     * {@code m FOLLOWING} gives {@code m PRECEDING}; {@code lower} itself where it precedes and no width can be
     * added ({@code n PRECEDING} to {@code 1 PRECEDING}, or bounds of different units); {@code UNBOUNDED
     * PRECEDING} otherwise.
     */
    private static SqlNode trailingLower(SqlNode lower, SqlNode upper) {
        Optional<SqlNode> following = upper.getKind() == SqlKind.FOLLOWING ? Optional.of(((SqlCall) upper).operand(0))
                : Optional.empty();
        if (lower != null && lower.getKind() == SqlKind.PRECEDING) {
            SqlNode before = ((SqlCall) lower).operand(0);
            return following.flatMap(after -> sum(before, after))
                    .map(width -> SqlWindow.createPreceding(width, SqlParserPos.ZERO))
                    .orElse(lower);
        }
        if (lower != null && SqlWindow.isUnboundedPreceding(lower)) {
            return lower;
        }
        if (lower != null && SqlWindow.isCurrentRow(lower) && following.isPresent()) {
            return SqlWindow.createPreceding(following.get(), SqlParserPos.ZERO);
        }
        return SqlWindow.createUnboundedPreceding(SqlParserPos.ZERO);
    }

    /** {@code a + b} where both are whole numbers, or intervals of one unit; empty otherwise. */
    private static Optional<SqlNode> sum(SqlNode a, SqlNode b) {
        if (a instanceof SqlNumericLiteral x && b instanceof SqlNumericLiteral y && x.isExact() && y.isExact()) {
            return Optional.of(SqlLiteral.createExactNumeric(
                    x.getValueAs(BigDecimal.class).add(y.getValueAs(BigDecimal.class)).toPlainString(), SqlParserPos.ZERO));
        }
        if (a instanceof SqlIntervalLiteral x && b instanceof SqlIntervalLiteral y) {
            SqlIntervalLiteral.IntervalValue i = x.getValueAs(SqlIntervalLiteral.IntervalValue.class);
            SqlIntervalLiteral.IntervalValue j = y.getValueAs(SqlIntervalLiteral.IntervalValue.class);
            if (i.getSign() > 0 && j.getSign() > 0
                    && i.getIntervalQualifier().toString().equals(j.getIntervalQualifier().toString())
                    && i.getIntervalLiteral().matches("\\d+") && j.getIntervalLiteral().matches("\\d+")) {
                String total = new BigDecimal(i.getIntervalLiteral()).add(new BigDecimal(j.getIntervalLiteral())).toPlainString();
                return Optional.of(SqlLiteral.createInterval(1, total, i.getIntervalQualifier(), SqlParserPos.ZERO));
            }
        }
        return Optional.empty();
    }

    /** The window's frame as written: {@code ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING}. */
    private static String frame(SqlWindow window) {
        return (window.isRows() ? "ROWS" : "RANGE") + " BETWEEN " + SqlTrees.unparse(window.getLowerBound()) + " AND "
                + SqlTrees.unparse(window.getUpperBound());
    }
}
