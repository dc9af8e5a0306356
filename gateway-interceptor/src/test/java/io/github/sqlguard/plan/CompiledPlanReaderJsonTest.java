package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/**
 * The compiled plan reader on hand-written JSON in the shape Flink writes: what it reads in place,
 * what it leaves to Jackson, and the drawn text parsed as an EXPLAIN text where a description is
 * not a plain one-line node.
 */
class CompiledPlanReaderJsonTest {

    private final CompiledPlanReader reader = new CompiledPlanReader();

    private static String plan(String calcDescription) {
        return """
                {
                  "flinkVersion" : "2.3",
                  "nodes" : [ {
                    "id" : 1,
                    "type" : "stream-exec-table-source-scan_1",
                    "scanTableSource" : { "table" : { "identifier" : "`c`.`d`.`t`", "x" : [ "]}", "\\"{" ] } },
                    "outputType" : "ROW<`k` VARCHAR(2147483647), `v` BIGINT>",
                    "description" : "TableSourceScan(table=[[c, d, t]], fields=[k, v])"
                  }, {
                    "id" : 2,
                    "type" : "stream-exec-calc_1",
                    "description" : %s
                  }, {
                    "id" : 3,
                    "type" : "stream-exec-group-aggregate_1",
                    "state" : [ { "index" : 0, "ttl" : "1 d", "name" : "groupAggregateState" } ],
                    "description" : "GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c])"
                  }, {
                    "id" : 4,
                    "type" : "stream-exec-sink_1",
                    "description" : "Sink(table=[*anonymous_sql_guard_analysis$1*], fields=[k, c])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 }, { "source" : 2, "target" : 3 }, { "source" : 3, "target" : 4 } ]
                }
                """.formatted(calcDescription);
    }

    @Test
    void drawsTheExecutionPlanWithoutTheAnalysisSinkAndReadsStateInPlace() {
        ExplainedPlan plan = reader.read(plan("\"Calc(select=[k, 'a\\\"b' AS s])\""));

        assertThat(plan.executionPlan().text())
                .isEqualTo("GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c])\n"
                        + "+- Calc(select=[k, 'a\"b' AS s])\n"
                        + "   +- TableSourceScan(table=[[c, d, t]], fields=[k, v])");
        assertThat(plan.text()).isEqualTo("== Optimized Execution Plan ==\n" + plan.executionPlan().text() + "\n");
        assertThat(plan.executionPlan().nodes()).extracting(PlanNode::name)
                .containsExactly("GroupAggregate", "Calc", "TableSourceScan");
        assertThat(plan.executionPlan().nodes().get(1).attribute("select")).contains("k, 'a\"b' AS s");
        Operator.GroupAggregate aggregate = plan.operators(Operator.GroupAggregate.class).get(0);
        assertThat(aggregate.state()).containsExactly(new OperatorState("groupAggregateState", Duration.ofDays(1)));
        assertThat(plan.nodes().get(0).type()).isEqualTo("stream-exec-group-aggregate_1");
    }

    @Test
    void buildsTheTypedOperatorsOnceForEveryRule() {
        ExplainedPlan plan = reader.read(plan("\"Calc(select=[k])\""));
        assertThat(plan.operators()).isSameAs(plan.operators());
        assertThat(plan.operators()).extracting(Operator::node).isEqualTo(plan.executionPlan().nodes());
        assertThat(plan.executableAs("{}").operators()).isSameAs(plan.operators());
    }

    @Test
    void parsesTheDrawnTextWhereADescriptionIsNotOnePlainLine() {
        String multiLine = "\"Calc(select=[k,\\n v])\"";
        ExplainedPlan plan = reader.read(plan(multiLine));

        String drawn = plan.text().substring("== Optimized Execution Plan ==\n".length());
        assertThat(plan.executionPlan()).isEqualTo(new PlanParser().parseSection(ExplainedPlan.EXECUTION_PLAN, drawn));
        assertThat(plan.executionPlan().nodes()).extracting(PlanNode::name).contains("GroupAggregate", "Calc");
    }

