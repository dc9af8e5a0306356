package io.github.sqlguard.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Flink's stock SQL Client ({@code org.apache.flink.table.client.SqlClient}) run in its own JVM from
 * the test classpath, as a user runs {@code bin/sql-client.sh}.
 */
public final class SqlClient {

    private SqlClient() {}

    /**
     * Runs the client in gateway mode against {@code endpoint} ({@code host:port}) on one script and
     * returns everything it printed. Its {@code FLINK_CONF_DIR} is {@code confDir}, created with a
     * {@code config.yaml} if it has none; its output is kept in {@code confDir/sql-client.out}.
     */
    public static String runScript(Path confDir, String endpoint, Path script, Duration timeout) throws Exception {
        return run(confDir, timeout, "gateway", "--endpoint", endpoint, "-f", script.toString());
    }

    /** Runs the client with these arguments; see {@link #runScript}. */
    public static String run(Path confDir, Duration timeout, String... args) throws Exception {
        Files.createDirectories(confDir);
        Path config = confDir.resolve("config.yaml");
        if (!Files.exists(config)) {
            Files.writeString(config, "sql-client.verbose: false\n");
        }
        return JavaProcess.run(
                "sql-client", Map.of("FLINK_CONF_DIR", confDir.toString()), confDir.resolve("sql-client.out"), timeout,
                "org.apache.flink.table.client.SqlClient", List.of(args));
    }
}
