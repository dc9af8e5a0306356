package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Optional;

/**
 * Reads real EXPLAIN output of the Flink planner (a plan Flink could not compile) into the same
 * plan model a compiled plan gives, with what the text shows.
 */
class PlanParserTest {

    private static TableEnvironment env;
    private final PlanParser parser = new PlanParser();

    @BeforeAll
    static void createTables() {
        env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql(
                "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                        + " placed TIMESTAMP(3), address ROW<city STRING, zip INT>,"
                        + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        env.executeSql("CREATE TABLE sink_a (user_id STRING, total DOUBLE) WITH ('connector' = 'blackhole')");
    }

    private ExplainedPlan explain(String sql) {
        ExplainedPlan plan = parser.parse(env.explainSql(sql, ExplainDetail.CHANGELOG_MODE));
        assertThat(plan.compiled()).isFalse();
        return plan;
    }

    @Test
    void readsARankFromTheExecutionPlanWithoutState() {
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.strategy()).isEqualTo("AppendFastStrategy");
        assertThat(rank.rankStart()).hasValue(1);
        assertThat(rank.rankEnd()).hasValue(3);
        assertThat(rank.partitionKeys()).containsExactly("user_id");
        assertThat(rank.orderKeys()).containsExactly(new OrderKey("amount", "", false));
        assertThat(rank.orderedByTimeAttribute()).isEmpty();
        assertThat(rank.state()).isEmpty();
        assertThat(rank.node().outputType()).isSameAs(OutputType.UNKNOWN);
        assertThat(plan.inputs(rank.node())).singleElement().satisfies(c -> assertThat(c.name()).isEqualTo("Exchange"));
        assertThat(plan.excerpt(rank.node(), 1).lines().filter(l -> l.startsWith("==> ")))
                .singleElement()
                .satisfies(l -> assertThat(l).startsWith("==> +- " + rank.node().label() + "(strategy=[AppendFastStrategy]"));
    }