    @Test
    void knowsWhichDescriptionsArePlainNodeLines() {
        assertThat(CompiledPlanReader.plainNameLength("Calc(select=[a])")).isEqualTo(4);
        assertThat(CompiledPlanReader.plainNameLength("Union")).isEqualTo(5);
        assertThat(CompiledPlanReader.plainNameLength("Sink$1_x(a=[1])")).isEqualTo(8);
        assertThat(CompiledPlanReader.plainNameLength("Calc (a)")).isEqualTo(-1);
        assertThat(CompiledPlanReader.plainNameLength(" Calc(a)")).isEqualTo(-1);
        assertThat(CompiledPlanReader.plainNameLength("Calc(a) ")).isEqualTo(-1);
        assertThat(CompiledPlanReader.plainNameLength("Calc(a\rb)")).isEqualTo(-1);
        assertThat(CompiledPlanReader.plainNameLength("")).isEqualTo(-1);
    }

    private static String rank(String orderBy, String inputType) {
        return """
                { "nodes" : [ {
                    "id" : 1, "type" : "stream-exec-exchange_1", "outputType" : %s,
                    "description" : "Exchange(distribution=[hash[k]])"
                  }, {
                    "id" : 2, "type" : "stream-exec-rank_1", "orderBy" : %s,
                    "description" : "Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[k], orderBy=[t DESC], select=[k, t])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 } ] }
                """.formatted(inputType, orderBy);
    }

    private Operator.Rank rankOf(String json) {
        return reader.read(json).operators(Operator.Rank.class).get(0);
    }

    @Test
    void readsWhetherARankIsOrderedByATimeAttributeInPlaceOrByJackson() {
        String rowtime = "\"ROW<`k` VARCHAR(2147483647), `t` TIMESTAMP(3) *ROWTIME*>\"";
        String plain = "\"ROW<`k` VARCHAR(2147483647), `t` TIMESTAMP(3)>\"";
        String byIndex1 = "{ \"fields\" : [ { \"index\" : 1, \"isAscending\" : false } ] }";

        assertThat(rankOf(rank(byIndex1, rowtime)).orderedByTimeAttribute()).hasValue(true);
        assertThat(rankOf(rank(byIndex1, plain)).orderedByTimeAttribute()).hasValue(false);
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 0 } ] }", rowtime)).orderedByTimeAttribute())
                .hasValue(false);
        // Shapes read by Jackson, with the meaning they had there: the last of a repeated key, a
        // textual index, no order key, an index out of the row.
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 0 } ], \"fields\" : [ { \"index\" : 1 } ] }", rowtime))
                .orderedByTimeAttribute()).hasValue(true);
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : \"1\" } ] }", rowtime)).orderedByTimeAttribute())
                .hasValue(true);
        assertThat(rankOf(rank("{ \"fields\" : [ ] }", rowtime)).orderedByTimeAttribute()).isEmpty();
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 5 } ] }", rowtime)).orderedByTimeAttribute()).isEmpty();
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 1 } ] }",
                "{ \"type\" : \"ROW\", \"fields\" : [ { \"name\" : \"k\", \"fieldType\" : \"INT\" },"
                        + " { \"name\" : \"t\", \"fieldType\" : { \"type\" : \"TIMESTAMP_WITHOUT_TIME_ZONE\","
                        + " \"kind\" : \"ROWTIME\" } } ] }")).orderedByTimeAttribute()).hasValue(true);
    }

    @Test
    void rejectsTextThatIsNotACompiledPlan() {
        assertThatThrownBy(() -> reader.read("[]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Not a compiled plan");
        assertThatThrownBy(() -> reader.read("{\"edges\": []}")).hasMessage("Not a compiled plan: no \"nodes\" array.");
    }
}
