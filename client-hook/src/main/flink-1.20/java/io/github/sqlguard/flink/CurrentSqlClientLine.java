package io.github.sqlguard.flink;

import io.github.sqlguard.advice.AdvisingExecutor;
import io.github.sqlguard.advice.AdvisoryOutput;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.gateway.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.service.context.DefaultContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Flink 1.20: URLs for jars, the script's text for {@code CliClient}, no {@code
 * Executor#deployScript}, {@code Sink#createWriter(InitContext)}.
 */
final class CurrentSqlClientLine implements SqlClientLine {

    static final SqlClientLine INSTANCE = new CurrentSqlClientLine();

    private CurrentSqlClientLine() {}

    @Override
    public DefaultContext defaultContext(Configuration config, List<URI> jars) {
        return new DefaultContext(config, jars.stream().map(CurrentSqlClientLine::url).toList());
    }

    @Override
    public boolean executeInitialization(CliClient cli, Path script) throws IOException {
        return cli.executeInitialization(Files.readString(script, StandardCharsets.UTF_8));
    }

    @Override
    public void executeInNonInteractiveMode(CliClient cli, Path script) throws IOException {
        cli.executeInNonInteractiveMode(Files.readString(script, StandardCharsets.UTF_8));
    }

    @Override
    public AdvisingExecutor advising(Executor executor, String sessionHandle, URI gatewayRoot, AdvisoryOutput output) {
        return new AdvisingExecutor(executor, sessionHandle, gatewayRoot, output) {};
    }

    @Override
    public Sink<RowData> neverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun) {
        return new NeverRunSink(what, neverRun);
    }

    /**
     * The 1.x connectors and Flink 1.20.0's own formats that Maven Central serves (each resolved with
     * {@code mvn dependency:get}, 2026-12-01); an identifier without a verified jar is left out and
     * the fix names no coordinates. The Kafka connector 3.2.0-1.19 plans on 1.20.0 (client-hook's
     * FixtureRepoTest runs it on this line).
     */
    @Override
    public Map<String, String> wellKnownJars() {
        return Map.ofEntries(
                Map.entry("kafka", "org.apache.flink:flink-sql-connector-kafka:3.2.0-1.19"),
                Map.entry("upsert-kafka", "org.apache.flink:flink-sql-connector-kafka:3.2.0-1.19"),
                Map.entry("jdbc", "org.apache.flink:flink-connector-jdbc:3.2.0-1.19 and the database's JDBC driver"),
                Map.entry("avro", "org.apache.flink:flink-sql-avro:1.20.0"),
                Map.entry("avro-confluent", "org.apache.flink:flink-sql-avro-confluent-registry:1.20.0"),
                Map.entry("debezium-avro-confluent", "org.apache.flink:flink-sql-avro-confluent-registry:1.20.0"));
    }

    @Override
    public Map<String, String> wellKnownPackageJars() {
        return Map.of(
                "org.apache.flink.connector.kafka.", "org.apache.flink:flink-sql-connector-kafka:3.2.0-1.19",
                "org.apache.flink.streaming.connectors.kafka.", "org.apache.flink:flink-sql-connector-kafka:3.2.0-1.19",
                "org.apache.flink.connector.base.", "org.apache.flink:flink-connector-base:1.20.0 (in a Flink distribution's lib/)",
                "org.apache.flink.formats.avro.", "org.apache.flink:flink-sql-avro:1.20.0");
    }

    private static URL url(URI jar) {
        try {
            return jar.toURL();
        } catch (MalformedURLException e) {
            throw new UncheckedIOException("Not a jar location: " + jar, e);
        }
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
        @SuppressWarnings("deprecation")
        public SinkWriter<RowData> createWriter(InitContext context) {
            throw neverRun.apply(what);
        }
    }
}
