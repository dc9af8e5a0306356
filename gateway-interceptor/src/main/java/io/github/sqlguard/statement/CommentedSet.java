package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkExtendedParser;

import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.command.ResetOperation;
import org.apache.flink.table.operations.command.SetOperation;

import java.util.Optional;

/**
 * An unquoted {@code SET key = value} or {@code RESET key} that Flink refuses only because a
 * comment stands in its text: before it ({@code -- the TTL\nSET table.exec.state.ttl = '1 d'}) or
 * inside it ({@code SET /* ... *}{@code / key = value}).
 *
 * <p>Flink's extended parser ({@code SetOperationParseStrategy}, {@code
 * ResetOperationParseStrategy}, Flink 2.3.0 and 1.20.0) matches its regular expression against the
 * whole statement text ({@code AbstractRegexParseStrategy#match}: {@code
 * pattern.matcher(statement.trim()).matches()}), comments included; the text then goes to Flink's
 * SQL parser, whose {@code SET} takes quoted strings only, and fails ({@code SQL parse failed.
 * Encountered "table" at line 2}). A comment belongs to the statement it precedes: the SQL Client
 * and the gateway split a script at each {@code ;}, so a comment after the previous statement's
 * semicolon is part of the next one.
 *
 * <p>Found by asking Flink's extended parser ({@link FlinkExtendedParser}) about the text with its
 * comments removed: what it reads there is what the user meant, and what Flink did not apply.
 *
 * @param key the key as Flink would have read it without the comments
 * @param value the value ({@code SET}); empty for a {@code RESET}
 */
public record CommentedSet(StatementKind kind, String key, Optional<String> value) {

    /** The statement as it would read without its comments, when {@code text} is such a statement. */
    public static Optional<CommentedSet> of(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String code = SqlText.withoutComments(text);
        if (code.equals(text)) {
            return Optional.empty();
        }
        Optional<Operation> read;
        try {
            read = FlinkExtendedParser.parse(code.strip());
        } catch (RuntimeException e) {
            // The extended parser matched and could not convert: Flink would refuse it without the comments too.
            return Optional.empty();
        }
        if (read.isEmpty()) {
            return Optional.empty();
        }
        if (read.get() instanceof SetOperation set && set.getKey().isPresent()) {
            return Optional.of(new CommentedSet(StatementKind.SET, set.getKey().get(), set.getValue()));
        }
        if (read.get() instanceof ResetOperation reset && reset.getKey().isPresent()) {
            return Optional.of(new CommentedSet(StatementKind.RESET, reset.getKey().get(), Optional.empty()));
        }
        return Optional.empty();
    }

    /** The statement as SQL with the key quoted, which Flink reads with or without a comment. */
    public String quoted() {
        return kind == StatementKind.SET
                ? "SET '" + key + "' = '" + value.orElse("") + "'"
                : "RESET '" + key + "'";
    }
}
