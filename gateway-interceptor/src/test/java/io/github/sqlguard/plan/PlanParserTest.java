package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Parses real EXPLAIN output produced by the Flink planner in the test. */
class PlanParserTest {

    private static TableEnvironment env;
    private final PlanParser parser = new PlanParser();

    @BeforeAll
    static void createTables() {
        env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql(
                "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                        + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        env.executeSql("CREATE TABLE sink_a (user_id STRING, total DOUBLE) WITH ('connector' = 'blackhole')");
    }

    private ExplainedPlan explain(String sql) {
        return parser.parse(env.explainSql(sql, org.apache.flink.table.api.ExplainDetail.CHANGELOG_MODE));
    }

    @Test
    void readsRankAttributesFromTheExecutionPlan() {
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");
        PlanNode rank = plan.executionPlan().nodes("Rank").get(0);
        assertThat(rank.attribute("strategy")).contains("AppendFastStrategy");
        assertThat(rank.attribute("rankRange")).contains("rankStart=1, rankEnd=3");
        assertThat(rank.attribute("partitionBy")).contains("user_id");
        assertThat(rank.attribute("orderBy")).contains("amount DESC");
        assertThat(rank.children()).singleElement().satisfies(c -> assertThat(c.name()).isEqualTo("Exchange"));
        assertThat(plan.executionPlan().excerpt(rank, 1).lines().filter(l -> l.startsWith("==> ")))
                .singleElement()
                .satisfies(l -> assertThat(l).contains("Rank(strategy=[AppendFastStrategy]"));
        assertThat(plan.physicalPlan().nodes("Rank").get(0).attribute("changelogMode")).contains("I,UA,D");
    }

    @Test
    void distinguishesDeduplicateOnlyInTheExecutionPlan() {
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn"
                        + " FROM orders) WHERE rn = 1");
        assertThat(plan.executionPlan().nodes("Deduplicate")).hasSize(1);
        assertThat(plan.executionPlan().nodes("Deduplicate").get(0).attribute("order")).contains("ROWTIME");
    }

    @Test
    void readsEveryTreeOfAStatementSetAndNestedChildren() {
        ExplainedPlan plan =
                parser.parse(
                        env.createStatementSet()
                                .addInsertSql("INSERT INTO sink_a SELECT user_id, SUM(amount) FROM orders GROUP BY user_id")
                                .addInsertSql("INSERT INTO sink_a SELECT a.user_id, a.amount FROM orders a JOIN orders b"
                                        + " ON a.order_id = b.order_id")
                                .explain());
        PlanSection exec = plan.executionPlan();
        assertThat(exec.roots()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(exec.nodes("Sink")).hasSize(2);
        PlanNode join = exec.nodes("Join").get(0);
        assertThat(join.children()).hasSize(2);
        assertThat(exec.nodes("GroupAggregate")).hasSize(1);
    }

    @Test
    void toleratesTextItDoesNotKnow() {
        ExplainedPlan plan = parser.parse("no sections here\n== Optimized Execution Plan ==\n  garbage ((( [[\n+- ???");
        assertThat(plan.executionPlan().nodes()).isEmpty();
        assertThat(PlanParser.attributes("X(a=[1], b=[f('w$) AS c], c=d)", 1))
                .containsEntry("a", "1")
                .containsEntry("b", "f('w$) AS c")
                .containsEntry("c", "d");
    }
}