    @Test
    void readsAnOrderByLimitAsARankOfTheWholeStreamWithTheRanksOfItsOffsetAndFetch() {
        ExplainedPlan plan = explain("SELECT order_id, amount FROM orders ORDER BY amount DESC LIMIT 5 OFFSET 2");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.node().name()).isEqualTo("SortLimit");
        assertThat(rank.sortLimit()).isTrue();
        assertThat(rank.global()).isTrue();
        assertThat(rank.strategy()).isEqualTo("AppendFastStrategy");
        assertThat(rank.rankStart()).hasValue(3);
        assertThat(rank.rankEnd()).hasValue(7);
        assertThat(rank.orderKeys()).containsExactly(new OrderKey("amount", "", false));
        assertThat(rank.stateCannotGrow()).as("one partition, append-only: at most 7 rows").isTrue();
    }

    @Test
    void distinguishesDeduplicateOnlyInTheExecutionPlan() {
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn"
                        + " FROM orders) WHERE rn = 1");
        assertThat(plan.operators(Operator.Deduplicate.class)).singleElement()
                .satisfies(d -> {
                    assertThat(d.keys()).containsExactly("user_id");
                    assertThat(d.keepLastRow()).isTrue();
                });
    }

    @Test
    void readsEachNodesChangelogModeFromThePhysicalPlanByItsPlace() {
        // The physical plan prints the deduplication as a Rank, the execution plan as a Deduplicate: one node each.
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn"
                        + " FROM orders) WHERE rn = 1");
        PlanNode deduplicate = plan.operators(Operator.Deduplicate.class).get(0).node();
        PlanNode scan = plan.nodes().stream().filter(n -> n.is("TableSourceScan")).findFirst().orElseThrow();

        assertThat(plan.changelogMode(deduplicate)).hasValueSatisfying(m -> assertThat(m.containsOnly(RowKind.INSERT)).isFalse());
        assertThat(plan.changelogMode(deduplicate).get().contains(RowKind.UPDATE_AFTER)).isTrue();
        assertThat(plan.changelogMode(scan)).hasValue(ChangelogMode.insertOnly());
    }

    @Test
    void readsAPrintedChangelogModeAsFlinkWritesIt() {
        assertThat(PlanParser.changelogMode("[I,UB,UA,D]")).hasValue(ChangelogMode.all());
        assertThat(PlanParser.changelogMode("[I]")).hasValue(ChangelogMode.insertOnly());
        assertThat(PlanParser.changelogMode("[UA,D]")).hasValueSatisfying(m -> assertThat(m.contains(RowKind.INSERT)).isFalse());
        assertThat(PlanParser.changelogMode("[NONE]")).isEmpty();
        assertThat(PlanParser.changelogMode("")).isEmpty();
    }

    @Test
    void namesAComputedKeyByTheExpressionOfTheCalcBelow() {
        ExplainedPlan plan =
                explain("SELECT * FROM (SELECT order_id, ROW_NUMBER() OVER (PARTITION BY address.city ORDER BY placed DESC)"
                        + " AS rn FROM orders) WHERE rn = 1");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.partitionKeys()).containsExactly("address.city");
    }

    @Test
    void infersWhetherAnOverIsOrderedByTimeFromItsChangelogMode() {
        ExplainedPlan byTime = explain("SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY order_time"
                + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM orders");
        assertThat(byTime.operators(Operator.OverAggregate.class)).singleElement()
                .satisfies(o -> {
                    assertThat(o.orderedByTimeAttribute()).hasValue(true);
                    assertThat(o.partitionKeys()).containsExactly("user_id");
                    assertThat(o.orderKeys()).extracting(OrderKey::column).containsExactly("order_time");
                });
    }

    @Test
    void readsEveryTreeOfAStatementSetWithItsTables() {
        ExplainedPlan plan =
                parser.parse(
                        env.createStatementSet()
                                .addInsertSql("INSERT INTO sink_a SELECT user_id, SUM(amount) FROM orders GROUP BY user_id")
                                .addInsertSql("INSERT INTO sink_a SELECT a.user_id, a.amount FROM orders a JOIN orders b"
                                        + " ON a.order_id = b.order_id")
                                .explain());
        assertThat(plan.roots()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(plan.nodes()).filteredOn(n -> n.is("Sink")).hasSize(2)
                .extracting(PlanNode::table)
                .containsOnly(Optional.of(ObjectIdentifier.of("default_catalog", "default_database", "sink_a")));
        assertThat(plan.nodes()).filteredOn(n -> n.is("TableSourceScan")).isNotEmpty()
                .extracting(PlanNode::table)
                .containsOnly(Optional.of(ObjectIdentifier.of("default_catalog", "default_database", "orders")));
        Operator.Join join = plan.operators(Operator.Join.class).get(0);
        assertThat(join.joinType()).as("by FlinkJoinType's name, as a compiled plan writes it").isEqualTo("INNER");
        assertThat(join.node().inputs()).hasSize(2);
        assertThat(plan.operators(Operator.GroupAggregate.class)).singleElement()
                .satisfies(a -> assertThat(a.groupBy()).containsExactly("user_id"));
    }

    @Test
    void joinsAReusedNodeToWhereItIsFirstPrinted() {
        ExplainedPlan plan = parser.parse("""
                == Optimized Execution Plan ==
                Union(all=[true])
                :- Calc(select=[a])
                :  +- TableSourceScan(table=[[c, d, t]], fields=[a, b])(reuse_id=[1])
                +- Calc(select=[b])
                   +- Reused(reference_id=[1])
                """);
        assertThat(plan.nodes()).extracting(PlanNode::label)
                .containsExactly("Union[1]", "Calc[2]", "TableSourceScan[3]", "Calc[4]");
        assertThat(plan.node(4).orElseThrow().inputs()).containsExactly(3);
        assertThat(plan.node(3).orElseThrow().description()).isEqualTo("TableSourceScan(table=[[c, d, t]], fields=[a, b])");
    }

    @Test
    void toleratesTextItDoesNotKnow() {
        ExplainedPlan plan = parser.parse("no sections here\n== Optimized Execution Plan ==\n  garbage ((( [[\n+- ???");
        assertThat(plan.nodes()).isEmpty();
        assertThat(PlanParser.attributes("X(a=[1], b=[f('w$) AS c], c=d)", 1))
                .containsEntry("a", "1")
                .containsEntry("b", "f('w$) AS c")
                .containsEntry("c", "d");
    }
}
