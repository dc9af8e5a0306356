package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.SessionPlanner;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

/**
 * The plan model read from Flink's real compiled plans (this build's Flink line): nodes by ExecNode
 * id with their inputs, output types and state TTLs, typed views with their keys by column name,
 * excerpts that name each node by id, and the analysis-only sink of a query left out.
 */
class CompiledPlanReaderTest {

    private TableEnvironmentInternal tEnv;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                + " placed TIMESTAMP(3), address ROW<city STRING, zip INT>,"
                + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE users (user_id STRING, name STRING, PRIMARY KEY (user_id) NOT ENFORCED)"
                + " WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE sink (user_id STRING, total DOUBLE, PRIMARY KEY (user_id) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole')");
    }

    private ExplainedPlan plan(String statement) {
        ExplainOutcome outcome = planner.plan(tEnv, statement, true);
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        ExplainedPlan plan = ((ExplainOutcome.Planned) outcome).plan();
        assertThat(plan.compiled()).as("compiled: %s", plan).isTrue();
        return plan;
    }

    @Test
    void readsATopNWithItsOwnStateTtlAndItsKeysByColumnName() {
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");

        assertThat(plan.executablePlan()).as("a query is compiled into an analysis sink, never run as such").isEmpty();
        assertThat(plan.nodes()).extracting(PlanNode::name).doesNotContain("Sink");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.node().type()).startsWith("stream-exec-rank_");
        assertThat(rank.rankStart()).hasValue(1);
        assertThat(rank.rankEnd()).hasValue(3);
        assertThat(rank.strategy()).isEqualTo("AppendFastStrategy");
        assertThat(rank.partitionKeys()).containsExactly("user_id");
        assertThat(rank.orderKeys()).containsExactly(new OrderKey("amount", "DOUBLE", false));
        assertThat(rank.orderedByTimeAttribute()).hasValue(false);
        assertThat(rank.state()).extracting(OperatorState::ttl).containsExactly(Duration.ofDays(1));
        assertThat(rank.describe()).isEqualTo(rank.node().label() + "(partitionBy=[user_id], orderBy=[amount DESC],"
                + " rankRange=[rankStart=1, rankEnd=3], strategy=[AppendFastStrategy])");
        PlanNode input = plan.inputs(rank.node()).get(0);
        assertThat(input.name()).isEqualTo("Exchange");
        assertThat(input.outputType().columns()).extracting(Column::name).containsExactly("order_id", "user_id", "amount");
    }

    @Test
    void followsAColumnRenamedByACalcBackToTheWindowThatMakesIt() {
        tEnv.executeSql("CREATE TEMPORARY VIEW hourly AS SELECT window_time AS wt, user_id, SUM(amount) AS total"
                + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))"
                + " GROUP BY window_start, window_end, window_time, user_id");
        ExplainedPlan plan = plan("SELECT * FROM (SELECT wt, user_id, total, ROW_NUMBER() OVER (PARTITION BY wt"
                + " ORDER BY total DESC) AS rn FROM hourly) WHERE rn <= 3");

        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.partitionKeys()).containsExactly("wt");
        PlanNode input = plan.inputs(rank.node()).get(0);
        // Read from the Calc's "projection" (an INPUT_REF of the window aggregation's window_time), not its description.
        assertThat(plan.source(input, "wt")).hasValueSatisfying(source -> {
            assertThat(source.name()).isEqualTo("window_time");
            assertThat(source.node().name()).endsWith("WindowAggregate");
        });
        // A column the Calc computes is made there.
        ExplainedPlan computed = plan("SELECT * FROM (SELECT user_id, amount * 2 AS doubled, ROW_NUMBER() OVER"
                + " (PARTITION BY user_id ORDER BY amount * 2 DESC) AS rn FROM orders) WHERE rn <= 3");
        PlanNode calc = computed.nodes().stream().filter(n -> n.is("Calc")).findFirst().orElseThrow();
        String doubled = calc.outputType().columns().get(1).name();
        assertThat(computed.source(calc, doubled)).as("%s of %s", doubled, calc)
                .hasValueSatisfying(source -> assertThat(source.node()).isEqualTo(calc));
    }

    @Test
    void readsAnOrderByLimitAsARankOfTheWholeStreamWithTheStrategyFlinkChose() {
        ExplainedPlan appendOnly = plan("SELECT order_id, amount FROM orders ORDER BY amount DESC LIMIT 5");
        Operator.Rank sortLimit = appendOnly.operators(Operator.Rank.class).get(0);
        assertThat(sortLimit.node().type()).startsWith("stream-exec-sort-limit_");
        assertThat(sortLimit.sortLimit()).isTrue();
        assertThat(sortLimit.partitionKeys()).isEmpty();
        assertThat(sortLimit.rankStart()).hasValue(1);
        assertThat(sortLimit.rankEnd()).hasValue(5);
        assertThat(sortLimit.strategy()).isEqualTo("AppendFastStrategy");
        assertThat(sortLimit.orderKeys()).containsExactly(new OrderKey("amount", "DOUBLE", false));
        assertThat(sortLimit.stateCannotGrow()).isTrue();

        ExplainedPlan updating = plan("SELECT user_id, total FROM (SELECT user_id, SUM(amount) AS total FROM orders"
                + " GROUP BY user_id) ORDER BY total DESC LIMIT 5");
        Operator.Rank retracting = updating.operators(Operator.Rank.class).get(0);
        assertThat(retracting.strategy()).isEqualTo("RetractStrategy");
        assertThat(retracting.stateCannotGrow()).as("RetractableTopNFunction keeps every input row").isFalse();

        ExplainedPlan counting = plan("SELECT user_id, n FROM (SELECT user_id, COUNT(*) AS n FROM orders"
                + " GROUP BY user_id) ORDER BY n DESC LIMIT 5");
        Operator.Rank updateFast = counting.operators(Operator.Rank.class).get(0);
        assertThat(updateFast.strategy()).isEqualTo("UpdateFastStrategy");
        assertThat(updateFast.stateCannotGrow()).as("UpdatableTopNFunction keeps the top N only").isTrue();
    }

    @Test
    void aPartitionedTopNCanGrowWhateverItsStrategy() {
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");
        assertThat(plan.operators(Operator.Rank.class).get(0).stateCannotGrow()).as("one ranking per user_id ever seen")
                .isFalse();
    }

    @Test
    void marksTheNodeInAnExcerptDrawnAsFlinkPrintsThePlanWithIds() {
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders) WHERE rn <= 3");
        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        PlanNode exchange = plan.inputs(rank.node()).get(0);

        assertThat(plan.excerpt(rank.node(), 1).lines())
                .containsExactly(
                        "    " + plan.roots().get(0).label() + "(select=[order_id, user_id, w0$o0])",
                        "==> +- " + rank.node().label() + rank.node().description().substring("Rank".length()),
                        "       +- " + exchange.label() + "(distribution=[hash[user_id]])");
    }

    @Test
    void namesAKeyThePlannerComputedByTheExpressionThatComputesIt() {
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, ROW_NUMBER() OVER (PARTITION BY address.city ORDER BY placed DESC) AS rn"
                        + " FROM orders) WHERE rn = 1");

        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.node().description()).as("Flink's own description").contains("partitionBy=[$");
        assertThat(rank.partitionKeys()).containsExactly("address.city");
        assertThat(rank.orderKeys()).extracting(OrderKey::column).containsExactly("placed");
        assertThat(rank.describe()).doesNotContainPattern("\\$\\d");
    }

    @Test
    void givesEachOperatorTheTtlOfItsHintAndKeepsAnInsertRunnable() {
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
        ExplainedPlan plan =
                // The hint names a subquery: Flink 1.20 matches no table with a WATERMARK by its name.
                plan("INSERT INTO sink SELECT /*+ STATE_TTL('o' = '0') */ user_id, SUM(amount) FROM (SELECT * FROM orders) o"
                        + " GROUP BY user_id");

        Operator.GroupAggregate aggregate = plan.operators(Operator.GroupAggregate.class).get(0);
        assertThat(aggregate.groupBy()).containsExactly("user_id");
        assertThat(aggregate.state()).extracting(OperatorState::ttl).containsExactly(Duration.ZERO);
        assertThat(plan.executablePlan()).as("an INSERT runs as the plan that was judged").isPresent();
        PlanNode sink = plan.roots().get(0);
        assertThat(sink.name()).isEqualTo("Sink");
        assertThat(sink.table()).hasValue(ObjectIdentifier.of("default_catalog", "default_database", "sink"));
        assertThat(plan.nodes()).filteredOn(n -> n.is("TableSourceScan")).extracting(PlanNode::table)
                .containsExactly(Optional.of(ObjectIdentifier.of("default_catalog", "default_database", "orders")));
    }

    @Test
    void readsBothJoinKeysThroughTheirOwnSides() {
        ExplainedPlan plan = plan("SELECT o.order_id, u.name FROM orders o JOIN users u ON o.user_id = u.user_id");

        Operator.Join join = plan.operators(Operator.Join.class).get(0);
        assertThat(join.joinType()).isEqualTo("INNER");
        assertThat(join.leftKeys()).containsExactly("user_id");
        assertThat(join.rightKeys()).containsExactly("user_id");
        assertThat(join.node().inputs()).hasSize(2);
        assertThat(join.state()).extracting(OperatorState::name).containsExactly("leftState", "rightState");
    }

    @Test
    void knowsADeduplicationOrderedByEventTime() {
        ExplainedPlan plan =
                plan("SELECT * FROM (SELECT order_id, user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC)"
                        + " AS rn FROM orders) WHERE rn = 1");
        assertThat(plan.operators(Operator.Deduplicate.class)).singleElement()
                .satisfies(d -> {
                    assertThat(d.keys()).containsExactly("user_id");
                    assertThat(d.keepLastRow()).isTrue();
                });
        assertThat(plan.operators(Operator.Rank.class)).isEmpty();
    }

    @Test
    void readsTheRowtimeOfAnOutputTypeWrittenAsAnObject() {
        ExplainedPlan plan = plan("SELECT * FROM (SELECT order_id, amount, window_start, window_end, ROW_NUMBER() OVER"
                + " (PARTITION BY window_start, window_end ORDER BY amount DESC) AS rn"
                + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTE))) WHERE rn <= 3");

        Operator.WindowRank rank = plan.operators(Operator.WindowRank.class).get(0);
        assertThat(rank.rankEnd()).hasValue(3);
        PlanNode watermarks = plan.nodes().stream().filter(n -> n.is("WatermarkAssigner")).findFirst().orElseThrow();
        assertThat(watermarks.outputType().columns())
                .filteredOn(c -> c.name().equals("order_time"))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.timeAttribute()).isEqualTo(Column.TimeAttribute.ROWTIME);
                    assertThat(c.type()).isEqualTo("TIMESTAMP(3) *ROWTIME*");
                });
    }

    @Test
    void namesANonConstantRankEndByItsColumn() {
        ExplainedPlan plan = plan("SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id"
                + " ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= amount");

        Operator.Rank rank = plan.operators(Operator.Rank.class).get(0);
        assertThat(rank.rankEnd()).isEmpty();
        assertThat(rank.range().describe()).isEqualTo("rankEnd=amount");
    }
}
