package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.plan.ChangelogSources;

import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.connector.sink.abilities.SupportsWritingMetadata;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The changelog modes a stand-in gives a table, and the stand-in connector itself. */
class StandInChangelogTest {

    private static final ChangelogMode UPSERT_KAFKA_SOURCE =
            ChangelogMode.newBuilder().addContainedKind(RowKind.UPDATE_AFTER).addContainedKind(RowKind.DELETE).build();

    @Test
    void plainKafkaWithJsonIsInsertOnlyBothWaysAsTheJsonFormatSays() {
        StandInChangelog modes = modes(false, "connector", "kafka", "format", "json");

        assertThat(modes.source()).isEqualTo(ChangelogMode.insertOnly());
        assertThat(modes.sink()).isEqualTo(ChangelogMode.insertOnly());
        assertThat(modes.sourceBasis()).isEqualTo("as format 'json' reports it to Flink");
    }

    @Test
    void cdcFormatsOnTheClassPathAreAskedAndCarryEveryChange() {
        for (String format : List.of("debezium-json", "canal-json", "maxwell-json", "ogg-json")) {
            StandInChangelog modes = modes(true, "connector", "kafka", "format", format);

            assertThat(modes.source()).as(format).isEqualTo(ChangelogMode.all());
            assertThat(modes.sink()).as(format).isEqualTo(ChangelogMode.all());
            assertThat(modes.sourceBasis()).as(format).contains("reports it to Flink");
        }
    }

    @Test
    void aCdcFormatLintDoesNotHaveFallsBackToTheDocumentedTable() {
        StandInChangelog modes = modes(true, "connector", "kafka", "format", "debezium-avro-confluent");

        assertThat(modes.source()).isEqualTo(ChangelogMode.all());
        assertThat(modes.sourceBasis()).isEqualTo(
                "format 'debezium-avro-confluent' is not in lint's environment: a CDC format carries every change");
    }

    @Test
    void everyCdcFormatOfTheGatewaysOneListCarriesEveryChangeInTheStandIn() {
        // ChangelogSources is the list UpdateStreams reads where a source was not asked: one list, so lint's plan and
        // the findings on it agree (debezium-protobuf was the gateway's alone, and its stand-in planned inserts only).
        for (String format : ChangelogSources.CDC_FORMATS) {
            StandInChangelog modes = modes(true, "connector", "kafka", "value.format", format);

            assertThat(modes.source()).as(format).isEqualTo(ChangelogMode.all());
            assertThat(ChangelogSources.updating(Map.of("connector", "kafka", "value.format", format))).as(format).isTrue();
        }
        assertThat(modes(true, "connector", "kafka", "format", "debezium-protobuf").sourceBasis()).isEqualTo(
                "format 'debezium-protobuf' is not in lint's environment: a CDC format carries every change");
    }

    @Test
    void everyFlinkCdcConnectorTheGatewayTakesAsUpdatingEmitsUpdatesInTheStandIn() {
        for (String connector : List.of("mysql-cdc", "informix-cdc", "mongodb-cdc", "upsert-kafka")) {
            assertThat(ChangelogSources.updatingConnector(connector)).as(connector).isTrue();
            assertThat(modes(true, "connector", connector, "value.format", "json").source().containsOnly(RowKind.INSERT))
                    .as(connector).isFalse();
        }
    }

    @Test
    void anyOtherMissingFormatOrNoFormatIsInsertOnly() {
        assertThat(modes(false, "connector", "kafka", "format", "avro").source()).isEqualTo(ChangelogMode.insertOnly());
        assertThat(modes(false, "connector", "kafka", "format", "avro").sourceBasis()).endsWith("insert-only assumed");
        assertThat(modes(false, "connector", "kinesis").source()).isEqualTo(ChangelogMode.insertOnly());
        assertThat(modes(false, "connector", "kinesis").sourceBasis()).isEqualTo("no format: insert-only assumed");
    }

    @Test
    void upsertKafkaReadsAndWritesUpsertsAsItsFactoryDeclares() {
        StandInChangelog modes = modes(true, "connector", "upsert-kafka", "key.format", "json", "value.format", "json");

        assertThat(modes.source()).isEqualTo(UPSERT_KAFKA_SOURCE);
        assertThat(modes.sink()).isEqualTo(ChangelogMode.upsert());
    }

    @Test
    void valueFormatWinsOverFormatForKafkaWithKeyAndValueFormats() {
        StandInChangelog modes =
                modes(true, "connector", "kafka", "key.format", "json", "value.format", "debezium-json");

        assertThat(modes.source()).isEqualTo(ChangelogMode.all());
        assertThat(modes.sourceBasis()).contains("value.format 'debezium-json'");
    }

    @Test
    void cdcConnectorsEmitEveryChangeAndMongoCdcUpserts() {
        assertThat(modes(true, "connector", "mysql-cdc").source()).isEqualTo(ChangelogMode.all());
        assertThat(modes(true, "connector", "postgres-cdc").source()).isEqualTo(ChangelogMode.all());
        assertThat(modes(true, "connector", "mongodb-cdc").source()).isEqualTo(ChangelogMode.upsert());
    }

    @Test
    void keyedSinksTakeUpsertsOnlyWithAPrimaryKey() {
        assertThat(modes(true, "connector", "jdbc").sink()).isEqualTo(ChangelogMode.upsert());
        assertThat(modes(false, "connector", "jdbc").sink()).isEqualTo(ChangelogMode.insertOnly());
        assertThat(modes(true, "connector", "elasticsearch-7").sink()).isEqualTo(ChangelogMode.upsert());
        assertThat(modes(true, "connector", "jdbc").source()).isEqualTo(ChangelogMode.insertOnly());
    }

