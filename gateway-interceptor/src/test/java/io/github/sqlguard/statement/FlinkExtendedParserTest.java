package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.FlinkExtendedParser;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.command.ResetOperation;
import org.apache.flink.table.operations.command.SetOperation;

import java.util.List;

/**
 * {@link StatementParser} reads {@code SET} and {@code RESET} as Flink's own parser chain of a
 * session does ({@code ParserImpl} of a real {@link TableEnvironment}: extended parser first, then
 * the SQL parser): same kind, key and value, and a statement Flink rejects is unparsable. Shapes of
 * every form the two parsers divide between them: quoted and unquoted keys and values, spacing,
 * semicolons, comments, a bare {@code SET}/{@code RESET}, escaped quotes.
 */
class FlinkExtendedParserTest {

    private static TableEnvironmentInternal flink;
    private final StatementParser parser = new StatementParser();

    @BeforeContainer
    static void flinkParser() {
        flink = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    }

    @Example
    void theExtendedParserIsFoundThroughThePlannerLoader() {
        assertThat(FlinkExtendedParser.available()).isTrue();
        // The planner loader's class loader, not ours: the distribution's planner is loaded apart.
        assertThat(FlinkExtendedParser.parse("SET a.b = 1")).get().isInstanceOf(SetOperation.class);
        assertThat(FlinkExtendedParser.parse("SELECT 1")).isEmpty();
    }

    @Example
    void unquotedSetAndResetAreReadWithoutTheSqlParser() {
        // Flink's SQL parser rejects each of these; Flink's extended parser runs them.
        ParsedStatement set = parser.parse("SET table.exec.state.ttl = 24;");
        assertThat(set.kind()).isEqualTo(StatementKind.SET);
        assertThat(set.setKey()).isEqualTo("table.exec.state.ttl");
        assertThat(set.setValue()).isEqualTo("24");
        assertThat(set).isInstanceOf(ParsedStatement.Configure.class);

        ParsedStatement reset = parser.parse("reset pipeline.name");
        assertThat(reset.kind()).isEqualTo(StatementKind.RESET);
        assertThat(reset.setKey()).isEqualTo("pipeline.name");

        // As Flink reads it: the strategy matches the whole text with the unquoted value 'a''b' but
        // converts with its first quoted group, so Flink sets 'a'.
        assertThat(parser.parse("SET x = 'a''b'").setValue()).isEqualTo("a");
    }

    @Example
    void examples() {
        for (String statement : List.of(
                "SET", "SET;", "RESET", "reset ;", "SET 'a' = 'b'", "SET 'a'='b';", "SET a = 'b'", "SET a='b c'",
                "SET a = b c", "SET a.b = 1;", "RESET a.b", "RESET 'a.b'", "RESET ALL", "SET `a` = 'b'",
                "SET a = 'x;y'", "SET a = ''", "SET 'a' = ''", "  SET  a  =  1  ;  ", "SET\ta\n=\n1", "SET a",
                "SET a =", "SET = 1", "-- c\nSET a = 1", "SET a = 1 -- c", "SET 'table.exec.state.ttl' = '24'",
                "HELP", "QUIT;", "SET a = 1;;")) {
            sameAsFlink(statement);
        }
    }

    @Property(tries = 300)
    void generatedSetAndResetStatementsAreReadAsFlinkReadsThem(@ForAll("setOrReset") String statement) {
        sameAsFlink(statement);
    }

    @Provide
    Arbitrary<String> setOrReset() {
        Arbitrary<String> space = Arbitraries.of("", " ", "  ", "\t", "\n", " \n ");
        Arbitrary<String> keyword = Arbitraries.of("SET", "set", "Set", "RESET", "reset");
        Arbitrary<String> key = Arbitraries.of(
                "a", "a.b", "table.exec.state.ttl", "'a'", "'a.b'", "`a`", "pipeline.name", "a-b", "'a b'", "ALL", "");
        Arbitrary<String> value = Arbitraries.of(
                "1", "24", "'1 h'", "'a''b'", "x y", "on", "''", "'x;y'", "1d", "'", "b'c", "");
        Arbitrary<String> end = Arbitraries.of("", ";", " ;", ";;", " -- c", "\n");
        Arbitrary<String> equals = Arbitraries.of("=", "==", "", "= ");
        return Combinators.combine(keyword, space, key, space, equals, space, value, end)
                .as((k, s1, kk, s2, eq, s3, v, e) -> k + " " + s1 + kk + s2 + eq + s3 + v + e);
    }

    private void sameAsFlink(String statement) {
        ParsedStatement ours = parser.parse(statement);
        Operation theirs;
        try {
            List<Operation> operations = flink.getParser().parse(statement);
            assertThat(operations).as(statement).hasSize(1);
            theirs = operations.get(0);
        } catch (RuntimeException rejected) {
            assertThat(ours.kind()).as("Flink rejects %s", statement).isEqualTo(StatementKind.UNPARSABLE);
            return;
        }
        if (theirs instanceof SetOperation set) {
            assertThat(ours.kind()).as(statement).isEqualTo(StatementKind.SET);
            assertThat(ours.setKey()).as(statement).isEqualTo(set.getKey().orElse(null));
            assertThat(ours.setValue()).as(statement).isEqualTo(set.getValue().orElse(null));
        } else if (theirs instanceof ResetOperation reset) {
            assertThat(ours.kind()).as(statement).isEqualTo(StatementKind.RESET);
            assertThat(ours.setKey()).as(statement).isEqualTo(reset.getKey().orElse(null));
        } else {
            assertThat(ours.kind()).as("%s is %s in Flink", statement, theirs.getClass().getSimpleName())
                    .isNotIn(StatementKind.SET, StatementKind.RESET);
        }
    }
}
