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
    void flinksParserReadsTheEndOfEachStatementFromIt() throws Exception {
        // Trees and errors as Calcite's own parser gives them are ReusedParserTest's; here, that the thread's parser
        // reads the text through this reader and learns its end from the shared marker (a new parser's first
        // statement, then the re-initialised parser's, a failure among them).
        for (String statement : java.util.List.of(
                "SET 'table.exec.state.ttl' = '1 h'", "SHOW TABLES", "SELECT 'unterminated", "RESET 'pipeline.name'",
                "CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen')")) {
            long before = StatementTextReader.ends();
            try {
                FlinkSqlParser.parseStmtList(statement);
            } catch (org.apache.calcite.sql.parser.SqlParseException expected) {
                // the unterminated literal
            }
            assertThat(StatementTextReader.ends()).as(statement).isGreaterThan(before);
        }
        assertThat(StatementTextReader.END.getStackTrace()).isEmpty();
    }
}
