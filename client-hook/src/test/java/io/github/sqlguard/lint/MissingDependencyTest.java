package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.SqlClientLine;
import io.github.sqlguard.lint.MissingDependency.Kind;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@link MissingDependency#classify} over Flink's own messages (2.3.0's, and 1.20.0's where they differ) (cause chains as lint reads them). */
class MissingDependencyTest {

    /** The Kafka connector this build's Flink line names (2.3: 5.0.0-2.2; 1.20: 3.2.0-1.19). */
    private static final String KAFKA = SqlClientLine.current().wellKnownJars().get("kafka");

    @Test
    void namesAMissingConnectorAndItsMavenCoordinates() {
        MissingDependency missing = MissingDependency.classify("""
                Unable to create a source for reading table 'default_catalog.default_database.orders'.

                Table options are:

                'connector'='kafka'
                Caused by: org.apache.flink.table.api.ValidationException: Could not find any factory for identifier \
                'kafka' that implements 'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.""")
                .orElseThrow();

        assertThat(missing.kind()).isEqualTo(Kind.CONNECTOR);
        assertThat(missing.name()).isEqualTo("kafka");
        assertThat(missing.maven()).isEqualTo(KAFKA).startsWith("org.apache.flink:flink-sql-connector-kafka:");
        assertThat(missing.evidence()).startsWith("ValidationException: Could not find any factory for identifier 'kafka'");
        assertThat(missing.reason()).contains("no connector 'kafka'").contains("not a verdict");
        assertThat(missing.fix()).contains("--jar").contains(KAFKA).contains("--stand-in-connectors");
    }

    @Test
    void namesMissingFormatsCatalogsModulesAndDiscoveredConnectors() {
        assertThat(MissingDependency.classify(
                "Could not find any format factory for identifier 'debezium-avro-confluent' in the classpath."))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.FORMAT);
                    // A stand-in replaces a missing connector, not a format.
                    assertThat(m.fix()).doesNotContain("--stand-in-connectors");
                    assertThat(m.maven()).isEqualTo("org.apache.flink:flink-sql-avro-confluent-registry:"
                            + EnvironmentInformation.getVersion());
                });
        assertThat(MissingDependency.classify("Could not find any factory for identifier 'parquet' that implements"
                + " 'org.apache.flink.connector.file.table.factories.BulkReaderFormatFactory' in the classpath."))
                .hasValueSatisfying(m -> assertThat(m.kind()).isEqualTo(Kind.FORMAT));
        assertThat(MissingDependency.classify("Could not find any factory for identifier 'paimon' that implements"
                + " 'org.apache.flink.table.factories.CatalogFactory' in the classpath.\n\nAvailable factory identifiers are:"))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.CATALOG);
                    // 2.3 names paimon-flink-<line>; 1.20 names no jar it could not verify (CurrentSqlClientLine).
                    assertThat(m.maven()).isEqualTo(SqlClientLine.current().wellKnownJars().getOrDefault("paimon", ""));
                });
        assertThat(MissingDependency.classify("Could not find any factory for identifier 'hive' that implements"
                + " 'org.apache.flink.table.factories.ModuleFactory' in the classpath."))
                .hasValueSatisfying(m -> assertThat(m.kind()).isEqualTo(Kind.MODULE));
        assertThat(MissingDependency.classify("Cannot discover a connector using option: 'connector'='upsert-kafka'"))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.CONNECTOR);
                    assertThat(m.name()).isEqualTo("upsert-kafka");
                });
    }

    @Test
    void namesFlinkPythonForAPythonFunction(@TempDir Path dir) throws Exception {
        assertThat(MissingDependency.classify("Instantiating python function 'udfs.add_tax' failed.\n"
                + "Caused by: java.lang.ClassNotFoundException: org.apache.flink.client.python.PythonFunctionFactory"))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.PYTHON);
                    assertThat(m.maven()).isEqualTo("org.apache.flink:flink-python:" + EnvironmentInformation.getVersion());
                    assertThat(m.fix()).contains("flink-python").doesNotContain("the UDF's jar");
                });

        // Through Flink's planner: a LANGUAGE PYTHON function used in a query, without flink-python.
        Files.writeString(dir.resolve("python_udf.sql"),
                "CREATE TABLE orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');\n"
                        + "CREATE TEMPORARY FUNCTION add_tax AS 'udfs.add_tax' LANGUAGE PYTHON;\n"
                        + "SELECT order_id, add_tax(amount) FROM orders;\n");
        LintRun run = new Linter(() -> new LintEngine(new Configuration()), null).run(List.of(dir));
        LintedStatement query = run.statements().get(run.statements().size() - 1);
        assertThat(query.findings()).extracting(LintFinding::ruleId).containsExactly(MissingDependency.ID);
        assertThat(query.findings().get(0).finding().reason()).contains("needs flink-python");
        assertThat(query.findings().get(0).finding().fix())
                .contains("flink-python's jar").contains("org.apache.flink:flink-python:" + EnvironmentInformation.getVersion())
                .doesNotContain("the UDF's jar");
    }

    @Test
    void namesAMissingClassAndAJarThatIsNotThere() {
        assertThat(MissingDependency.classify("SQL validation failed. Cannot instantiate user-defined function 'f'.\n"
                + "Caused by: java.lang.ClassNotFoundException: com.example.udf.Shout"))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.CLASS);
                    assertThat(m.name()).isEqualTo("com.example.udf.Shout");
                    assertThat(m.maven()).isEmpty();
                });
        assertThat(MissingDependency.classify("Caused by: java.lang.NoClassDefFoundError: org/apache/flink/connector/base/DeliveryGuarantee"))
                .hasValueSatisfying(m -> {
                    assertThat(m.name()).isEqualTo("org.apache.flink.connector.base.DeliveryGuarantee");
                    assertThat(m.maven()).startsWith("org.apache.flink:flink-connector-base:");
                });
        assertThat(MissingDependency.classify("jar or artifact resource [/tmp/nope.jar] not found."))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.JAR);
                    assertThat(m.name()).isEqualTo("/tmp/nope.jar");
                });
        // Flink 1.20's words for it (ResourceManager).
        assertThat(MissingDependency.classify("jar resource [/tmp/nope.jar] not found."))
                .hasValueSatisfying(m -> {
                    assertThat(m.kind()).isEqualTo(Kind.JAR);
                    assertThat(m.name()).isEqualTo("/tmp/nope.jar");
                });
    }

    @Test
    void leavesErrorsInTheSqlAlone() {
        assertThat(MissingDependency.classify("Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nstate.ttl"))
                .isEmpty();
        assertThat(MissingDependency.classify("Property group.id is required when using committed offset for offsets"
                + " initializer")).isEmpty();
        assertThat(MissingDependency.classify("SQL validation failed. From line 1, column 15 to line 1, column 21:"
                + " Object 'pc' not found")).isEmpty();
        assertThat(MissingDependency.classify("")).isEmpty();
        assertThat(MissingDependency.classify(null)).isEmpty();
    }
}
