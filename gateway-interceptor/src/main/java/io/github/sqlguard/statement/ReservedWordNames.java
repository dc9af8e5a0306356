package io.github.sqlguard.statement;

import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement Flink's parser refused because it uses a reserved word as a name (an alias {@code AS running}, a column
 * {@code value}, {@code timestamp}), and the same statement with each such word in back-ticks. Flink's parser
 * ({@code FlinkSqlParserImpl}, Calcite's grammar with Flink's keywords) reads a reserved word only as the keyword,
 * and refuses it where a name stands with {@code Encountered "running" at line 1, column 29}: the word is quoted
 * where the parser stopped, and again at the next such stop, until the statement parses. Only a statement that then
 * parses is one: a keyword missing or misplaced ({@code SELECT a, FROM t}) stops the parser at a reserved word too,
 * and quoting it does not make the statement parse.
 *
 * @param text the statement with the words in back-ticks, which Flink's parser reads
 * @param words the words quoted, as the statement writes them, in the order the parser met them
 */
public record ReservedWordNames(String text, List<String> words) {

    /** Calcite's message where its parser stops at a token: {@code Encountered "running" at line 1, column 29}. */
    private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"([A-Za-z_][A-Za-z0-9_]*)\" at line (\\d+), column (\\d+)");

    /** At most this many words are quoted in one statement. */
    private static final int MAX_WORDS = 20;

    public ReservedWordNames {
        words = List.copyOf(words);
    }

    /** As {@link #of(String, String)}, with the message of Flink's parser reading {@code text}; empty where it parses. */
    public static Optional<ReservedWordNames> of(String text) {
        try {
            FlinkSqlParser.parseStmtList(text);
            return Optional.empty();
        } catch (SqlParseException e) {
            return quoting(text, String.valueOf(e.getMessage()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The statement {@code text} with its reserved words used as names in back-ticks, where {@code message} (Flink's
     * parse error of it) stops at one and the quoted statement parses; empty otherwise.
     */
    public static Optional<ReservedWordNames> of(String text, String message) {
        Matcher first = ENCOUNTERED.matcher(message);
        if (!first.find() || !SqlIdentifiers.reserved(first.group(1))) {
            return Optional.empty();
        }
        Optional<ReservedWordNames> quoted = quoting(text, message);
        if (quoted.isPresent()) {
            return quoted;
        }
        // The message's line and column may count from another text than the statement (an EXPLAIN of it, as Flink's
        // gateway reports it in DiagnosisThroughPlannerTest's gateway form; a script around it): the statement's own
        // parse says where the parser stops in it.
        return of(text);
    }

    /** {@link #of(String, String)} where the positions of {@code message} count from {@code text}. */
    private static Optional<ReservedWordNames> quoting(String text, String message) {
        String current = text;
        String error = message;
        List<String> words = new ArrayList<>();
        for (int i = 0; i < MAX_WORDS; i++) {
            Matcher stop = ENCOUNTERED.matcher(error);
            if (!stop.find() || !SqlIdentifiers.reserved(stop.group(1))) {
                return Optional.empty();
            }
            String word = stop.group(1);
            int at = offset(current, Integer.parseInt(stop.group(2)), Integer.parseInt(stop.group(3)));
            if (at < 0 || !current.regionMatches(true, at, word, 0, word.length())
                    || (at > 0 && current.charAt(at - 1) == '`')) {
                return Optional.empty();
            }
            words.add(current.substring(at, at + word.length()));
            current = current.substring(0, at) + "`" + current.substring(at, at + word.length()) + "`"
                    + current.substring(at + word.length());
            try {
                FlinkSqlParser.parseStmtList(current);
                return Optional.of(new ReservedWordNames(current, words));
            } catch (SqlParseException e) {
                error = String.valueOf(e.getMessage());
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The words as a fix names them: {@code `running`, `value`}, each once. */
    public String quotedList() {
        return String.join(", ", words.stream().map(w -> "`" + w + "`").distinct().toList());
    }

    /** The offset in {@code text} of 1-based {@code line} and {@code column}, as Calcite counts them (a tab is one column); -1 when outside. */
    private static int offset(String text, int line, int column) {
        int at = 0;
        for (int l = 1; l < line; l++) {
            int next = text.indexOf('\n', at);
            if (next < 0) {
                return -1;
            }
            at = next + 1;
        }
        int offset = at + column - 1;
        return offset < text.length() ? offset : -1;
    }
}
