package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReservedWordNamesTest {

    private static final String STATEMENT = "SELECT user_id, COUNT(*) AS running FROM clicks GROUP BY user_id";

    @Test
    void quotesTheWordWhereTheParserStops() {
        assertThat(ReservedWordNames.of(STATEMENT)).hasValueSatisfying(names -> {
            assertThat(names.words()).containsExactly("running");
            assertThat(names.text()).isEqualTo("SELECT user_id, COUNT(*) AS `running` FROM clicks GROUP BY user_id");
        });
    }

    /**
     * The message of an EXPLAIN of the statement (how a gateway plans it) counts its column from "EXPLAIN ": the
     * statement's own parse says where the word is.
     */
    @Test
    void findsTheWordWhenTheMessageCountsFromAnotherText() {
        String explained = "SQL parse failed. Encountered \"running\" at line 1, column 37.";
        assertThat(ReservedWordNames.of(STATEMENT, explained)).hasValueSatisfying(names -> {
            assertThat(names.words()).containsExactly("running");
            assertThat(names.text()).contains("AS `running`");
        });
    }

    /** A select list ending in a comma: Flink's parser stops at FROM, the keyword it is (case 590). */
    @Test
    void aMisplacedKeywordIsNoName() {
        assertThat(ReservedWordNames.of("SELECT user_id, url,\nFROM clicks")).isEmpty();
        assertThat(ReservedWordNames.of("SELECT a, FROM t")).isEmpty();
    }
}
