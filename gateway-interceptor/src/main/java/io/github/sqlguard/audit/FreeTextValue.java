package io.github.sqlguard.audit;

/**
 * Where the value of a {@code key=value} entry or a {@code password=...} parameter ends in free text
 * the guard writes (a finding, a rewrite's SQL, Flink's {@code EXPLAIN} text), so that {@link
 * Redactor#maskSecrets} masks the value and no more.
 *
 * <p>The value runs to the first space or {@code , ; & ' "}, or to a closing {@code ) ] }} or
 * back-tick it did not open: the text around it opened that one, and masking it leaves the text
 * unbalanced. Round 43's hostile read: a quoted identifier {@code `password=S3CR3T`} in a rewrite
 * was masked up to and including its closing back-tick ({@code `password=****, amount}, a rewrite
 * that cannot be copied), and Calcite's {@code RelWriterImpl}, which prints a projection's field as
 * {@code name=[expr]}, made {@code LogicalProject(password=S3CR3T=[$0], ...)} read {@code
 * LogicalProject(password=****], ...)}. A bracket the value opens is masked with what it holds, up
 * to its closing one ({@code password=S3CR3T=[+($0, 1)]} is masked whole); where it is never closed,
 * the value ends at the first of the characters above, as if it were not there. A value that starts
 * with a {@code "} or a back-tick runs to the matching one, both included.
 *
 * <p>A bracket is followed up to the end of its line and {@link #MAX_LENGTH} characters at most:
 * each value is read from its start, and text of many {@code password=[} never closed would
 * otherwise be read to its end once per value.
 */
final class FreeTextValue {

    /** The most characters read for a value that opens a bracket. */
    static final int MAX_LENGTH = 4096;

    private FreeTextValue() {
    }

    /** The index after the value that starts at {@code start} of {@code text}; {@code start} for none. */
    static int end(CharSequence text, int start) {
        int length = text.length();
        if (start < length && (text.charAt(start) == '"' || text.charAt(start) == '`')) {
            char quote = text.charAt(start);
            for (int i = start + 1; i < length; i++) {
                if (text.charAt(i) == quote) {
                    return i + 1;
                }
            }
            start++;
        }
        int flat = flatEnd(text, start);
        StringBuilder open = new StringBuilder();
        int limit = Math.min(length, start + MAX_LENGTH);
        for (int i = start; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '\n' && open.length() > 0) {
                return flat;
            }
            if (c == '(' || c == '[' || c == '{') {
                open.append(closing(c));
            } else if (open.length() > 0) {
                if (c == open.charAt(open.length() - 1)) {
                    open.setLength(open.length() - 1);
                } else if (c == ')' || c == ']' || c == '}') {
                    return flat;
                }
            } else if (endsFlat(c)) {
                return i;
            }
        }
        return open.length() == 0 && limit == length ? length : flat;
    }

    /** The end of the value as if no bracket it opens were there. */
    private static int flatEnd(CharSequence text, int start) {
        for (int i = start; i < text.length(); i++) {
            if (endsFlat(text.charAt(i))) {
                return i;
            }
        }
        return text.length();
    }

    private static boolean endsFlat(char c) {
        return Character.isWhitespace(c) || ",;&'\")]}`".indexOf(c) >= 0;
    }

    private static char closing(char open) {
        return open == '(' ? ')' : open == '[' ? ']' : '}';
    }
}
