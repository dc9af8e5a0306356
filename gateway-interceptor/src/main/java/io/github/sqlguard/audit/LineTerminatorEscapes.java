package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Jackson's {@link CharacterEscapes} for the guard's JSON-lines output: Jackson's standard escapes
 * (every character below U+0020, {@code "} and {@code \}), and the three line terminators outside
 * ASCII written as {@code &#92;u2028} (LINE SEPARATOR), {@code &#92;u2029} (PARAGRAPH SEPARATOR) and
 * {@code &#92;u0085} (NEXT LINE). Every other character is written as it is (a Chinese identifier stays
 * readable in UTF-8).
 *
 * <p>Why: Jackson 2.19 writes these three raw ({@code WriterBasedJsonGenerator} escapes by {@code
 * CharacterEscapes.standardAsciiEscapesForJSON()}, ASCII only). That is valid JSON, and a record
 * stays on its own line feed, but a consumer that splits lines on Unicode line terminators
 * cuts the record there: Python's {@code str.splitlines()} splits on all three (and on {@code \x0b},
 * {@code \x0c}, {@code \x1c}-{@code \x1e}, which Jackson already escapes), ECMAScript's
 * LineTerminator includes U+2028 and U+2029. A statement's text could then show a forged record as
 * a line of its own (bench/results/2026-12-03-hostile-probe-r43.md). Jackson's own {@code
 * JsonpCharacterEscapes} escapes U+2028 and U+2029 for the same reason (JSONP), not U+0085.
 *
 * <p>Thread-safe (immutable); the one {@link #INSTANCE} serves every generator.
 */
public final class LineTerminatorEscapes extends CharacterEscapes {

    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final LineTerminatorEscapes INSTANCE = new LineTerminatorEscapes();

    private static final int[] ASCII = CharacterEscapes.standardAsciiEscapesForJSON();
    private static final SerializedString NEXT_LINE = new SerializedString("\\u0085");
    private static final SerializedString LINE_SEPARATOR = new SerializedString("\\u2028");
    private static final SerializedString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");

    private LineTerminatorEscapes() {}

    /** A mapper whose generators write with these escapes (its factory's {@code characterEscapes}). */
    public static ObjectMapper mapper() {
        return JsonMapper.builder(new JsonFactoryBuilder().characterEscapes(INSTANCE).build()).build();
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ASCII;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return switch (ch) {
            case 0x85 -> NEXT_LINE;
            case 0x2028 -> LINE_SEPARATOR;
            case 0x2029 -> PARAGRAPH_SEPARATOR;
            default -> null;
        };
    }

    private Object readResolve() {
        return INSTANCE;
    }
}
