package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.Optional;

/**
 * The key equality of a correlated subquery ({@code LATERAL (SELECT ... FROM counts WHERE counts.shop =
 * s.shop ...)}), as the statement facts ({@link SqlFactsCollector}, the {@code lateral-top-n-unsupported}
 * diagnosis) and the rewrites ({@code LateralTopN}) read it: a column of the subquery's own {@code FROM}
 * ({@code shop} or {@code counts.shop}) equated, either way round, to a column qualified by another name
 * ({@code s.shop}, the outer query's). One reader, so that the fact and the rewrite agree on which
 * conjuncts correlate.
 *
 * @param column the subquery's own column ({@code shop})
 * @param outerName the name the other column is qualified by ({@code s})
 * @param outerColumn the other column ({@code shop} of {@code s.shop})
 */
public record CorrelatedKey(String column, String outerName, String outerColumn) {

    /**
     * The key equality {@code conjunct} is, where {@code own} names the subquery's {@code FROM} (a
     * column qualified by it, or by nothing, is the subquery's); empty for any other conjunct.
     */
    public static Optional<CorrelatedKey> of(SqlNode conjunct, String own) {
        if (conjunct.getKind() != SqlKind.EQUALS) {
            return Optional.empty();
        }
        SqlCall equals = (SqlCall) conjunct;
        for (int i = 0; i < 2; i++) {
            if (equals.operand(i) instanceof SqlIdentifier inner && equals.operand(1 - i) instanceof SqlIdentifier outer
                    && outer.names.size() == 2 && !outer.names.get(0).equalsIgnoreCase(own)
                    && (inner.names.size() == 1 || inner.names.size() == 2 && inner.names.get(0).equalsIgnoreCase(own))) {
                return Optional.of(new CorrelatedKey(inner.names.get(inner.names.size() - 1), outer.names.get(0), outer.names.get(1)));
            }
        }
        return Optional.empty();
    }
}
