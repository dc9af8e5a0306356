package io.github.sqlguard.statement;

import io.github.sqlguard.statement.ParsedStatement.SqlFacts;

import java.util.Objects;
import java.util.Optional;

/**
 * The text the guard plans for a statement ({@link ParsedStatement#plannedBody()}) with what Flink's SQL parser found
 * in the statement where it read it ({@link StatementParser}, the tree kept as {@link ParsedTree}), so that what a
 * planning reads of the body besides Flink's own parse (the tables and views it reads: {@code flink.TablesRead},
 * {@code flink.ViewQueries}) reads those facts, not the text again (issue 30 §4: one parse per statement).
 *
 * <p>The facts are those of the whole statement's tree, and its table references are the body's: what a body leaves
 * out of the statement's text (an {@code EXPLAIN}'s words, a {@code COMPILE PLAN}'s file, a materialized table's name
 * and options, a trailing {@code ;}) reads no table ({@link SqlFactsCollector} takes table references from {@code
 * FROM} items only).
 *
 * @param text the text to plan
 * @param facts what Flink's SQL parser found in the statement; empty where no tree is kept (a statement the session's
 *     parser chain read, a text planned on its own): whoever plans it reads the text once
 */
public record PlannedBody(String text, Optional<SqlFacts> facts) {

    public PlannedBody {
        Objects.requireNonNull(text);
        Objects.requireNonNull(facts);
    }

    /** {@code text}, with nothing read of it yet. */
    public static PlannedBody unread(String text) {
        return new PlannedBody(text, Optional.empty());
    }

    /**
     * What the guard plans for {@code statement}: a {@link ParsedStatement.Planned} statement's body, an {@link
     * ParsedStatement.Explain}'s explained statement, each with the statement's facts where Flink's SQL parser read it
     * (its tree is kept; an {@code EXPLAIN}'s explained statement shares the {@code EXPLAIN}'s); empty for anything the
     * guard does not plan.
     */
    public static Optional<PlannedBody> of(ParsedStatement statement) {
        if (statement instanceof ParsedStatement.Planned planned) {
            return Optional.of(new PlannedBody(planned.body(), read(planned.tree(), planned.facts())));
        }
        if (statement instanceof ParsedStatement.Explain explain) {
            return explain.explained().map(explained -> new PlannedBody(explained.body(), read(explain.tree(), explain.facts())));
        }
        return Optional.empty();
    }

    private static Optional<SqlFacts> read(Optional<ParsedTree> tree, SqlFacts facts) {
        return tree.isPresent() ? Optional.of(facts) : Optional.empty();
    }

    /** The facts, read from the text where none were kept; {@link SqlFacts#NONE} where Flink's SQL parser cannot read it. */
    public SqlFacts read() {
        return facts.or(() -> QueryFacts.of(text)).orElse(SqlFacts.NONE);
    }
}
