package io.github.sqlguard.audit;

/**
 * Where the value of a {@code key=value} entry or a {@code password=...} parameter ends in free text
 * the guard writes (a finding, a rewrite's SQL, Flink's {@code EXPLAIN} text), so that {@link
 * Redactor#maskSecrets} masks the value and no more.
 *
 * <p>The value runs to the first space or {@code , ; & ' " ] }}, to a closing {@code ]} or {@code }} it did
 * not open, and to a back-tick where the value stands inside a quoted identifier (an odd number of
 * back-ticks before it): the text around it opened that one, and masking it leaves the text
 * unbalanced. Never to a {@code )}: a password may hold one, and nothing in free text tells it from a
 * parenthesis the text opened ({@code options:{password=ab)cd}} in Flink's EXPLAIN of an {@code OPTIONS}
 * hint, inside a {@code TableSourceScan(}); the value runs on to the next end above, so a {@code
 * f(secret=x)} is shown {@code f(secret=****}: a shown text a little less tidy, no part of a secret. Round 43's hostile read: a quoted identifier {@code `password=S3CR3T`} in a rewrite
 * was masked up to and including its closing back-tick ({@code `password=****, amount}, a rewrite
 * that cannot be copied), and Calcite's {@code RelWriterImpl}, which prints a projection's field as
 * {@code name=[expr]}, made {@code LogicalProject(password=S3CR3T=[$0], ...)} read {@code
 * LogicalProject(password=****], ...)}. A bracket the value opens is masked with what it holds, up
 * to its closing one ({@code password=S3CR3T=[+($0, 1)]} is masked whole); where it is never closed,
 * the value ends at the first of the characters above, as if it were not there. A value that starts
 * with a {@code "} or a back-tick runs to the matching one, both included.
 *
 * <p>One instance reads one text: the closing bracket of each opening one (on the same line) is found
 * once for the whole text ({@link #closers}), and a quote with no closing one after a position is
 * remembered, so that text of many {@code password=[} or {@code password="} never closed is read
 * once, not once per value (round 44: with a look-ahead per value, 1 MB of {@code password=[x }
 * took 5.6 times as long to mask as before the change).
 */
final class FreeTextValue {

    private final CharSequence text;
    /** For an opening bracket at {@code i}, the index of its closing one; -1 when it has none on its line. Read once, when first needed. */
    private int[] closers;
    /** The least position after which no {@code "}, respectively back-tick, closes a quote. */
    private int noDoubleQuoteFrom = Integer.MAX_VALUE;
    private int noBacktickFrom = Integer.MAX_VALUE;
    /** Back-ticks in {@code text} before {@link #counted}: values are read in order, so the count moves on. */
    private int backticks;
    private int counted;

    FreeTextValue(CharSequence text) {
        this.text = text;
    }

    /** The index after the value that starts at {@code start}; {@code start} for none. */
    int end(int start) {
        int length = text.length();
        if (start < length && (text.charAt(start) == '"' || text.charAt(start) == '`')) {
            int close = closingQuote(start);
            if (close >= 0) {
                return close + 1;
            }
            start++;
        }
        boolean inIdentifier = insideQuotedIdentifier(start);
        int i = start;
        while (i < length) {
            char c = text.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                int close = closer(i);
                if (close < 0) {
                    return flatEnd(start, inIdentifier);
                }
                i = close + 1;
            } else if (endsFlat(c, inIdentifier)) {
                return i;
            } else {
                i++;
            }
        }
        return length;
    }

    /** The index of the quote that closes the one at {@code open}; -1 when none does. */
    private int closingQuote(int open) {
        char quote = text.charAt(open);
        if (open >= (quote == '"' ? noDoubleQuoteFrom : noBacktickFrom)) {
            return -1;
        }
        for (int i = open + 1; i < text.length(); i++) {
            if (text.charAt(i) == quote) {
                return i;
            }
        }
        if (quote == '"') {
            noDoubleQuoteFrom = open;
        } else {
            noBacktickFrom = open;
        }
        return -1;
    }

    private int closer(int open) {
        if (closers == null) {
            closers = closers(text);
        }
        return closers[open];
    }

    /**
     * For each opening bracket of {@code text}, the index of the bracket that closes it; -1 where a
     * line ends or a closing bracket of another kind comes first. Zero at other indices.
     */
    static int[] closers(CharSequence text) {
        int[] out = new int[text.length()];
        int[] open = new int[16];
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                if (depth == open.length) {
                    open = java.util.Arrays.copyOf(open, depth * 2);
                }
                out[i] = -1;
                open[depth++] = i;
            } else if (c == ')' || c == ']' || c == '}' || c == '\n') {
                if (depth > 0 && c == closing(text.charAt(open[depth - 1]))) {
                    out[open[--depth]] = i;
                } else {
                    depth = 0; // the openers left keep -1: none of them is closed
                }
            }
        }
        return out;
    }

    /** The end of the value as if no bracket it opens were there. */
    private int flatEnd(int start, boolean inIdentifier) {
        for (int i = start; i < text.length(); i++) {
            if (endsFlat(text.charAt(i), inIdentifier)) {
                return i;
            }
        }
        return text.length();
    }

    private static boolean endsFlat(char c, boolean inIdentifier) {
        return Character.isWhitespace(c) || ",;&'\"]}".indexOf(c) >= 0 || c == '`' && inIdentifier;
    }

    /** True when an odd number of back-ticks stand before {@code start}: a value inside {@code `password=...`}. */
    private boolean insideQuotedIdentifier(int start) {
        if (start < counted) {
            backticks = 0;
            counted = 0;
        }
        for (; counted < start; counted++) {
            if (text.charAt(counted) == '`') {
                backticks++;
            }
        }
        return (backticks & 1) == 1;
    }

    private static char closing(char open) {
        return open == '(' ? ')' : open == '[' ? ']' : '}';
    }
}
