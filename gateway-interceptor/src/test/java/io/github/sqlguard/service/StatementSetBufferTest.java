package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The INSERTs of a statement set sent statement by statement, kept until {@code END}. */
class StatementSetBufferTest {

    private final StatementSetBuffer set = new StatementSetBuffer();

    @Test
    void endsAsTheOneStatementSetOfItsInsertsInTheOrderTheyCame() {
        assertThat(set.begin()).isTrue();
        set.add("INSERT INTO a SELECT * FROM t");
        set.add("INSERT INTO b SELECT * FROM t");

        assertThat(set.end())
                .contains("EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO a SELECT * FROM t;\nINSERT INTO b SELECT * FROM t;\nEND");
        assertThat(set.isOpen()).isFalse();
    }

    @Test
    void opensOnceUntilItEnds() {
        assertThat(set.isOpen()).isFalse();
        assertThat(set.begin()).isTrue();
        assertThat(set.isOpen()).isTrue();
        assertThat(set.begin()).isFalse();
        set.end();
        assertThat(set.begin()).isTrue();
    }

    @Test
    void aSetWithoutInsertsEndsEmpty() {
        set.begin();
        assertThat(set.end()).isEmpty();
        assertThat(set.end()).as("no set open").isEmpty();
    }

    @Test
    void anInsertNeedsAnOpenSet() {
        assertThatThrownBy(() -> set.add("INSERT INTO a SELECT 1")).isInstanceOf(IllegalStateException.class);
    }
}
