package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Stream;

/** Plan node ids in lint's findings do not depend on what the JVM planned before the script. */
class LintNodeIdsTest {

    private static final String TOP_N =
            "CREATE TABLE clicks (user_id BIGINT, url STRING, amount DOUBLE) WITH ('connector' = 'datagen');\n\n"
                    + "SELECT * FROM (SELECT user_id, url, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                    + " FROM clicks) WHERE rn <= 3;\n";

    private static final String GROUP_BY =
            "CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');\n\n"
                    + "SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id;\n\n"
                    + "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id;\n";

    @Test
    void numbersAScriptsPlanNodesTheSameWhateverWasLintedBefore() {
        try (LintEngine engine = new LintEngine(new Configuration())) {
            List<LintedStatement> alone = engine.lint("top-n.sql", TOP_N);
            engine.lint("group-by.sql", GROUP_BY);
            List<LintedStatement> afterAnother = engine.lint("top-n.sql", TOP_N);

            assertThat(nodes(alone)).anySatisfy(node -> assertThat(node).startsWith("Rank["));
            assertThat(nodes(afterAnother)).isEqualTo(nodes(alone));
            // The script's first planned statement starts from node 1, as in a fresh JVM.
            assertThat(afterAnother.get(1).plan().orElseThrow().node(1)).isPresent();
        }
    }

    /** Every finding's plan node and excerpt, in order. */
    private static List<String> nodes(List<LintedStatement> statements) {
        return statements.stream()
                .flatMap(s -> s.findings().stream())
                .flatMap(f -> Stream.of(f.finding().node(), f.finding().excerpt()))
                .toList();
    }
}
