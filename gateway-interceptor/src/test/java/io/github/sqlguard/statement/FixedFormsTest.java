package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.calcite.sql.SqlNodeList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

/**
 * {@link FixedForms} reads a plain {@code SET}, {@code RESET} and {@code SHOW} as Flink's SQL parser reads it: the
 * same {@link ParsedStatement}, facts included, as {@link StatementParser} made of Flink's tree; and it leaves every
 * near miss to Flink's parser. On each Flink line (Flink's parser is the line's own).
 */
class FixedFormsTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "SET 'table.exec.state.ttl' = '1 h'",
        "set 'table.exec.state.ttl'='1 d';",
        "  SeT\t'pipeline.name' =\n'my job  '  ;  ",
        "SET 'execution.savepoint.path' = '/tmp/savepoints/savepoint-1a2b3c'",
        "SET 'sql-client.execution.result-mode' = 'tableau'",
        "SET 'table.exec.mini-batch.allow-latency' = '5 s';\n",
        "SET 'x' = 'a \"quoted\" word, #1 (of 2); [a-b]{c} | ~ ^ ` @ ! ? * / % & + <>'",
        "\r\nSET 'parallelism.default' = '4'\r\n",
        "RESET 'table.exec.state.ttl'",
        "reset 'pipeline.name';",
        "  RESET\n'execution.savepoint.path'  ",
        "SHOW TABLES",
        "show tables;",
        "SHOW\tVIEWS",
        "SHOW DATABASES",
        "SHOW CATALOGS",
        "SHOW FUNCTIONS",
        "SHOW CURRENT CATALOG",
        "show current   database ;"})
    void readsAPlainFormAsFlinksParserDoes(String text) throws Exception {
        Optional<ParsedStatement> fixed = FixedForms.read(text);

        assertThat(fixed).as("read without Flink's parser: %s", text).isPresent();
        assertThat(fixed.get()).isEqualTo(byFlinksParser(text));
        assertThat(new StatementParser().parse(text)).isEqualTo(fixed.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SET 'a' = 'it''s'",
        "SET 'sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule required password=\"x\";'",
        "SET 'url' = 'jdbc:mysql://db:3306/shop'",
        "SET 'a' = 'b' 'c'",
        "SET 'a' = 'b'\n'c'",
        "-- note\nSET 'table.exec.state.ttl' = '1 h'",
        "/* note */ SET 'table.exec.state.ttl' = '1 h'",
        "SET 'table.exec.state.ttl' = '1 h' -- note",
        "SET 'a' = U&'b'",
        "SET 'a' = 'b'; SET 'c' = 'd'",
        "SET 'a' = 'caf\u00e9'",
        "SET 'a' = 'C:\\\\temp'",
        "SET '' = 'b'",
        "SET 'a' = ''",
        "SET table.exec.state.ttl = '1 h'",
        "SET 'a' = 1",
        "SET",
        "RESET",
        "RESET table.exec.state.ttl",
        "RESET 'a' 'b'",
        "SHOW TABLES FROM db",
        "SHOW TABLES LIKE 'a%'",
        "SHOW JOBS",
        "SHOW CREATE TABLE t",
        "SHOW JARS",
        "SHOW TABLE",
        "SHOWTABLES",
        "SHOW TABLES\f"})
    void leavesEveryNearMissToFlinksParser(String text) {
        assertThat(FixedForms.read(text)).as("left to Flink's parser: %s", text).isEmpty();
    }

    /** Texts close to the forms (their alphabet, its troublesome characters included): any one read is read as Flink reads it. */
    @Property(tries = 3000)
    void anyTextReadIsReadAsFlinksParserReadsIt(@ForAll("nearForms") String text) throws Exception {
        Optional<ParsedStatement> fixed = FixedForms.read(text);
        if (fixed.isPresent()) {
            assertThat(fixed.get()).as(text).isEqualTo(byFlinksParser(text));
        }
    }

    @Provide
    Arbitrary<String> nearForms() {
        Arbitrary<String> space = Arbitraries.of("", " ", "  ", "\t", "\n", "\r\n", "\f", "-- c\n", "/**/");
        Arbitrary<String> literal = Arbitraries.strings()
                .withChars("ab.-_ 1'=:\\\"/*;\u00e9").ofMinLength(0).ofMaxLength(8)
                .map(s -> "'" + s + "'");
        Arbitrary<String> keyword = Arbitraries.of("SET", "set", "RESET", "Reset", "SHOW", "TABLES", "VIEWS", "CURRENT",
                "DATABASE", "=", ";", "U&");
        Arbitrary<String> token = Arbitraries.oneOf(literal, keyword);
        return Combinators.combine(keyword, space, token.list().ofMaxSize(4), space.list().ofSize(4))
                .as((first, lead, rest, spaces) -> {
                    StringBuilder text = new StringBuilder(lead).append(first);
                    for (int i = 0; i < rest.size(); i++) {
                        text.append(i < spaces.size() && !spaces.get(i).isEmpty() ? spaces.get(i) : " ").append(rest.get(i));
                    }
                    return text.toString();
                });
    }

    /** {@code text} as {@link StatementParser} makes it of the one statement Flink's SQL parser reads from it. */
    private static ParsedStatement byFlinksParser(String text) throws Exception {
        SqlNodeList nodes = FlinkSqlParser.parseStmtList(text);
        assertThat(nodes).as("Flink's parser reads one statement of %s", text).hasSize(1);
        return StatementParser.ofNode(text, nodes.get(0));
    }
}