    @Test
    void theStandInIsAFactoryOfItsOwnWithTheTablesMetadataAndNeverRuns() {
        StandInConnectorFactory factory = (StandInConnectorFactory) FactoryUtil.discoverFactory(
                getClass().getClassLoader(), DynamicTableFactory.class, StandInConnectorFactory.IDENTIFIER);
        DynamicTableFactory.Context context = context(false, Map.of("connector", StandInConnectorFactory.IDENTIFIER,
                StandInChangelog.STANDS_IN_FOR.key(), "kafka", "format", "json"));

        ScanTableSource source = (ScanTableSource) factory.createDynamicTableSource(context);
        SupportsWritingMetadata sink = (SupportsWritingMetadata) factory.createDynamicTableSink(context);

        assertThat(((SupportsReadingMetadata) source).listReadableMetadata())
                .containsOnlyKeys("timestamp", "partition");
        assertThat(((SupportsReadingMetadata) source).listReadableMetadata().get("timestamp"))
                .isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
        assertThat(sink.listWritableMetadata()).as("persisted metadata only").containsOnlyKeys("timestamp");
        assertThat(source.asSummaryString()).isEqualTo("sql-guard stand-in for `cat`.`db`.`t` (kafka)");
        assertThatThrownBy(() -> new StandInConnectorFactory.NeverRunSource("`cat`.`db`.`t` (kafka)").createReader(null))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("with a stand-in connector (--stand-in-connectors)")
                .hasMessageContaining("Run the job where the real connector's jar is");
        assertThatThrownBy(() -> StandInConnectorFactory.neverRunSink("x").createWriter((WriterInitContext) null))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anIcebergSinkTakesWhatTheQueryEmitsAsIcebergTableSinkDoes() {
        StandInChangelog modes = modes(true, "connector", "iceberg", "format-version", "2");

        assertThat(StandInChangelog.kinds(modes.sinkFor(ChangelogMode.all()))).isEqualTo("+I,-U,+U,-D");
        assertThat(StandInChangelog.kinds(modes.sinkFor(ChangelogMode.upsert()))).isEqualTo("+I,+U,-D");
        assertThat(StandInChangelog.kinds(modes.sinkFor(ChangelogMode.insertOnly()))).isEqualTo("+I");
        assertThat(modes.sinkBasis()).isEqualTo(
                "iceberg writes the changes the query emits (its sink answers Flink with the requested kinds)");
    }

    @Test
    void aPaimonSinkWithAKeyTakesUpsertsAndWithoutOneWhatTheQueryEmitsAsFlinkTableSinkBaseDoes() {
        assertThat(StandInChangelog.kinds(modes(true, "connector", "paimon").sinkFor(ChangelogMode.all())))
                .isEqualTo("+I,+U,-D");
        assertThat(StandInChangelog.kinds(modes(false, "connector", "paimon").sinkFor(ChangelogMode.all())))
                .isEqualTo("+I,-U,+U,-D");
        assertThat(StandInChangelog.kinds(
                modes(true, "connector", "paimon", "changelog-producer", "input").sinkFor(ChangelogMode.all())))
                .isEqualTo("+I,-U,+U,-D");
        assertThat(StandInChangelog.kinds(
                modes(true, "connector", "paimon", "merge-engine", "partial-update").sinkFor(ChangelogMode.all())))
                .isEqualTo("+I,-U,+U,-D");
    }

    @Test
    void aLakeTableSinkPartitionsAndOverwritesAndOtherSinksDoNot() {
        Map<String, String> iceberg = new LinkedHashMap<>(Map.of(
                "connector", StandInConnectorFactory.IDENTIFIER, StandInChangelog.STANDS_IN_FOR.key(), "iceberg"));
        Map<String, String> kafka = new LinkedHashMap<>(Map.of(
                "connector", StandInConnectorFactory.IDENTIFIER, StandInChangelog.STANDS_IN_FOR.key(), "kafka",
                "format", "json"));

        assertThat(new StandInConnectorFactory().createDynamicTableSink(context(true, iceberg)))
                .isInstanceOf(SupportsPartitioning.class).isInstanceOf(SupportsOverwrite.class);
        assertThat(new StandInConnectorFactory().createDynamicTableSink(context(false, kafka)))
                .isNotInstanceOf(SupportsPartitioning.class);
    }

    private static StandInChangelog modes(boolean primaryKey, String... keyValues) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        options.put(StandInChangelog.STANDS_IN_FOR.key(), options.get("connector"));
        options.put("connector", StandInConnectorFactory.IDENTIFIER);
        return StandInChangelog.of(new StandInConnectorFactory(), context(primaryKey, options));
    }

    private static DynamicTableFactory.Context context(boolean primaryKey, Map<String, String> options) {
        ResolvedSchema schema = new ResolvedSchema(
                List.of(Column.physical("id", DataTypes.STRING().notNull()), Column.physical("amount", DataTypes.DOUBLE()),
                        Column.metadata("ts", DataTypes.TIMESTAMP_LTZ(3), "timestamp", false),
                        Column.metadata("part", DataTypes.INT(), "partition", true)),
                List.of(), primaryKey ? UniqueConstraint.primaryKey("pk", List.of("id")) : null);
        CatalogTable table = CatalogTable.newBuilder()
                .schema(Schema.newBuilder().fromResolvedSchema(schema).build()).options(options).build();
        return new FactoryUtil.DefaultDynamicTableContext(ObjectIdentifier.of("cat", "db", "t"),
                new ResolvedCatalogTable(table, schema), Map.of(), new Configuration(), StandInChangelogTest.class.getClassLoader(),
                false);
    }
}
