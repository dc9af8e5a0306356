package io.github.sqlguard.statement;

/**
 * The lexical pieces of SQL text that hide what looks like code: string literals ({@code '...'}),
 * quoted identifiers ({@code `...`}, {@code "..."}) and comments ({@code -- ...}, {@code /* ...
 * *&#47;}), as Flink's parser reads them. Used where the guard scans statement text without a full
 * parse: splitting scripts at {@code ;}, finding the keyword before a nested statement, reading
 * {@code -- sql-guard:allow} comments, reading a statement's first words ({@link #nextToken}, {@link #wordEnd},
 * {@link #afterWord}: one word scanner for {@code PlannedText} and {@code UnplannedText}). An unterminated piece runs to the end of the text. A doubled
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

    /**
     * The index of the first character at or after {@code i} that is not white space and, when {@code skipComments},
     * not in a comment; the text's length when there is none. Without {@code skipComments} a comment is a token: a
     * reader that must not look past one ({@code UnplannedText}, which leaves such a text to Flink's parser) stops there.
     */
    public static int nextToken(String text, int i, boolean skipComments) {
        while (i < text.length()) {
            int next = skipComments ? skipComment(text, i) : i;
            if (next != i) {
                i = next;
            } else if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    /**
     * The end of the word starting at {@code i}, or -1 when no word starts there. A word is a run of letters, digits,
     * {@code _} and {@code $}, the characters of an unquoted identifier in Flink's grammar (Calcite's {@code LETTER} and
     * {@code DIGIT}), so {@code SET$1} is one word and not the keyword {@code SET}.
     */
    public static int wordEnd(String text, int i) {
        int end = i;
        while (end < text.length() && isWordChar(text.charAt(end))) {
            end++;
        }
        return end == i ? -1 : end;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /**
     * The index after {@code word} (upper-case ASCII) when that word, in any ASCII case, starts at {@code i} and is the
     * whole word there ({@link #wordEnd}); otherwise -1.
     */
    public static int afterWord(String text, int i, String word) {
        int end = wordEnd(text, i);
        if (end - i != word.length()) {
            return -1;
        }
        for (int k = 0; k < word.length(); k++) {
            char c = text.charAt(i + k);
            char w = word.charAt(k);
            if (c != w && c != Character.toLowerCase(w)) {
                return -1;
            }
        }
        return end;
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
