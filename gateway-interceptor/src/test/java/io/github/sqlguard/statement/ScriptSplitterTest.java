package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

class ScriptSplitterTest {

    @Test
    void splitsAtSemicolonsOutsideQuotesAndCommentsWithPositions() {
        String script =
                "-- header; not a statement\n"
                        + "SET 'a' = 'x;y';\n"
                        + "\n"
                        + "  /* block; comment */ SELECT \"c;d\" FROM t; -- trailing; comment\n"
                        + "SELECT 1";
        List<ScriptSplitter.Statement> statements = ScriptSplitter.split(script);

        assertThat(statements).extracting(ScriptSplitter.Statement::text)
                .containsExactly(
                        "-- header; not a statement\nSET 'a' = 'x;y'",
                        "/* block; comment */ SELECT \"c;d\" FROM t",
                        "-- trailing; comment\nSELECT 1");
        assertThat(statements.get(0).line()).isEqualTo(2);
        assertThat(statements.get(0).column()).isEqualTo(1);
        assertThat(statements.get(0).textLine()).isEqualTo(1);
        assertThat(statements.get(1).line()).isEqualTo(4);
        assertThat(statements.get(1).column()).isEqualTo(24);
        assertThat(statements.get(2).line()).isEqualTo(5);
        assertThat(statements.get(1).scriptPosition(1, 5)).containsExactly(4, 7);
        assertThat(statements.get(0).scriptPosition(2, 3)).containsExactly(2, 3);
    }

    @Test
    void keepsAStatementSetWholeAndDropsEmptyPieces() {
        String script =
                "CREATE TABLE s (a INT) WITH ('connector' = 'blackhole');;\n"
                        + "EXECUTE STATEMENT SET BEGIN\n"
                        + "INSERT INTO s SELECT 1;\n"
                        + "INSERT INTO s SELECT 2;\n"
                        + "END;\n"
                        + "-- only a comment\n";
        List<ScriptSplitter.Statement> statements = ScriptSplitter.split(script);

        assertThat(statements).hasSize(2);
        assertThat(statements.get(1).text())
                .startsWith("EXECUTE STATEMENT SET BEGIN")
                .contains("INSERT INTO s SELECT 2;")
                .endsWith("END");
        assertThat(statements.get(1).line()).isEqualTo(2);
    }
}
