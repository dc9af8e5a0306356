package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The compiled plan reader on hand-written JSON in the shape Flink writes: nodes by id, the edges
 * as inputs, the analysis sink left out, row types in both of Flink's forms, names of computed
 * columns, reused nodes drawn once.
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
                    "projection" : [ { "kind" : "INPUT_REF", "inputIndex" : 0, "type" : "VARCHAR(2147483647)" } ],
                    "outputType" : "ROW<`k` VARCHAR(2147483647)>",
                    "description" : %s
                  }, {
                    "id" : 3,
                    "type" : "stream-exec-group-aggregate_1",
                    "grouping" : [ 0 ],
                    "state" : [ { "index" : 0, "ttl" : "1 d", "name" : "groupAggregateState" } ],
                    "outputType" : "ROW<`k` VARCHAR(2147483647), `c` BIGINT NOT NULL>",
                    "description" : "GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS c])"
                  }, {
                    "id" : 4,
                    "type" : "stream-exec-sink_1",
                    "description" : "Sink(table=[*anonymous_sql_guard_analysis$1*], fields=[k, c])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2, "shuffle" : { "type" : "FORWARD" } },
                              { "source" : 2, "target" : 3 }, { "source" : 3, "target" : 4 } ]
                }
                """.formatted(calcDescription);
    }

    @Test
    void readsNodesByIdWithTheirInputsAndLeavesTheAnalysisSinkOut() {
        ExplainedPlan plan = reader.read(plan("\"Calc(select=[k, 'a\\\"b' AS s])\""));

        assertThat(plan.nodes()).extracting(PlanNode::label).containsExactly("GroupAggregate[3]", "Calc[2]", "TableSourceScan[1]");
        assertThat(plan.roots()).extracting(PlanNode::id).containsExactly(3);
        assertThat(plan.node(3).orElseThrow().inputs()).containsExactly(2);
        assertThat(plan.node(2).orElseThrow().description()).isEqualTo("Calc(select=[k, 'a\"b' AS s])");
        assertThat(plan.node(1).orElseThrow().table()).hasValue(ObjectIdentifier.of("c", "d", "t"));
        assertThat(plan.node(4)).isEmpty();
        assertThat(plan.text()).isEqualTo("GroupAggregate[3](groupBy=[k], select=[k, COUNT(*) AS c])\n"
                + "+- Calc[2](select=[k, 'a\"b' AS s])\n"
                + "   +- TableSourceScan[1](table=[[c, d, t]], fields=[k, v])");
        Operator.GroupAggregate aggregate = plan.operators(Operator.GroupAggregate.class).get(0);
        assertThat(aggregate.groupBy()).containsExactly("k");
        assertThat(aggregate.state()).containsExactly(new OperatorState("groupAggregateState", Duration.ofDays(1)));
        assertThat(aggregate.node().type()).isEqualTo("stream-exec-group-aggregate_1");
    }

    @Test
    void buildsTheTypedOperatorsOnceForEveryRule() {
        ExplainedPlan plan = reader.read(plan("\"Calc(select=[k])\""));
        assertThat(plan.operators()).isSameAs(plan.operators());
        assertThat(plan.operators()).extracting(Operator::node).isEqualTo(plan.nodes());
        assertThat(plan.executableAs("{}").operators()).isSameAs(plan.operators());
    }

    @Test
    void drawsADescriptionOnOneLine() {
        ExplainedPlan plan = reader.read(plan("\"Calc(select=[k,\\n v])\""));
        assertThat(plan.excerpt(plan.node(2).orElseThrow(), 0)).isEqualTo("==> +- Calc[2](select=[k,  v])");
    }

    @Test
    void namesTheNodeByItsTypeWhereItsDescriptionDoesNotStartWithAName() {
        ExplainedPlan plan = reader.read(plan("\" odd description\""));
        assertThat(plan.node(2).orElseThrow().name()).isEqualTo("Calc");
        assertThat(plan.excerpt(plan.node(2).orElseThrow(), 0)).isEqualTo("==> +- Calc[2]  odd description");
    }

    private static String rank(String orderBy, String inputType) {
        return """
                { "nodes" : [ {
                    "id" : 1, "type" : "stream-exec-exchange_1", "outputType" : %s,
                    "description" : "Exchange(distribution=[hash[k]])"
                  }, {
                    "id" : 2, "type" : "stream-exec-rank_1", "partition" : { "fields" : [ 0 ] }, "orderBy" : %s,
                    "rankRange" : { "type" : "Constant", "start" : 1, "end" : 1 }, "rankStrategy" : { "type" : "Retract" },
                    "description" : "Rank(strategy=[RetractStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[k], orderBy=[t DESC], select=[k, t])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 } ] }
                """.formatted(inputType, orderBy);
    }

    private Operator.Rank rankOf(String json) {
        return reader.read(json).operators(Operator.Rank.class).get(0);
    }

    @Test
    void readsWhetherARankIsOrderedByATimeAttributeOfItsInputInEitherForm() {
        String byIndex1 = "{ \"fields\" : [ { \"index\" : 1, \"isAscending\" : false } ] }";
        String rowtimeObject = "{ \"type\" : \"ROW\", \"fields\" : [ { \"name\" : \"k\", \"fieldType\" : \"INT\" },"
                + " { \"name\" : \"t\", \"fieldType\" : { \"type\" : \"TIMESTAMP_WITHOUT_TIME_ZONE\", \"precision\" : 3,"
                + " \"kind\" : \"ROWTIME\" } } ] }";
        String plainString = "\"ROW<`k` VARCHAR(2147483647), `t` TIMESTAMP(3)>\"";
        String rowtimeString = "\"ROW<`k` VARCHAR(2147483647), `t` TIMESTAMP(3) *ROWTIME*>\"";

        Operator.Rank byRowtime = rankOf(rank(byIndex1, rowtimeObject));
        assertThat(byRowtime.orderedByTimeAttribute()).hasValue(true);
        assertThat(byRowtime.orderKeys()).containsExactly(new OrderKey("t", "TIMESTAMP(3) *ROWTIME*", false));
        assertThat(byRowtime.partitionKeys()).containsExactly("k");
        assertThat(byRowtime.retracts()).isTrue();
        assertThat(byRowtime.keepsFirstRowOnly()).isTrue();
        assertThat(rankOf(rank(byIndex1, plainString)).orderedByTimeAttribute()).hasValue(false);
        assertThat(rankOf(rank(byIndex1, rowtimeString)).orderedByTimeAttribute()).hasValue(true);
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 0 } ] }", rowtimeObject)).orderedByTimeAttribute())
                .hasValue(false);
        assertThat(rankOf(rank("{ \"fields\" : [ ] }", rowtimeObject)).orderedByTimeAttribute()).isEmpty();
        assertThat(rankOf(rank("{ \"fields\" : [ { \"index\" : 5 } ] }", rowtimeObject)).orderedByTimeAttribute()).isEmpty();
    }

    /**
     * A Kafka table with a computed column beside its {@code WATERMARK} (issue 30, springMoon/sqlSubmit's
     * {@code process_time AS PROCTIME()}): Flink pushes the watermark into the scan and writes the rowtime
     * column in the scan's output type as a plain {@code TIMESTAMP(3)}, its {@code WatermarkPushDown}
     * ability naming it as the rowtime ({@code $REINTERPRET$} of the column). The column is event time: a
     * daily count over it was told to "declare ts as event time (WATERMARK FOR ts ...)", a watermark the
     * table had.
     */
    @Test
    void readsTheRowtimeColumnOfAScanWithAPushedDownWatermark() {
        String json = """
                { "nodes" : [ {
                    "id" : 1, "type" : "stream-exec-table-source-scan_2",
                    "scanTableSource" : { "table" : { "identifier" : "`c`.`d`.`user_log`" },
                      "abilities" : [ { "type" : "WatermarkPushDown",
                        "watermarkExpr" : { "kind" : "CALL", "internalName" : "$-$1", "operands" : [ ] },
                        "rowtimeExpr" : { "kind" : "CALL", "internalName" : "$REINTERPRET$1",
                          "operands" : [ { "kind" : "INPUT_REF", "inputIndex" : %d, "type" : "TIMESTAMP(3)" } ] } } ] },
                    "outputType" : "ROW<`user_id` VARCHAR(2147483647), `ts` TIMESTAMP(3)>",
                    "description" : "TableSourceScan(table=[[c, d, user_log, watermark=[-(ts, 5000:INTERVAL SECOND)]]], fields=[user_id, ts])"
                  }, {
                    "id" : 2, "type" : "stream-exec-calc_1",
                    "outputType" : "ROW<`day` VARCHAR(2147483647), `user_id` VARCHAR(2147483647)>",
                    "description" : "Calc(select=[DATE_FORMAT(CAST(Reinterpret(ts) AS TIMESTAMP(3)), 'yyyyMMdd') AS day, user_id])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 } ] }
                """;

        ExplainedPlan pushed = reader.read(json.formatted(1));
        assertThat(pushed.timeAttributesBelow(pushed.node(2).orElseThrow()))
                .containsExactly(new Column("ts", "TIMESTAMP(3) *ROWTIME*", Column.TimeAttribute.ROWTIME));
        assertThat(pushed.node(1).orElseThrow().outputType().column(0).orElseThrow().timeAttribute())
                .isEqualTo(Column.TimeAttribute.NONE);
        // An index that names no TIMESTAMP column marks nothing.
        ExplainedPlan odd = reader.read(json.formatted(0));
        assertThat(odd.timeAttributesBelow(odd.node(2).orElseThrow())).isEmpty();
    }

    /**
     * The same table on Flink 1.20.0, as its compiled plan writes it: the {@code WatermarkPushDown} ability has
     * no {@code "rowtimeExpr"} (its {@code "watermarkExpr"} reads the scan's columns), and the Calc over the
     * scan reinterprets the column as the rowtime ({@code PushWatermarkIntoTableSourceScanAcrossCalcRule}).
     */
    @Test
    void readsTheRowtimeColumnOfAScanWithAPushedDownWatermarkFromTheCalcOverItOnFlink120() {
        String json = """
                { "nodes" : [ {
                    "id" : 1, "type" : "stream-exec-table-source-scan_1",
                    "scanTableSource" : { "table" : { "identifier" : "`c`.`d`.`user_log`" },
                      "abilities" : [ { "type" : "WatermarkPushDown",
                        "watermarkExpr" : { "kind" : "CALL", "internalName" : "$-$1", "operands" : [
                          { "kind" : "INPUT_REF", "inputIndex" : 2, "type" : "TIMESTAMP(3)" },
                          { "kind" : "LITERAL", "value" : "5000", "type" : "INTERVAL SECOND(6) NOT NULL" } ] },
                        "producedType" : "ROW<`user_id` VARCHAR(2147483647), `ts` TIMESTAMP(3), `other` TIMESTAMP(3)> NOT NULL" } ] },
                    "outputType" : "ROW<`user_id` VARCHAR(2147483647), `ts` TIMESTAMP(3), `other` TIMESTAMP(3)>",
                    "description" : "TableSourceScan(table=[[c, d, user_log, watermark=[-(other, 5000:INTERVAL SECOND)]]], fields=[user_id, ts, other])"
                  }, {
                    "id" : 2, "type" : "stream-exec-calc_1",
                    "projection" : [ { "kind" : "CALL", "internalName" : "$DATE_FORMAT$1", "operands" : [
                      { "kind" : "CALL", "internalName" : "$CAST$1", "operands" : [
                        { "kind" : "CALL", "internalName" : "$REINTERPRET$1",
                          "operands" : [ { "kind" : "INPUT_REF", "inputIndex" : 1, "type" : "TIMESTAMP(3)" } ],
                          "type" : { "type" : "TIMESTAMP_WITHOUT_TIME_ZONE", "precision" : 3, "kind" : "%s" } } ],
                        "type" : "TIMESTAMP(3)" },
                      { "kind" : "LITERAL", "value" : "yyyyMMdd", "type" : "CHAR(8) NOT NULL" } ], "type" : "VARCHAR(2147483647)" },
                      { "kind" : "INPUT_REF", "inputIndex" : 0, "type" : "VARCHAR(2147483647)" } ],
                    "outputType" : "ROW<`day` VARCHAR(2147483647), `user_id` VARCHAR(2147483647)>",
                    "description" : "Calc(select=[DATE_FORMAT(CAST(Reinterpret(ts) AS TIMESTAMP(3)), 'yyyyMMdd') AS day, user_id])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 } ] }
                """;

        // The rowtime is the column the Calc reinterprets (ts), not the one the watermark is computed from.
        ExplainedPlan pushed = reader.read(json.formatted("ROWTIME"));
        assertThat(pushed.timeAttributesBelow(pushed.node(2).orElseThrow()))
                .containsExactly(new Column("ts", "TIMESTAMP(3) *ROWTIME*", Column.TimeAttribute.ROWTIME));
        // A reinterpretation to a plain TIMESTAMP is no rowtime.
        ExplainedPlan plain = reader.read(json.formatted("REGULAR"));
        assertThat(plain.timeAttributesBelow(plain.node(2).orElseThrow())).isEmpty();
    }

    @Test
    void splitsARowTypeStringIntoColumns() {
        assertThat(OutputType.of("ROW<`a` INT, `b``c` ROW<`x` INT, `y` DECIMAL(10, 2)>, `t` TIMESTAMP(3) *PROCTIME*> NOT NULL")
                        .columns())
                .containsExactly(
                        new Column("a", "INT", Column.TimeAttribute.NONE),
                        new Column("b`c", "ROW<`x` INT, `y` DECIMAL(10, 2)>", Column.TimeAttribute.NONE),
                        new Column("t", "TIMESTAMP(3) *PROCTIME*", Column.TimeAttribute.PROCTIME));
        assertThat(OutputType.UNKNOWN.column(0)).isEmpty();
    }

    @Test
    void namesAComputedKeyThroughTheCalcThatComputesIt() {
        String json = """
                { "nodes" : [ {
                    "id" : 1, "type" : "stream-exec-table-source-scan_1",
                    "outputType" : "ROW<`id` INT, `bid` ROW<`auction` BIGINT, `price` BIGINT>>",
                    "description" : "TableSourceScan(table=[[c, d, bids]], fields=[id, bid])"
                  }, {
                    "id" : 2, "type" : "stream-exec-calc_1",
                    "projection" : [ { "kind" : "INPUT_REF", "inputIndex" : 0, "type" : "INT" },
                      { "kind" : "FIELD_ACCESS", "name" : "auction", "expr" : { "kind" : "INPUT_REF", "inputIndex" : 1 } },
                      { "kind" : "CALL", "internalName" : "$UPPER$1",
                        "operands" : [ { "kind" : "CALL", "internalName" : "$+$1", "operands" : [
                          { "kind" : "FIELD_ACCESS", "name" : "price", "expr" : { "kind" : "INPUT_REF", "inputIndex" : 1 } },
                          { "kind" : "LITERAL", "value" : 1, "type" : "INT NOT NULL" } ] } ] } ],
                    "outputType" : "ROW<`id` INT, `$1` BIGINT, `$2` BIGINT>",
                    "description" : "Calc(select=[id, bid.auction AS $1, UPPER((bid.price + 1)) AS $2])"
                  }, {
                    "id" : 3, "type" : "stream-exec-exchange_1",
                    "outputType" : "ROW<`id` INT, `$1` BIGINT, `$2` BIGINT>",
                    "description" : "Exchange(distribution=[hash[$1]])"
                  }, {
                    "id" : 4, "type" : "stream-exec-rank_1", "partition" : { "fields" : [ 1 ] },
                    "orderBy" : { "fields" : [ { "index" : 2, "isAscending" : false } ] },
                    "rankRange" : { "type" : "Constant", "start" : 1, "end" : 3 }, "rankStrategy" : { "type" : "AppendFast" },
                    "outputType" : "ROW<`id` INT, `$1` BIGINT, `$2` BIGINT, `w0$o0` BIGINT NOT NULL>",
                    "description" : "Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[$1], orderBy=[$2 DESC], select=[id, $1, $2, w0$o0])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 }, { "source" : 2, "target" : 3 }, { "source" : 3, "target" : 4 } ] }
                """;

        // Jackson reads a text of more than 32k characters through a Reader: the projection is found there too.
        String large = json.replaceFirst("\\{", "{ \"padding\" : \"" + "x".repeat(40_000) + "\", ");
        for (String plan : new String[] {json, large}) {
            Operator.Rank rank = reader.read(plan).operators(Operator.Rank.class).get(0);
            assertThat(rank.partitionKeys()).containsExactly("bid.auction");
            assertThat(rank.orderBy()).isEqualTo("UPPER((bid.price + 1)) DESC");
        }
        // The same plan for a statement that reads a view over the ROW fields (CREATE VIEW bids_v AS SELECT id,
        // bid.auction, bid.price FROM bids): the view's columns are auction and price, which the statement names.
        Operator.Rank overView = reader.read(json, Optional.of("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY"
                + " auction ORDER BY UPPER(price + 1) DESC) AS rn FROM bids_v) WHERE rn <= 3")).operators(Operator.Rank.class).get(0);
        assertThat(overView.partitionKeys()).containsExactly("auction");
        assertThat(overView.orderBy()).isEqualTo("UPPER((price + 1)) DESC");
        // A statement that writes the field access itself (backquoted or not) is named as it writes it.
        Operator.Rank overTable = reader.read(json, Optional.of("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY"
                + " `bid`.`auction` ORDER BY UPPER(bid.price + 1) DESC) AS rn FROM bids) WHERE rn <= 3"))
                .operators(Operator.Rank.class).get(0);
        assertThat(overTable.partitionKeys()).containsExactly("bid.auction");
        assertThat(overTable.orderBy()).isEqualTo("UPPER((bid.price + 1)) DESC");
        // A view that renames the field: its expanded query gives the name the statement reads.
        String renaming = "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY auction_id ORDER BY id DESC) AS rn"
                + " FROM bids_v) WHERE rn <= 3";
        Operator.Rank overRenamingView = reader.read(json, Optional.of(renaming), List.of("SELECT `bids`.`id`,"
                + " `bids`.`bid`.`auction` AS `auction_id`, `bids`.`bid`.`price` AS `amount` FROM `c`.`d`.`bids`"))
                .operators(Operator.Rank.class).get(0);
        assertThat(overRenamingView.partitionKeys()).containsExactly("auction_id");
        // Without the view's query the name is not known: not bid.auction, which the view does not have.
        assertThat(reader.read(json, Optional.of(renaming)).operators(Operator.Rank.class).get(0).partitionKeys())
                .doesNotContain("bid.auction", "auction");
    }

    @Test
    void drawsANodeReachedTwiceOnceAndRefersToItWhereItIsMetAgain() {
        String json = """
                { "nodes" : [
                  { "id" : 1, "type" : "stream-exec-table-source-scan_1", "description" : "TableSourceScan(table=[[c, d, t]])" },
                  { "id" : 2, "type" : "stream-exec-calc_1", "description" : "Calc(select=[a])" },
                  { "id" : 3, "type" : "stream-exec-calc_1", "description" : "Calc(select=[b])" },
                  { "id" : 4, "type" : "stream-exec-union_1", "description" : "Union(all=[true])" } ],
                  "edges" : [ { "source" : 1, "target" : 2 }, { "source" : 1, "target" : 3 },
                              { "source" : 2, "target" : 4 }, { "source" : 3, "target" : 4 } ] }
                """;

        ExplainedPlan plan = reader.read(json);
        assertThat(plan.nodes()).extracting(PlanNode::id).containsExactly(4, 2, 1, 3);
        assertThat(plan.text()).isEqualTo("Union[4](all=[true])\n"
                + ":- Calc[2](select=[a])\n"
                + ":  +- TableSourceScan[1](table=[[c, d, t]])\n"
                + "+- Calc[3](select=[b])\n"
                + "   +- Reused(TableSourceScan[1])");
    }

    @Test
    void separatesTheTreesOfSeveralSinks() {
        String json = """
                { "nodes" : [
                  { "id" : 1, "type" : "stream-exec-table-source-scan_1", "description" : "TableSourceScan(table=[[c, d, t]])" },
                  { "id" : 2, "type" : "stream-exec-sink_1", "dynamicTableSink" : { "table" : { "identifier" : "`c`.`d`.`a`" } },
                    "description" : "Sink(table=[c.d.a])" },
                  { "id" : 3, "type" : "stream-exec-sink_1", "dynamicTableSink" : { "table" : { "identifier" : "`c`.`d`.`b`" } },
                    "description" : "Sink(table=[c.d.b])" } ],
                  "edges" : [ { "source" : 1, "target" : 2 }, { "source" : 1, "target" : 3 } ] }
                """;

        ExplainedPlan plan = reader.read(json);
        assertThat(plan.roots()).extracting(PlanNode::table).containsExactly(
                Optional.of(ObjectIdentifier.of("c", "d", "a")), Optional.of(ObjectIdentifier.of("c", "d", "b")));
        assertThat(plan.excerpt(plan.node(3).orElseThrow(), 2))
                .isEqualTo("    +- TableSourceScan[1](table=[[c, d, t]])\n    \n==> Sink[3](table=[c.d.b])\n    +- Reused(TableSourceScan[1])");
    }

    /**
     * A lookup join's table and the PRIMARY KEY it declares, from its {@code "temporalTable"} (Flink 2.3.0 {@code
     * TemporalTableSourceSpec}): the key is the plan's ({@code rules.DeclaredKeys}); its options are not read.
     */
    @Test
    void readsTheKeyOfALookupJoinsTableButNotItsOptions() {
        ExplainedPlan plan = reader.read("""
                {
                  "flinkVersion" : "2.3",
                  "nodes" : [ {
                    "id" : 1,
                    "type" : "stream-exec-table-source-scan_1",
                    "scanTableSource" : { "table" : { "identifier" : "`c`.`d`.`orders`" } },
                    "outputType" : "ROW<`customer_id` VARCHAR(2147483647)>",
                    "description" : "TableSourceScan(table=[[c, d, orders]], fields=[customer_id])"
                  }, {
                    "id" : 2,
                    "type" : "stream-exec-lookup-join_1",
                    "temporalTable" : {
                      "lookupTableSource" : { "table" : { "identifier" : "`c`.`d`.`customers`", "resolvedTable" : {
                        "schema" : { "columns" : [ { "name" : "id", "dataType" : "VARCHAR(2147483647) NOT NULL" } ],
                          "primaryKey" : { "name" : "PK_id", "type" : "PRIMARY_KEY", "columns" : [ "id" ] } },
                        "options" : { "connector" : "jdbc", "password" : "x" } } } },
                      "outputType" : "ROW<`id` VARCHAR(2147483647) NOT NULL>"
                    },
                    "outputType" : "ROW<`customer_id` VARCHAR(2147483647), `id` VARCHAR(2147483647) NOT NULL>",
                    "description" : "LookupJoin(table=[c.d.customers], joinType=[InnerJoin], lookup=[id=customer_id])"
                  }, {
                    "id" : 3,
                    "type" : "stream-exec-sink_1",
                    "description" : "Sink(table=[*anonymous_sql_guard_analysis$1*], fields=[customer_id, id])"
                  } ],
                  "edges" : [ { "source" : 1, "target" : 2 }, { "source" : 2, "target" : 3 } ]
                }
                """);

        PlanNode lookup = plan.nodes().stream().filter(n -> n.is("LookupJoin")).findFirst().orElseThrow();
        assertThat(lookup.table()).contains(ObjectIdentifier.of("c", "d", "customers"));
        assertThat(lookup.tableKey()).containsExactly("id");
        assertThat(lookup.tableOptions()).isEmpty();
    }

    @Test
    void rejectsTextThatIsNotACompiledPlan() {
        assertThatThrownBy(() -> reader.read("[]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Not a compiled plan");
        assertThatThrownBy(() -> reader.read("{\"edges\": []}")).hasMessage("Not a compiled plan: no \"nodes\" array.");
        assertThatThrownBy(() -> reader.read("{\"nodes\": [")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Not a compiled plan");
    }
}
