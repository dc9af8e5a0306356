package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * In lint, as on the gateway, a {@code SET} the guard refuses is not applied, and a later statement's finding
 * that names its key says so on every route ({@code RefusedSets}, applied in {@code Decider#analysed}): an
 * {@code EXPLAIN} and a statement set's {@code END} included. Before, only a plain statement's finding did.
 */
class LintRefusedSetTest {

    private static final String SCRIPT = """
            SET 'table.exec.state.ttl' = '24';
            CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');
            CREATE TABLE counts (user_id STRING, n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)
              WITH ('connector' = 'blackhole');
            EXPLAIN SELECT user_id, COUNT(url) AS n FROM clicks GROUP BY user_id;
            BEGIN STATEMENT SET;
            INSERT INTO counts SELECT user_id, COUNT(url) AS n FROM clicks GROUP BY user_id;
            END;
            """;

    private static final String NOTE = "The SET 'table.exec.state.ttl' = '24' earlier in this session was refused";

    @Test
    void anExplainAndAStatementSetAfterARefusedSetSayItWasRefused() {
        try (LintEngine engine = new LintEngine(new Configuration())) {
            List<LintedStatement> statements = engine.lint("refused-set.sql", SCRIPT);
            assertThat(reasons(statements.get(3))).as("EXPLAIN").anyMatch(r -> r.contains(NOTE));
            assertThat(reasons(statements.get(statements.size() - 1))).as("END").anyMatch(r -> r.contains(NOTE));
        }
    }

    private static List<String> reasons(LintedStatement statement) {
        return statement.findings().stream().map(f -> f.finding().reason()).toList();
    }
}
