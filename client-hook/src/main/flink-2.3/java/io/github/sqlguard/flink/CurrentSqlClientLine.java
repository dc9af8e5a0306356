package io.github.sqlguard.flink;

import io.github.sqlguard.advice.AdvisingExecutor;
import io.github.sqlguard.advice.AdvisoryOutput;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.gateway.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.service.context.DefaultContext;

import javax.annotation.Nullable;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Flink 2.x (built and tested with 2.3): URIs for jars and scripts, {@code Executor#deployScript}, {@code WriterInitContext}. */
final class CurrentSqlClientLine implements SqlClientLine {

    static final SqlClientLine INSTANCE = new CurrentSqlClientLine();

    private CurrentSqlClientLine() {}

    @Override
    public DefaultContext defaultContext(Configuration config, List<URI> jars) {
        return new DefaultContext(config, jars);
    }

    @Override
    public boolean executeInitialization(CliClient cli, Path script) {
        return cli.executeInitialization(script.toUri());
    }

    @Override
    public void executeInNonInteractiveMode(CliClient cli, Path script) {
        cli.executeInNonInteractiveMode(script.toUri());
    }

    @Override
    public AdvisingExecutor advising(Executor executor, String sessionHandle, URI gatewayRoot, AdvisoryOutput output) {
        return new AdvisingExecutor(executor, sessionHandle, gatewayRoot, output) {
            @Override
            public String deployScript(@Nullable String script, @Nullable URI uri) {
                return executor.deployScript(script, uri);
            }
        };
    }

    @Override
    public Sink<RowData> neverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun) {
        return new NeverRunSink(what, neverRun);
    }

    /** Connectors built for Flink 2.x and Flink 2.3's own formats, on Maven Central. */
    @Override
    public Map<String, String> wellKnownJars() {
        return Map.ofEntries(
                Map.entry("kafka", "org.apache.flink:flink-sql-connector-kafka:5.0.0-2.2"),
                Map.entry("upsert-kafka", "org.apache.flink:flink-sql-connector-kafka:5.0.0-2.2"),
                Map.entry("jdbc", "org.apache.flink:flink-connector-jdbc-core:4.0.0-2.0 with the dialect module"
                        + " (e.g. org.apache.flink:flink-connector-jdbc-postgres:4.0.0-2.0) and the database's JDBC driver"),
                Map.entry("paimon", "org.apache.paimon:paimon-flink-<Flink 2.x line> (e.g. org.apache.paimon:paimon-flink-2.1:1.3.0)"),
                Map.entry("avro", "org.apache.flink:flink-sql-avro:2.3.0"),
                Map.entry("parquet", "org.apache.flink:flink-sql-parquet:2.3.0"),
                Map.entry("orc", "org.apache.flink:flink-sql-orc:2.3.0"),
                Map.entry("protobuf", "org.apache.flink:flink-sql-protobuf:2.3.0"),
                Map.entry("avro-confluent", "org.apache.flink:flink-sql-avro-confluent-registry:2.3.0"),
                Map.entry("debezium-avro-confluent", "org.apache.flink:flink-sql-avro-confluent-registry:2.3.0"));
    }

    @Override
    public Map<String, String> wellKnownPackageJars() {
        return Map.of(
                "org.apache.flink.connector.kafka.", "org.apache.flink:flink-sql-connector-kafka:5.0.0-2.2",
                "org.apache.flink.streaming.connectors.kafka.", "org.apache.flink:flink-sql-connector-kafka:5.0.0-2.2",
                "org.apache.flink.connector.base.", "org.apache.flink:flink-connector-base:2.3.0 (in a Flink distribution's lib/)",
                "org.apache.flink.formats.avro.", "org.apache.flink:flink-sql-avro:2.3.0",
                "org.apache.flink.formats.parquet.", "org.apache.flink:flink-sql-parquet:2.3.0",
                "org.apache.paimon.", "org.apache.paimon:paimon-flink-<Flink 2.x line>");
    }

    /** A sink whose writer throws. */
    private static final class NeverRunSink implements Sink<RowData> {

        private static final long serialVersionUID = 1L;

        private final String what;
        private final SerializableFunction<String, RuntimeException> neverRun;

        NeverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun) {
            this.what = what;
            this.neverRun = neverRun;
        }

        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            throw neverRun.apply(what);
        }
    }
}
