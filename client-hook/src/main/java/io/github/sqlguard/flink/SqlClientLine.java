package io.github.sqlguard.flink;

import io.github.sqlguard.advice.AdvisingExecutor;
import io.github.sqlguard.advice.AdvisoryOutput;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.gateway.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.service.context.DefaultContext;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What differs between the Flink lines in the parts of Flink that client-hook uses (the SQL Client,
 * the gateway's {@code DefaultContext}, the connector API), behind one small interface: one
 * implementation per line, {@code CurrentSqlClientLine} in {@code src/main/flink-<line>/java}, of
 * which the build compiles the one of {@code flink.line}, as gateway-interceptor does for the
 * guard's own line differences. Code outside this package names no client or connector class or
 * method that exists in only one line.
 *
 * <p>Internal to client-hook; not a public API.
 */
public interface SqlClientLine {

    /** The line this build is for. */
    static SqlClientLine current() {
        return CurrentSqlClientLine.INSTANCE;
    }

    /**
     * Flink's {@code DefaultContext} of {@code config} whose sessions' class loader holds {@code jars}
     * (2.x: {@code DefaultContext(Configuration, List<URI>)}; 1.20: {@code List<URL>}).
     */
    DefaultContext defaultContext(Configuration config, List<URI> jars);

    /**
     * Runs {@code script} as the SQL Client's {@code -i} init script ({@code
     * CliClient#executeInitialization}: 2.x takes the script's URI, 1.20 its text).
     *
     * @return false when a statement of it failed
     */
    boolean executeInitialization(CliClient cli, Path script) throws IOException;

    /** Runs {@code script} as the SQL Client's {@code -f} ({@code executeInNonInteractiveMode}: a URI in 2.x, the text in 1.20). */
    void executeInNonInteractiveMode(CliClient cli, Path script) throws IOException;

    /**
     * The guard's {@link AdvisingExecutor} around the stock {@code executor}, with every method of
     * this line's {@code Executor} (2.x adds {@code deployScript}).
     */
    AdvisingExecutor advising(Executor executor, String sessionHandle, URI gatewayRoot, AdvisoryOutput output);

    /**
     * A sink for a stand-in table whose writer is never made: EXPLAIN translates it, lint runs no job
     * (the abstract {@code Sink#createWriter} takes a {@code WriterInitContext} in 2.x, an {@code
     * InitContext} in 1.20).
     *
     * @param neverRun the exception its writer throws, from the description of the table
     */
    Sink<RowData> neverRunSink(String what, SerializableFunction<String, RuntimeException> neverRun);

    /**
     * The Maven coordinates of the jar that provides a well-known connector or format identifier
     * ({@code kafka}, {@code avro}, ...) for this line, for lint's {@code missing-dependency} fix.
     */
    Map<String, String> wellKnownJars();

    /** The jar that provides the classes of a well-known package ({@code org.apache.flink.connector.kafka.}) for this line. */
    Map<String, String> wellKnownPackageJars();

    /** A {@link Function} that a sink can carry. */
    interface SerializableFunction<T, R> extends Function<T, R>, java.io.Serializable {}
}
