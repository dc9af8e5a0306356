package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.Test;

import java.io.IOException;

/**
 * The reader {@link FlinkSqlParser} gives Flink's parser: the text as a {@code StringReader} reads it,
 * then, as often as the parser's character stream asks, the one shared end-of-text exception, with no
 * stack trace, where a {@code StringReader} returned -1 and then, once closed, threw a new exception on
 * every read.
 */
class StatementTextReaderTest {

    @Test
    void readsTheTextThenTheSharedEndWithoutAStackTraceEachTime() throws IOException {
        StatementTextReader reader = new StatementTextReader("SHOW TABLES");
        char[] buffer = new char[4096];

        assertThat(reader.read(buffer, 0, buffer.length)).isEqualTo(11);
        assertThat(new String(buffer, 0, 11)).isEqualTo("SHOW TABLES");
        assertThat(reader.getSourceString()).isEqualTo("SHOW TABLES");
        for (int i = 0; i < 3; i++) {
            Throwable end = catchThrowable(() -> reader.read(buffer, 11, buffer.length - 11));
            assertThat(end).isSameAs(StatementTextReader.END);
            assertThat(end.getStackTrace()).isEmpty();
            assertThat(end.getCause()).isNull();
        }
    }

    @Test
    void theParserReadsTheEndOfEveryKindOfStatementFromIt() throws Exception {
        // The end reached in a token, after a statement, and inside an unterminated literal: the tree or the error
        // as Calcite's own parser gives them is ReusedParserTest's; here, that the parse reaches the shared end.
        assertThat(FlinkSqlParser.parseStmtList("SET 'table.exec.state.ttl' = '1 h'")).hasSize(1);
        assertThat(FlinkSqlParser.parseStmtList("SHOW TABLES")).hasSize(1);
        assertThat(StatementTextReader.END.getStackTrace()).isEmpty();
    }
}
