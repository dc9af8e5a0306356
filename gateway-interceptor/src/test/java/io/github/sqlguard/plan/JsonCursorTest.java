package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reading JSON by position: fields, plain values in place, anything else skipped or left to Jackson. */
class JsonCursorTest {

    @Test
    void readsFieldsAndSkipsNestedValuesWithBracketsAndQuotesInStrings() {
        JsonCursor json = new JsonCursor(
                "{ \"skip\" : {\"a\": [1, {\"b\": \"]}\\\"[{\"}], \"c\": null}, \"id\" : 42, \"s\" : \"text\", \"n\": -7 }");
        json.expect('{');
        assertThat(json.nextField()).isEqualTo("skip");
        json.skipValue();
        assertThat(json.nextField()).isEqualTo("id");
        assertThat(json.plainInt()).isEqualTo(42);
        assertThat(json.nextField()).isEqualTo("s");
        assertThat(json.plainString()).isEqualTo("text");
        assertThat(json.nextField()).isEqualTo("n");
        assertThat(json.plainInt()).isEqualTo(-7);
        assertThat(json.nextField()).isNull();
    }

    @Test
    void leavesStringsWithEscapesAndNonIntNumbersToJackson() {
        JsonCursor json = new JsonCursor("[\"a\\\"b\\u00e9\", 5.5, 12345678901, true, \"\\\\\"]");
        json.expect('[');
        assertThat(json.nextElement()).isTrue();
        int start = json.position();
        assertThat(json.plainString()).isNull();
        assertThat(json.position()).as("nothing consumed").isEqualTo(start);
        assertThat(json.string()).isEqualTo("a\"bé");
        assertThat(json.nextElement()).isTrue();
        assertThat(json.plainInt()).isEqualTo(JsonCursor.NOT_PLAIN);
        json.peek();
        int number = json.position();
        assertThat(json.tree(number, json.skipValue()).asDouble()).isEqualTo(5.5);
        assertThat(json.nextElement()).isTrue();
        assertThat(json.plainInt()).as("more than 9 digits").isEqualTo(JsonCursor.NOT_PLAIN);
        json.skipValue();
        assertThat(json.nextElement()).isTrue();
        assertThat(json.plainString()).isNull();
        json.skipValue();
        assertThat(json.nextElement()).isTrue();
        assertThat(json.string()).isEqualTo("\\");
        assertThat(json.nextElement()).isFalse();
    }

    @Test
    void returnsAValueReadBeforeInsteadOfACopy() {
        java.util.List<String> seen = new java.util.ArrayList<>();
        JsonCursor json = new JsonCursor("[\"stream-exec-calc_1\", \"stream-exec-calc_1\", \"x\\\"\"]");
        json.expect('[');
        json.nextElement();
        String first = json.plainString(seen);
        json.nextElement();
        assertThat(json.plainString(seen)).isSameAs(first).isEqualTo("stream-exec-calc_1");
        json.nextElement();
        assertThat(json.plainString(seen)).as("escaped: left to string()").isNull();
        assertThat(seen).containsExactly("stream-exec-calc_1");
    }

    @Test
    void saysWhereTheTextIsNotJson() {
        assertThatThrownBy(() -> new JsonCursor("[1, 2").skipValue())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Not a compiled plan: unterminated array");
        assertThatThrownBy(() -> new JsonCursor("\"abc").skipValue())
                .hasMessageContaining("unterminated string");
        assertThatThrownBy(() -> new JsonCursor("x").expect('{'))
                .hasMessage("Not a compiled plan: '{' expected at offset 0.");
    }
}
