package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserUtil;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The time bounds a statement's own conditions set: the {@code INTERVAL} literals of its
 * comparisons ({@code s.ts BETWEEN o.ts AND o.ts + INTERVAL '3' DAY}, {@code ts > CURRENT_TIMESTAMP -
 * INTERVAL '7' DAY}). A state TTL shorter than such a bound forgets rows the statement still
 * matches or counts: a regular join's row that an interval condition keeps for 3 days is lost after
 * a TTL of 1 d. A rewrite that proposes a TTL proposes one that covers the longest of them, and so
 * does a finding's fix text ({@code rewrite.ProposedTtl}), of the statement and of the views it reads
 * ({@code flink.ViewQueries}).
 *
 * <p>Stability: internal.
 */
public final class TimeBounds {

    private static final Set<SqlKind> COMPARISONS = Set.of(
            SqlKind.BETWEEN, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.EQUALS);

    private static final int MAX_DEPTH = 256;

    /**
     * One bound.
     *
     * @param duration how long it is (a month counted as 31 days, a year as 366: never shorter than meant)
     * @param sql the literal as written: {@code INTERVAL '3' DAY}
     */
    public record Bound(Duration duration, String sql) {}

    private TimeBounds() {}

    /** The longest bound in the comparisons of {@code tree}; empty when it has none. */
    public static Optional<Bound> longest(SqlNode tree) {
        Bound[] longest = new Bound[1];
        visit(tree, false, longest, 0);
        return Optional.ofNullable(longest[0]);
    }

    private static void visit(SqlNode node, boolean inComparison, Bound[] longest, int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlIntervalLiteral interval) {
            if (inComparison) {
                Bound bound = bound(interval);
                if (bound != null && (longest[0] == null || bound.duration().compareTo(longest[0].duration()) > 0)) {
                    longest[0] = bound;
                }
            }
            return;
        }
        if (node instanceof SqlNodeList list) {
            for (SqlNode child : list) {
                visit(child, inComparison, longest, depth + 1);
            }
            return;
        }
        if (node instanceof SqlCall call) {
            boolean comparison = inComparison || COMPARISONS.contains(call.getKind());
            for (SqlNode operand : Operands.of(call)) {
                visit(operand, comparison, longest, depth + 1);
            }
        }
    }

    private static Bound bound(SqlIntervalLiteral literal) {
        SqlIntervalLiteral.IntervalValue value = literal.getValueAs(SqlIntervalLiteral.IntervalValue.class);
        try {
            Duration duration = value.getIntervalQualifier().isYearMonth()
                    ? Duration.ofDays(31 * Math.abs(SqlParserUtil.intervalToMonths(value)))
                    : Duration.ofMillis(Math.abs(SqlParserUtil.intervalToMillis(value)));
            return new Bound(duration, literal.toString());
        } catch (RuntimeException e) {
            // A literal Calcite cannot read as a length (it would have refused the statement): no bound.
            return null;
        }
    }
}
