package io.github.sqlguard.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.List;

/**
 * Reads a JSON text forward by position, for the few fields {@link CompiledPlanReader} takes from a
 * compiled plan: objects field by field, arrays element by element, strings without escapes and
 * integers read in place, and anything else skipped by scanning for its end (a string's closing
 * quote, the bracket closing an object or array) without decoding it. A compiled plan is mostly
 * what the guard does not read (resolved tables, expressions, input properties), and a tokenizing
 * parser spent most of the analysis time on it.
 *
 * <p>Not a validating parser: it reads JSON written by Flink ({@code CompiledPlan#asJsonString()}).
 * A value of another shape than the fast paths expect (a string with escapes, a number that is not
 * a plain {@code int}, ...) is read by Jackson from its span ({@link #tree}), so it means what it
 * meant to Jackson. One cursor per text and thread; not thread-safe.
 */
final class JsonCursor {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Returned by {@link #plainInt()} when the value is not a plain {@code int}. */
    static final long NOT_PLAIN = Long.MIN_VALUE;

    private final String json;
    private int pos;

    JsonCursor(String json) {
        this.json = json;
    }

    /** The offset of the next character to read. */
    int position() {
        return pos;
    }

    /** Moves back (or on) to {@code position}, an offset this cursor reported. */
    void reset(int position) {
        pos = position;
    }

    /** The next character after whitespace, not consumed; -1 at the end of the text. */
    int peek() {
        while (pos < json.length()) {
            char c = json.charAt(pos);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return c;
            }
            pos++;
        }
        return -1;
    }

    /** Consumes {@code c} after whitespace, or throws {@link IllegalArgumentException}. */
    void expect(char c) {
        if (peek() != c) {
            throw malformed("'" + c + "' expected");
        }
        pos++;
    }

