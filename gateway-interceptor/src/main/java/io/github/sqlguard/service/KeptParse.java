package io.github.sqlguard.service;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

/**
 * A statement as Flink's parsers read it before its call began (the REST endpoint parses a
 * statement once to see whether it can be decided on its I/O thread, and the call decides on that
 * parse), with the time the parse took, which is the guard's time too.
 *
 * @param statement the statement as Flink's parsers read it
 * @param nanos how long the parse took
 */
public record KeptParse(ParsedStatement statement, long nanos) {

    /** Parses {@code statement} with {@code parser} and times it. */
    public static KeptParse of(StatementParser parser, String statement) {
        long start = System.nanoTime();
        ParsedStatement parsed = parser.parse(statement);
        return new KeptParse(parsed, System.nanoTime() - start);
    }
}
