package io.github.sqlguard.plan;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.Objects;
import java.util.Optional;

/**
 * A view the statement reads that is a plain filter or projection of one table ({@code statement.FilteredView}: {@code
 * CREATE VIEW active_customers AS SELECT id, name FROM customers WHERE active}), with its condition as the join of the
 * statement names the view. The plan shows the table's scan and the condition merged into a Calc; the view's name and
 * its condition as SQL are here only. Read by {@code stateful-without-ttl}'s fix for a regular join of the view: the
 * lookup join of the table, the view's condition in its {@code ON}, as the {@code lookup-join} rewrite writes it.
 *
 * @param view the view's name, as the statement writes it
 * @param qualifier how the statement qualifies the view's columns (its alias, else the view's name)
 * @param table the table the view reads, as the session's catalog qualifies it
 * @param written the table as a statement of the session writes it (its own name where that resolves to it)
 * @param condition the view's {@code WHERE}, each column qualified by {@code qualifier}, as it follows a join's
 *     condition and {@code AND} (in parentheses where it is a conjunction itself); empty where it has none
 */
public record ViewFilter(
        String view, String qualifier, ObjectIdentifier table, String written, Optional<String> condition) {

    public ViewFilter {
        Objects.requireNonNull(view);
        Objects.requireNonNull(qualifier);
        Objects.requireNonNull(table);
        Objects.requireNonNull(written);
        Objects.requireNonNull(condition);
    }
}
