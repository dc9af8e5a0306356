package io.github.sqlguard.cli;

import io.github.sqlguard.flink.SqlClientLine;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.client.gateway.SingleSessionManager;
import org.apache.flink.table.gateway.SqlGateway;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;

/**
 * Flink's {@link SqlGateway} with the {@code guard} endpoint, started in this JVM on a free loopback
 * port with local execution (jobs run in a MiniCluster here), as {@code sql-client.sh} does in
 * embedded mode. The guard's policy comes from the given configuration ({@code sql-guard.*}).
 */
public final class EmbeddedGuardedGateway implements AutoCloseable {

    private final SqlGateway gateway;
    private final int port;

    private EmbeddedGuardedGateway(SqlGateway gateway, int port) {
        this.gateway = gateway;
        this.port = port;
    }

    /** Starts a guarded gateway with {@code base} (for example Flink's {@code config.yaml}) and local execution. */
    public static EmbeddedGuardedGateway start(Configuration base) throws Exception {
        return start(base, List.of());
    }

    /**
     * Starts a guarded gateway with {@code base} and local execution whose sessions hold the user's
     * {@code jars}. With jars it serves one session at a time, as {@code sql-client.sh --jar} in
     * embedded mode does ({@link SingleSessionManager} registers them as {@code ADD JAR} would;
     * Flink 2.3.0's own session manager cannot take jars).
     */
    public static EmbeddedGuardedGateway start(Configuration base, List<URI> jars) throws Exception {
        int port = freePort();
        Configuration config = new Configuration(base);
        config.setString("sql-gateway.endpoint.type", "guard");
        config.setString("sql-gateway.endpoint.rest.address", "127.0.0.1");
        config.setString("sql-gateway.endpoint.rest.bind-address", "127.0.0.1");
        config.setString("sql-gateway.endpoint.rest.port", String.valueOf(port));
        config.setString("execution.target", "local");
        // What bin/sql-gateway.sh adds from its CLI; the local executor requires it.
        config.setString("execution.attached", "true");
        DefaultContext context = SqlClientLine.current().defaultContext(config, jars);
        SqlGateway gateway = new SqlGateway(
                config, jars.isEmpty() ? SessionManager.create(context) : new SingleSessionManager(context));
        gateway.start();
        return new EmbeddedGuardedGateway(gateway, port);
    }

    /** {@code 127.0.0.1:PORT}. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port for the embedded gateway", e);
        }
    }

    @Override
    public void close() {
        gateway.stop();
    }
}
