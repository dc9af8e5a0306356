package io.github.sqlguard.statement;

/**
 * The lexical pieces of SQL text that hide what looks like code: string literals ({@code '...'}),
 * quoted identifiers ({@code `...`}, {@code "..."}) and comments ({@code -- ...}, {@code /* ...
 * *&#47;}), as Flink's parser reads them. Used where the guard scans statement text without a full
 * parse: splitting scripts at {@code ;}, finding the keyword before a nested statement, reading
 * {@code -- sql-guard:allow} comments. An unterminated piece runs to the end of the text. A doubled
 * quote inside a literal ({@code 'it''s'}) reads as two adjacent literals, which skips the same
 * text.
 */
public final class SqlText {

    private SqlText() {}

    /**
     * If a literal, quoted identifier or comment starts at {@code i}, the index just after it (a
     * line comment ends before its newline); otherwise {@code i}.
     */
    public static int skipQuotedOrComment(String text, int i) {
        if (i >= text.length()) {
            return i;
        }
        char c = text.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            int close = text.indexOf(c, i + 1);
            return close < 0 ? text.length() : close + 1;
        }
        return skipComment(text, i);
    }

    /** If a comment starts at {@code i}, the index just after it (before a line comment's newline); otherwise {@code i}. */
    public static int skipComment(String text, int i) {
        if (isLineComment(text, i)) {
            int end = text.indexOf('\n', i);
            return end < 0 ? text.length() : end;
        }
        if (text.startsWith("/*", i)) {
            int end = text.indexOf("*/", i + 2);
            return end < 0 ? text.length() : end + 2;
        }
        return i;
    }

    /**
     * True when {@code text} ends inside a {@code --} line comment: a {@code ;} written after it would
     * be part of the comment, and the statement would not end there.
     */
    public static boolean endsInLineComment(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            int next = skipQuotedOrComment(text, i);
            if (next == n && isLineComment(text, i)) {
                return true;
            }
            i = next == i ? i + 1 : next;
        }
        return false;
    }

    /** True when a {@code --} line comment starts at {@code i}. */
    public static boolean isLineComment(String text, int i) {
        return text.startsWith("--", i);
    }

    /**
     * {@code text} without its comments, string literals and quoted identifiers kept: a block
     * comment becomes a space (it separates tokens), a line comment is dropped up to its newline.
     */
    public static String withoutComments(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            int afterComment = skipComment(text, i);
            if (afterComment != i) {
                if (!isLineComment(text, i)) {
                    out.append(' ');
                }
                i = afterComment;
                continue;
            }
            int next = skipQuotedOrComment(text, i);
            int end = next == i ? i + 1 : next;
            out.append(text, i, end);
            i = end;
        }
        return out.toString();
    }
}
