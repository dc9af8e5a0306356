package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The statements a rewrite puts before a statement written in lower case ({@link KeywordCase#loweredStatement}). */
class KeywordCaseTest {

    @Test
    void aWatermarkAndASetAreWrittenInLowerCaseStringsAndQuotedNamesKept() {
        assertThat(KeywordCase.loweredStatement(
                "ALTER TABLE statuses ADD WATERMARK FOR updated AS updated - INTERVAL '5' SECOND"))
                .isEqualTo("alter table statuses add watermark for updated as updated - interval '5' second");
        assertThat(KeywordCase.loweredStatement("SET 'table.exec.state.ttl' = '1 D'"))
                .isEqualTo("set 'table.exec.state.ttl' = '1 D'");
        assertThat(KeywordCase.loweredStatement("ALTER TABLE `Orders` ADD WATERMARK FOR `TS` AS `TS` - INTERVAL '5' SECOND"))
                .isEqualTo("alter table `Orders` add watermark for `TS` as `TS` - interval '5' second");
    }

    @Test
    void aColumnNamedAsAKeywordKeepsTheStatementAsItIs() {
        // DATA is a non-reserved keyword of Flink's parser and, unquoted, a column name Flink reads case-sensitively:
        // lowered, the statement would name another column.
        String statement = "ALTER TABLE readings ADD WATERMARK FOR DATA AS DATA - INTERVAL '5' SECOND";
        assertThat(KeywordCase.loweredStatement(statement)).isEqualTo(statement);
    }
}
