package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rules.Finding;

import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A family that changes the statement's SQL, or, where the pattern sits in a view the statement
 * reads, that view's: it is asked about each {@link Scope} in turn (the statement first, then its
 * views) and writes its candidates for the first scope that has the pattern.
 */
abstract class ScopedFamily implements RewriteFamily {

    private final FamilyDeclaration declaration;

    ScopedFamily(FamilyDeclaration declaration) {
        this.declaration = declaration;
    }

    @Override
    public final FamilyDeclaration declaration() {
        return declaration;
    }

    @Override
    public final List<Candidate> candidates(Finding finding, RewriteContext context) {
        for (Scope scope : context.scopes()) {
            if (scope.read().isEmpty()) {
                continue;
            }
            List<Candidate> here = candidates(finding, context, scope);
            if (!here.isEmpty()) {
                return here;
            }
        }
        return List.of();
    }

    /** The candidates for {@code finding} that change {@code scope}; empty when the pattern is not there. */
    abstract List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope);

    /** The first column of {@code columns} that is an event-time attribute (a column with a {@code WATERMARK}). */
    static Optional<Column> rowtime(List<Column> columns) {
        return columns.stream().filter(c -> c.timeAttribute() == Column.TimeAttribute.ROWTIME).findFirst();
    }

    /** The first time attribute of {@code columns}: event time first, else processing time. */
    static Optional<Column> timeAttribute(List<Column> columns) {
        Optional<Column> rowtime = rowtime(columns);
        return rowtime.isPresent()
                ? rowtime
                : columns.stream().filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME).findFirst();
    }

    /** A fresh tree of {@code scope} (it has one: scopes without are skipped). */
    static SqlNode tree(Scope scope) {
        return scope.tree().orElseThrow();
    }

    /** The candidates of {@code one}, or none. */
    static List<Candidate> listOf(Optional<Candidate> one) {
        return one.map(List::of).orElse(List.of());
    }

    /** Both lists, in order. */
    static List<Candidate> both(List<Candidate> first, List<Candidate> second) {
        List<Candidate> out = new ArrayList<>(first);
        out.addAll(second);
        return out;
    }

    /** How a time attribute is described in {@code changes}: {@code order_time (event time)}. */
    static String describe(Column column) {
        return column.name() + (column.timeAttribute() == Column.TimeAttribute.ROWTIME ? " (event time, its WATERMARK)"
                : " (processing time, PROCTIME())");
    }
}
