package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A lake table planned through a stand-in plans as its real sink does (issue 30, round 68's outside SQL,
 * sandwichlab-ai/flink-sql): a {@code PARTITIONED BY} Iceberg table takes the INSERT (IcebergTableSink implements
 * {@code SupportsPartitioning}), and an updating query goes into an Iceberg or Paimon table (their sinks answer Flink
 * with the kinds the query emits). Before, Flink refused both through the stand-in, a BLOCK the real connector never
 * gives: lint cases 61 and 62, whose sink is planned as the real one's. The same for the other sinks lint stands in for (round 69):
 * a partitioned DynamoDB table takes a count's upserts ({@code DynamoDbDynamicSink}, lint 74), a partitioned Hudi table
 * too ({@code HoodieTableSink}, lint 75), and a partitioned Hive table declared outside a Hive catalog takes an
 * append-only copy ({@code HiveTableSink}, lint 76).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StandInLakeSinksTest {

    private static final Path CASES = Path.of("src/test/resources/lint-cases");

    private LintEngine engine;

    @BeforeAll
    void start() {
        engine = new LintEngine(new Configuration(), List.of(), true);
    }

    @AfterAll
    void stop() {
        engine.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "61-kafka-events-first-per-event-id-into-partitioned-iceberg-table-stand-in-partitions-as-iceberg",
        "62-kafka-order-counts-per-customer-into-paimon-table-keyed-by-customer-stand-in-takes-upserts",
        "74-kafka-behavior-counts-per-user-into-partitioned-dynamodb-table-stand-in-takes-upserts",
        "75-kafka-page-view-counts-per-region-and-page-into-partitioned-hudi-table-stand-in-takes-upserts",
        "76-kafka-clicks-copied-into-partitioned-hive-table-outside-a-hive-catalog-stand-in-partitions-as-hive"})
    void aLakeTablePlansThroughItsStandInAsThroughItsSink(String name) throws Exception {
        Path file = CASES.resolve(name + ".sql");
        List<LintedStatement> statements =
                engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));

        // Of lint 61 only its Top-1 by the epoch seconds its event time is computed from is found (dedup-not-recognized,
        // round 69): a finding on the query, none on the sink.
        assertThat(statements.get(statements.size() - 1).findings()).as("findings of %s", name)
                .extracting(LintFinding::ruleId).isSubsetOf("dedup-not-recognized");
    }
}
