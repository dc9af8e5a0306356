package io.github.sqlguard.service;

import io.github.sqlguard.statement.SqlText;

/**
 * Statements whose first words alone show that the guard decides them without planning ({@link
 * StatementPipeline#decidesWithoutPlanning}), before Flink's parser has read them: {@code SET},
 * {@code RESET}, {@code SHOW} and {@code CREATE [TEMPORARY] TABLE} without the word {@code AS}. The
 * REST endpoint holds such a statement's operation before the guard parses it ({@link
 * EarlyHold#beforeParse}), so that Flink makes its table environment while the guard parses it too.
 *
 * <p>Only a guess where it cannot be wrong in the costly direction: a text it passes is never one the guard
 * plans. Flink's SQL grammar has no {@code SET}, {@code RESET} or {@code SHOW} statement with a query
 * ({@code FlinkSqlParserImpl}: {@code SqlSet}, {@code SqlReset}, the {@code SqlShow*} nodes; the extended
 * parser's {@code SetOperationParseStrategy} and {@code ResetOperationParseStrategy}), and a {@code CREATE
 * TABLE ... AS} query needs the word {@code AS} ({@code SqlCreateTableAs}). Anything else (comments before
 * the statement, {@code AS} anywhere, even in a computed column or a string) is left to the parse, as
 * before. A text it passes that Flink's parsers then refuse is not planned either ({@link
 * StatementGuard}: a parse error is judged as Flink's error); the parse decides, and a statement it
 * finds not decided without planning has its held operation withdrawn.
 */
final class UnplannedText {

    private UnplannedText() {}

    /** True when {@code statement}'s first words show that the guard decides it without planning. */
    static boolean certain(String statement) {
        if (statement == null) {
            return false;
        }
        // Comments are not skipped: a statement with one before its words is left to the parse.
        int at = SqlText.nextToken(statement, 0, false);
        if (SqlText.afterWord(statement, at, "SET") >= 0 || SqlText.afterWord(statement, at, "RESET") >= 0
                || SqlText.afterWord(statement, at, "SHOW") >= 0) {
            return true;
        }
        int end = SqlText.afterWord(statement, at, "CREATE");
        if (end < 0) {
            return false;
        }
        at = SqlText.nextToken(statement, end, false);
        int temporary = SqlText.afterWord(statement, at, "TEMPORARY");
        if (temporary >= 0) {
            at = SqlText.nextToken(statement, temporary, false);
        }
        end = SqlText.afterWord(statement, at, "TABLE");
        return end >= 0 && !hasWordAs(statement, end);
    }

    /**
     * True when the word {@code AS}, in any case, stands anywhere in {@code text} from {@code from} on (a
     * non-word character); the loop looks at the start of each word only.
     */
    private static boolean hasWordAs(String text, int from) {
        int i = from;
        while (i < text.length()) {
            int end = SqlText.wordEnd(text, i);
            if (end < 0) {
                i++;
            } else if (SqlText.afterWord(text, i, "AS") >= 0) {
                return true;
            } else {
                i = end;
            }
        }
        return false;
    }
}