    /** Consumes {@code c} after whitespace when it is next; true if it was. */
    boolean consume(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    /**
     * In an object whose {@code '{'} was consumed: the next field's name, its {@code ':'} consumed
     * too, so that the cursor is at the field's value; or {@code null} after consuming the closing
     * {@code '}'}. Call it again only after reading or skipping the value.
     */
    String nextField() {
        if (!atField()) {
            return null;
        }
        String name = string();
        expect(':');
        return name;
    }

    /**
     * Like {@link #nextField()}, for a reader that takes only the fields in {@code names}: the
     * element of {@code names} that is the next field's name, or {@link #OTHER_FIELD} for any other
     * name, compared in place (no name is copied out of the text).
     */
    String nextField(List<String> names) {
        if (!atField()) {
            return null;
        }
        int start = pos + 1;
        int end = json.indexOf('"', start);
        String name = OTHER_FIELD;
        if (end < 0 || hasBackslash(start, end)) {
            String decoded = string();
            for (int i = 0; i < names.size(); i++) {
                name = names.get(i).equals(decoded) ? names.get(i) : name;
            }
        } else {
            for (int i = 0; i < names.size(); i++) {
                String candidate = names.get(i);
                if (candidate.length() == end - start && json.startsWith(candidate, start)) {
                    name = candidate;
                    break;
                }
            }
            pos = end + 1;
        }
        expect(':');
        return name;
    }

    /** What {@link #nextField(List)} returns for a field not asked for. */
    static final String OTHER_FIELD = "";

    /** Past the separator before the next field: true at its name, false after consuming {@code '}'}. */
    private boolean atField() {
        if (consume('}')) {
            return false;
        }
        consume(',');
        if (peek() != '"') {
            throw malformed("a field name expected");
        }
        return true;
    }

    private boolean hasBackslash(int start, int end) {
        for (int i = start; i < end; i++) {
            if (json.charAt(i) == '\\') {
                return true;
            }
        }
        return false;
    }

    /**
     * In an array whose {@code '['} was consumed: true when the cursor is at the next element, false
     * after consuming the closing {@code ']'}.
     */
    boolean nextElement() {
        if (consume(']')) {
            return false;
        }
        consume(',');
        return true;
    }

    /**
     * A string value without escapes, read in place; {@code null}, and nothing consumed, when the
     * value is not a string or has escapes.
     */
    String plainString() {
        if (peek() != '"') {
            return null;
        }
        int end = json.indexOf('"', pos + 1);
        if (end < 0 || hasBackslash(pos + 1, end)) {
            return null;
        }
        String value = json.substring(pos + 1, end);
        pos = end + 1;
        return value;
    }

    /**
     * Like {@link #plainString()}, but a value equal to an element of {@code seen} is that element
     * (not a copy), and a new value is added to {@code seen}: for values a text repeats, such as
     * the operator types of a plan.
     */
    String plainString(List<String> seen) {
        if (peek() != '"') {
            return null;
        }
        int end = json.indexOf('"', pos + 1);
        if (end < 0 || hasBackslash(pos + 1, end)) {
            return null;
        }
        for (int i = 0; i < seen.size(); i++) {
            String candidate = seen.get(i);
            if (candidate.length() == end - pos - 1 && json.startsWith(candidate, pos + 1)) {
                pos = end + 1;
                return candidate;
            }
        }
        String value = plainString();
        seen.add(value);
        return value;
    }

    /** A string value, decoded (by Jackson when it has escapes); for another value, its Jackson {@code asText()}. */
    String string() {
        String plain = plainString();
        if (plain != null) {
            return plain;
        }
        int start = pos;
        return tree(start, skipValue()).asText();
    }

    /**
     * An integer value of at most 9 digits, read in place; {@link #NOT_PLAIN}, and nothing consumed,
     * for any other value.
     */
    long plainInt() {
        int start = peek() == '-' ? pos + 1 : pos;
        int end = start;
        while (end < json.length() && end - start <= 9 && json.charAt(end) >= '0' && json.charAt(end) <= '9') {
            end++;
        }
        if (end == start || end - start > 9 || (end < json.length() && !delimiter(json.charAt(end)))) {
            return NOT_PLAIN;
        }
        int value = Integer.parseInt(json, pos, end, 10);
        pos = end;
        return value;
    }

    /** Skips the value at the cursor (of any kind, nested or not); returns the offset just past it. */
    int skipValue() {
        int first = peek();
        if (first == '"') {
            pos = stringEnd(pos);
        } else if (first == '{' || first == '[') {
            int depth = 0;
            do {
                if (pos >= json.length()) {
                    throw malformed("unterminated " + (first == '{' ? "object" : "array"));
                }
                char c = json.charAt(pos);
                if (c == '"') {
                    pos = stringEnd(pos);
                    continue;
                }
                pos++;
                if (c == '{' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ']') {
                    depth--;
                }
            } while (depth > 0);
        } else {
            int start = pos;
            while (pos < json.length() && !delimiter(json.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw malformed("a value expected");
            }
        }
        return pos;
    }

    /** The value spanning {@code [start, end)} of the text, read by Jackson; a missing node for a {@code start} of -1. */
    JsonNode tree(int start, int end) {
        if (start < 0) {
            return MissingNode.getInstance();
        }
        try {
            return MAPPER.readTree(json.substring(start, end));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a compiled plan: " + e.getOriginalMessage(), e);
        }
    }

    /** The text of {@code [start, end)}. */
    String text(int start, int end) {
        return json.substring(start, end);
    }

    /** Offset just past the closing quote of the string whose opening quote is at {@code quote}. */
    private int stringEnd(int quote) {
        int from = quote + 1;
        while (true) {
            int end = json.indexOf('"', from);
            if (end < 0) {
                throw malformed("unterminated string");
            }
            int backslashes = 0;
            for (int i = end - 1; i > quote && json.charAt(i) == '\\'; i--) {
                backslashes++;
            }
            if (backslashes % 2 == 0) {
                return end + 1;
            }
            from = end + 1;
        }
    }

    private static boolean delimiter(char c) {
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private IllegalArgumentException malformed(String what) {
        return new IllegalArgumentException("Not a compiled plan: " + what + " at offset " + pos + ".");
    }
}
