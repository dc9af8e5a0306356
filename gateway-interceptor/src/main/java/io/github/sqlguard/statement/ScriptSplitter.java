package io.github.sqlguard.statement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a SQL script into statements at {@code ;} outside quotes ({@code '...'}, {@code "..."},
 * {@code `...`}) and comments ({@code -- ...}, {@code /* ... *}{@code /}), keeping {@code EXECUTE
 * STATEMENT SET BEGIN ... END;} whole, and remembers where each statement starts in the script.
 * Comments before a statement stay part of it (a {@code -- sql-guard:allow} comment belongs to the
 * statement that follows it); pieces with no code are dropped.
 *
 * <p>Stability: public, evolving. Stateless and thread-safe.
 */
public final class ScriptSplitter {

    /**
     * One statement of a script.
     *
     * @param text the statement without its terminating {@code ;}, leading and trailing blanks
     *     removed (leading comments kept)
     * @param offset 0-based character offset of the statement's first code character (after
     *     leading blanks and comments) in the script
     * @param line 1-based line of that character
     * @param column 1-based column of that character
     * @param textLine 1-based line of the first character of {@code text} (a leading comment or
     *     the code)
     * @param textColumn 1-based column of the first character of {@code text}
     */
    public record Statement(String text, int offset, int line, int column, int textLine, int textColumn) {

        /**
         * The script position of a 1-based line and column inside {@code text} (for example of a
         * parser error), as {@code {line, column}}.
         */
        public int[] scriptPosition(int lineInText, int columnInText) {
            return lineInText <= 1
                    ? new int[] {textLine, textColumn + Math.max(columnInText, 1) - 1}
                    : new int[] {textLine + lineInText - 1, columnInText};
        }
    }

    private ScriptSplitter() {}

    /** The statements of {@code script}, in order. */
    public static List<Statement> split(String script) {
        List<int[]> ranges = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = script.length();
        while (i < n) {
            int next = SqlText.skipQuotedOrComment(script, i);
            if (next != i) {
                i = next;
            } else if (script.charAt(i) == ';') {
                ranges.add(new int[] {start, i});
                start = i + 1;
                i++;
            } else {
                i++;
            }
        }
        ranges.add(new int[] {start, n});

        List<Statement> statements = new ArrayList<>();
        int[] set = null;
        for (int[] range : ranges) {
            String piece = script.substring(range[0], range[1]);
            int code = firstCode(piece);
            if (code < 0) {
                continue;
            }
            String upper = SqlText.withoutComments(piece).strip().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
            if (set != null) {
                set[1] = range[1];
                if (upper.equals("END")) {
                    statements.add(statement(script, set[0], set[1]));
                    set = null;
                }
            } else if (upper.startsWith("EXECUTE STATEMENT SET") || upper.startsWith("STATEMENT SET")) {
                set = new int[] {range[0], range[1]};
            } else {
                statements.add(statement(script, range[0], range[1]));
            }
        }
        if (set != null) {
            statements.add(statement(script, set[0], set[1]));
        }
        return statements;
    }

    private static Statement statement(String script, int from, int to) {
        String piece = script.substring(from, to);
        int codeOffset = from + firstCode(piece);
        int textOffset = from;
        while (textOffset < to && Character.isWhitespace(script.charAt(textOffset))) {
            textOffset++;
        }
        int[] code = position(script, codeOffset);
        int[] text = position(script, textOffset);
        return new Statement(piece.strip(), codeOffset, code[0], code[1], text[0], text[1]);
    }

    /** 1-based {line, column} of an offset. */
    private static int[] position(String script, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int k = 0; k < offset; k++) {
            if (script.charAt(k) == '\n') {
                line++;
                lineStart = k + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }

    /** Offset of the first character that is neither blank nor comment, or -1. */
    private static int firstCode(String piece) {
        int i = 0;
        int n = piece.length();
        while (i < n) {
            int next = Character.isWhitespace(piece.charAt(i)) ? i + 1 : SqlText.skipComment(piece, i);
            if (next == i) {
                return i;
            }
            i = next;
        }
        return -1;
    }
}
