package io.github.sqlguard.service;

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
        int at = skipWhitespace(statement, 0);
        int end = wordEnd(statement, at);
        if (isWord(statement, at, end, "SET") || isWord(statement, at, end, "RESET")
                || isWord(statement, at, end, "SHOW")) {
            return true;
        }
        if (!isWord(statement, at, end, "CREATE")) {
            return false;
        }
        at = skipWhitespace(statement, end);
        end = wordEnd(statement, at);
        if (isWord(statement, at, end, "TEMPORARY")) {
            at = skipWhitespace(statement, end);
            end = wordEnd(statement, at);
        }
        return isWord(statement, at, end, "TABLE") && !hasWordAs(statement, end);
    }

    /**
     * True when the word {@code AS}, in any case, stands anywhere in {@code text} from {@code from} on (a
     * non-word character); the loop looks at the start of each word only.
     */
    private static boolean hasWordAs(String text, int from) {
        for (int i = from; i < text.length(); i = Math.max(i + 1, wordEnd(text, i))) {
            if (isWord(text, i, wordEnd(text, i), "AS")) {
                return true;
            }
        }
        return false;
    }

    private static int skipWhitespace(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int wordEnd(String text, int from) {
        int i = from;
        while (i < text.length() && isWordChar(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** True when {@code text[start, end)} is {@code word} (upper-case ASCII) in any ASCII case. */
    private static boolean isWord(String text, int start, int end, String word) {
        if (end - start != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            char c = text.charAt(start + i);
            if (c != word.charAt(i) && c != Character.toLowerCase(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
