package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The thread's re-initialised Flink SQL parser ({@link FlinkSqlParser#parseStmtList}) reads every
 * statement exactly as a new {@code SqlParser.create(text, CONFIG)} does: the same tree, or the same
 * error at the same position, whatever the thread parsed before (good statements, errors, backquoted
 * identifiers, dynamic parameters, a statement over the reuse limit).
 */
class ReusedParserTest {

    private static final List<String> STATEMENTS =
            List.of(
                    "SET 'table.exec.state.ttl' = '1 h'",
                    "SELECT `a`, b FROM `my table` WHERE c = 'x'",
                    "THIS IS NOT SQL",
                    "RESET 'table.exec.state.ttl'",
                    "SELECT 1 FROM t WHERE",
                    "SELECT ? FROM t WHERE a = ?",
                    "SELECT ?, ? FROM t",
                    "SELECT a FROM t\twhere `b` = 1 -- tab before where",
                    "CREATE TABLE t (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
                            + " WITH ('connector' = 'datagen')",
                    "SELECT 'unterminated",
                    "SHOW TABLES",
                    "SELECT " + "a, ".repeat(30_000) + "b FROM t");

    @Test
    void readsEveryStatementAsANewParserDoesWhateverCameBefore() throws IOException {
        List<String> statements = new ArrayList<>(STATEMENTS);
        statements.addAll(corpusStatements());
        // Twice over, so every statement follows others, failures included.
        for (int round = 0; round < 2; round++) {
            for (String statement : statements) {
                assertThat(reused(statement)).as(statement).isEqualTo(fresh(statement));
            }
        }
    }

    @Test
    void anErrorKeepsFlinksMessageAndPosition() {
        SqlParseException error =
                catchThrowableOfType(SqlParseException.class, () -> FlinkSqlParser.parseStmtList("SELECT 1 FROM t WHERE"));
        assertThat(error.getPos().getLineNum()).isEqualTo(1);
        assertThat(error.getMessage()).contains("Encountered \"<EOF>\"");
    }

    private static String reused(String statement) {
        try {
            return describe(FlinkSqlParser.parseStmtList(statement));
        } catch (SqlParseException e) {
            return "error at " + e.getPos() + ": " + e.getMessage();
        }
    }

    private static String fresh(String statement) {
        try {
            return describe(SqlParser.create(statement, FlinkSqlParser.CONFIG).parseStmtList());
        } catch (SqlParseException e) {
            return "error at " + e.getPos() + ": " + e.getMessage();
        }
    }

    /** The statements' classes, text, positions and dynamic parameters' indexes. */
    private static String describe(SqlNodeList nodes) {
        StringBuilder out = new StringBuilder();
        List<Integer> parameters = new ArrayList<>();
        nodes.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                parameters.add(param.getIndex());
                return null;
            }
        });
        nodes.forEach(n -> out.append(n.getClass().getSimpleName()).append(' ').append(n).append(" @ ")
                .append(n.getParserPosition()).append('\n'));
        return out.append("parameters ").append(parameters).toString();
    }

    /** Every statement of the repository's case corpus. */
    private static List<String> corpusStatements() throws IOException {
        Path cases = Path.of("src/test/resources/shared-cases");
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(cases)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".sql")).sorted().toList()) {
                ScriptSplitter.split(Files.readString(file)).forEach(s -> out.add(s.text()));
            }
        }
        assertThat(out).hasSizeGreaterThan(50);
        return out;
    }
}
