package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The word scanner of {@link SqlText} that {@code PlannedText} and {@code UnplannedText} share. */
class SqlTextTest {

    @Test
    void theNextTokenSkipsCommentsOnlyWhenAsked() {
        String text = "  /* a note */ -- another\n SET";
        assertThat(SqlText.nextToken(text, 0, true)).isEqualTo(text.indexOf("SET"));
        assertThat(SqlText.nextToken(text, 0, false)).as("a comment is a token").isEqualTo(2);
        assertThat(SqlText.nextToken("   ", 0, true)).isEqualTo(3);
    }

    @Test
    void aWordIsARunOfTheCharactersOfAnUnquotedIdentifier() {
        assertThat(SqlText.wordEnd("SET 'a' = 'b'", 0)).isEqualTo(3);
        assertThat(SqlText.wordEnd("SET$1 = 2", 0)).isEqualTo(5);
        assertThat(SqlText.wordEnd("my_table2(", 0)).isEqualTo(9);
        assertThat(SqlText.wordEnd("'SET'", 0)).as("no word starts at a quote").isEqualTo(-1);
        assertThat(SqlText.wordEnd("", 0)).isEqualTo(-1);
    }

    @Test
    void aWordMatchesInAnyAsciiCaseAndOnlyWhole() {
        assertThat(SqlText.afterWord("explain plan for", 0, "EXPLAIN")).isEqualTo(7);
        assertThat(SqlText.afterWord("ExPlAiN", 0, "EXPLAIN")).isEqualTo(7);
        assertThat(SqlText.afterWord("SETTINGS", 0, "SET")).isEqualTo(-1);
        assertThat(SqlText.afterWord("SET$x", 0, "SET")).isEqualTo(-1);
        assertThat(SqlText.afterWord("x SET", 2, "SET")).isEqualTo(5);
        assertThat(SqlText.afterWord("\u017Fet", 0, "SET")).as("ASCII case only (the long s is not S)").isEqualTo(-1);
    }
}
