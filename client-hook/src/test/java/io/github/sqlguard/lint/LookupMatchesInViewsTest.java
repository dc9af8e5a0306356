package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

/**
 * The sink materializer's WARN over a lookup join that does not hold the dimension's PRIMARY KEY ({@code
 * rules.plan.LookupMatches}) where the lookup join is written in a view the INSERT reads, not in the INSERT itself:
 * several rows of the dimension matching one input row compete for its sink row, said as for lint cases 26 and 35. The
 * key is the one the compiled plan persists for the looked-up table (the lookup join's {@code "temporalTable"}), since
 * the statement does not name the table. Before: unsaid. Shapes: a view of the lookup join alone, a view over that
 * view, a dimension without a key, a LEFT lookup join by a column that is not the key; a lookup that holds the key says
 * nothing. Through lint's stand-ins (jdbc, mysql-cdc), on each Flink line: 2.3 with {@code ON CONFLICT DO DEDUPLICATE}
 * written (it refuses the INSERT without it), 1.20 without (no clause, the materializer planned as it is).
 */
class LookupMatchesInViewsTest {

    private static final String TABLES = """
            CREATE TABLE orders (
              order_id BIGINT,
              customer_id BIGINT,
              region STRING,
              email STRING,
              amount DECIMAL(10, 2),
              proc AS PROCTIME(),
              PRIMARY KEY (order_id) NOT ENFORCED
            ) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db', 'database-name' = 'shop', 'table-name' = 'orders');

            CREATE TABLE customers (
              region STRING,
              customer_id BIGINT,
              email STRING,
              tier STRING,
              PRIMARY KEY (region, customer_id) NOT ENFORCED
            ) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'customers');

            CREATE TABLE contacts (
              customer_id BIGINT,
              tier STRING
            ) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/shop', 'table-name' = 'contacts');

            CREATE TABLE order_tiers (
              order_id BIGINT,
              tier STRING,
              amount DECIMAL(10, 2),
              PRIMARY KEY (order_id) NOT ENFORCED
            ) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/dw', 'table-name' = 'order_tiers');
            """;

    /** The JVM's shared engine with stand-ins ({@link StandInLintEngine}): not closed here. */
    private final LintEngine engine = StandInLintEngine.shared();

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        CREATE VIEW tiered AS SELECT o.order_id, c.tier, o.amount FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id; | tiered | The lookup join of customers looks it up by customer_id, not by its PRIMARY KEY (region, customer_id): several rows of customers may match one input row
        CREATE VIEW tiered0 AS SELECT o.order_id, c.tier, o.amount FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id; CREATE VIEW tiered AS SELECT * FROM tiered0 WHERE amount > 0; | tiered | The lookup join of customers looks it up by customer_id, not by its PRIMARY KEY (region, customer_id): several rows of customers may match one input row
        CREATE VIEW tiered AS SELECT o.order_id, c.tier, o.amount FROM orders AS o JOIN contacts FOR SYSTEM_TIME AS OF o.proc AS c ON o.customer_id = c.customer_id; | tiered | The lookup join of contacts looks it up by customer_id (it declares no PRIMARY KEY): several rows of contacts may match one input row
        CREATE VIEW tiered AS SELECT o.order_id, c.tier, o.amount FROM orders AS o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.email = c.email; | tiered | The lookup join of customers looks it up by email, not by its PRIMARY KEY (region, customer_id): several rows of customers may match one input row
        """)
    void aLookupJoinInAViewTheInsertReadsSaysItsMatchesCompete(String views, String view, String sentence) {
        assertThat(materializerReasons(views, view)).as("reasons of the INSERT over %s", views)
                .anyMatch(r -> r.contains(sentence) && r.contains("they compete for its one sink row: the sink row keeps"
                        + " the match that arrived last, not a chosen one"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        CREATE VIEW tiered AS SELECT o.order_id, c.tier, o.amount FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.proc AS c ON o.region = c.region AND o.customer_id = c.customer_id; | tiered
        """)
    void aLookupJoinInAViewThatHoldsTheKeySaysNothingOfMatches(String views, String view) {
        assertThat(materializerReasons(views, view)).as("reasons of the INSERT over %s", views)
                .noneMatch(r -> r.contains("The lookup join of"));
    }

    /** The reasons of {@code stateful-without-ttl} on the INSERT of {@code view} into order_tiers, after {@code views}. */
    private List<String> materializerReasons(String views, String view) {
        String insert = "INSERT INTO order_tiers\nSELECT order_id, tier, amount FROM " + view
                + (FixtureVerdicts.FLINK_1 ? "" : "\nON CONFLICT DO DEDUPLICATE") + ";\n";
        List<LintedStatement> statements = engine.lint("lookup-in-view.sql",
                TABLES + "\n" + views.replace("; ", ";\n") + "\n\n" + insert);
        LintedStatement last = statements.get(statements.size() - 1);
        return last.findings().stream().filter(f -> f.ruleId().equals("stateful-without-ttl"))
                .map(f -> f.finding().reason()).toList();
    }
}
