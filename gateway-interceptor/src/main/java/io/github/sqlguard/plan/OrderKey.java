package io.github.sqlguard.plan;

import io.github.sqlguard.statement.SqlIdentifiers;

/**
 * One key of an {@code ORDER BY} in a plan node ({@code Rank}'s {@code orderBy}, an {@code OVER}
 * window's {@code orderBy}), by column name.
 *
 * @param column the column's name, as the statement names it
 * @param type the column's type as Flink writes it; empty when the plan does not say (EXPLAIN text)
 * @param ascending {@code ASC}
 */
public record OrderKey(String column, String type, boolean ascending) {

    /** True when the column is a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ}, a time attribute or not; false when the plan does not say. */
    public boolean onTimestamp() {
        return Operators.isTimestamp(type);
    }

    /** As SQL: {@code amount DESC}, {@code `order` DESC} ({@link SqlIdentifiers#planName}). */
    public String sql() {
        return SqlIdentifiers.planName(column) + (ascending ? " ASC" : " DESC");
    }
}
