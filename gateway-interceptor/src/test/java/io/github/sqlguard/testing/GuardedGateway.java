package io.github.sqlguard.testing;

import io.github.sqlguard.endpoint.GuardEndpoint;
import io.github.sqlguard.endpoint.GuardRuntime;
import io.github.sqlguard.endpoint.rest.GuardRestEndpoint;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.SqlGateway;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Flink's real {@link SqlGateway} started in the test JVM with {@code sql-gateway.endpoint.type:
 * guard}, local execution and the project's own {@code conf/logback.xml} (audit to a file under
 * {@code target/}, or under the system property {@code sql-guard.log.dir} when it is set). One per
 * test class. The benchmark starts a plain gateway ({@code rest}) the same way to compare.
 */
public final class GuardedGateway implements AutoCloseable {

    private static Path logDir;
    /** The module's shared gateway with the default policy ({@link #shared()}). */
    private static GuardedGateway shared;

    private final SqlGateway gateway;
    private final int port;

    private GuardedGateway(SqlGateway gateway, int port) {
        this.gateway = gateway;
        this.port = port;
    }

    /**
     * The guarded gateway with the default policy that every test class of this JVM (one per
     * module) shares; started on first use, stopped when the JVM exits. A class that needs other
     * options starts its own with {@link #start(Map)}. Callers must not close it.
     */
    public static synchronized GuardedGateway shared() throws Exception {
        if (shared == null) {
            GuardedGateway gateway = start(Map.of());
            Runtime.getRuntime().addShutdownHook(new Thread(gateway::close, "sql-guard-test-gateway-stop"));
            shared = gateway;
        }
        return shared;
    }

    /** Starts a guarded gateway with the default policy plus {@code extraConfig}. */
    public static GuardedGateway start(Map<String, String> extraConfig) throws Exception {
        return start("guard", extraConfig);
    }

    /**
     * Starts a gateway whose endpoint is {@code endpointType} ({@code guard}, or {@code rest} for
     * the plain gateway) with the same local execution plus {@code extraConfig}.
     */
    public static GuardedGateway start(String endpointType, Map<String, String> extraConfig) throws Exception {
        configureLogging();
        int port = freePort();
        Configuration config = new Configuration();
        config.setString("sql-gateway.endpoint.type", endpointType);
        config.setString("sql-gateway.endpoint.rest.address", "127.0.0.1");
        config.setString("sql-gateway.endpoint.rest.bind-address", "127.0.0.1");
        config.setString("sql-gateway.endpoint.rest.port", String.valueOf(port));
        config.setString("execution.target", "local");
        // What DefaultContext.load adds from the CLI in bin/sql-gateway.sh; LocalExecutor requires it.
        config.setString("execution.attached", "true");
        config.setString("execution.runtime-mode", "streaming");
        config.setString("parallelism.default", "1");
        extraConfig.forEach(config::setString);
        SqlGateway gateway =
                new SqlGateway(config, SessionManager.create(new DefaultContext(config, Collections.emptyList())));
        gateway.start();
        return new GuardedGateway(gateway, port);
    }

    /** The project's logback configuration, writing under target/guard-test-logs (or sql-guard.log.dir). */
    private static synchronized void configureLogging() throws Exception {
        if (logDir != null) {
            return;
        }
        String configured = System.getProperty("sql-guard.log.dir");
        logDir = (configured != null ? Path.of(configured) : Path.of("target", "guard-test-logs")).toAbsolutePath();
        Files.createDirectories(logDir);
        Files.deleteIfExists(logDir.resolve("sql-guard-audit.jsonl"));
        System.setProperty("sql-guard.log.dir", logDir.toString());
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(projectRoot().resolve("conf/logback.xml").toFile());
    }

    /** The repository root (the parent of the module directory). */
    public static Path projectRoot() {
        Path module = Path.of("").toAbsolutePath();
        return Files.exists(module.resolve("conf/logback.xml")) ? module : module.getParent();
    }

    /** The audit file all gateways of this JVM write to. */
    public static Path auditFile() {
        return logDir.resolve("sql-guard-audit.jsonl");
    }

    public int port() {
        return port;
    }

    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    /**
     * The guard endpoint's runtime (policy holder, metrics, identities, reloader), for tests that
     * look inside. Flink's SqlGateway keeps its endpoints private: read by reflection.
     */
    public GuardRuntime runtime() throws ReflectiveOperationException {
        Field field = SqlGateway.class.getDeclaredField("endpoints");
        field.setAccessible(true);
        return ((List<?>) field.get(gateway))
                .stream()
                .filter(GuardEndpoint.class::isInstance)
                .map(e -> ((GuardEndpoint) e).runtime())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("not a guarded gateway"));
    }

    /**
     * Calls of the session waiting for an earlier call of the session to be answered, as the guard's
     * REST endpoint orders them ({@link GuardRestEndpoint#waitingCalls}).
     */
    public int waitingCalls(String sessionHandle) throws ReflectiveOperationException {
        return endpoints().stream()
                .filter(GuardEndpoint.class::isInstance)
                .map(e -> ((GuardEndpoint) e).delegate())
                .filter(GuardRestEndpoint.class::isInstance)
                .map(e -> ((GuardRestEndpoint) e).waitingCalls(new SessionHandle(UUID.fromString(sessionHandle))))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("not a guarded REST gateway"));
    }

    private List<?> endpoints() throws ReflectiveOperationException {
        Field field = SqlGateway.class.getDeclaredField("endpoints");
        field.setAccessible(true);
        return (List<?>) field.get(gateway);
    }

    public RestSession openSession(Map<String, String> properties) throws Exception {
        return new GatewayRestClient(port).openSession(properties);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        gateway.stop();
    }
}
