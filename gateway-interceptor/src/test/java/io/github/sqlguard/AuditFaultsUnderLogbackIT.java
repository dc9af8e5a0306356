package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.JavaProcess;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Test;

import java.io.BufferedWriter;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code sql-guard.audit.fail-mode: closed} under the project's own launch of the gateway: Flink's
 * {@code SqlGateway} in its own JVM, as {@code bin/sql-guard-gateway.sh} starts it, with the real
 * {@code conf/config.yaml} and {@code conf/logback.xml}. Logback keeps a file appender's write
 * failures to itself; the guard must hear of them and refuse.
 *
 * <ul>
 *   <li>The audit file becomes unwritable while the gateway runs: the JVM runs under a file size
 *       limit ({@code ulimit -f}, {@code SIGXFSZ} ignored, so a write past it fails with {@code
 *       EFBIG}) and the audit file starts just below it. From the first record that does not fit,
 *       every statement is refused and none is applied.
 *   <li>The audit file cannot be opened at start: its path is a directory, which no process can
 *       open for writing (root included, unlike a 0444 file). The gateway does not start.
 * </ul>
 */
class AuditFaultsUnderLogbackIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** The JVM's file size limit, in the 1 KiB blocks of bash's {@code ulimit -f}: above the planner jar Flink unpacks (46 MB). */
    private static final long LIMIT_KIB = 64 * 1024;
    private static final String AUDIT_REFUSED = "audit record could not be written";

    @Test
    void whenTheAuditFileStopsTakingRecordsEveryStatementIsRefusedAndNoneApplied() throws Exception {
        Path logDir = freshDirectory("audit-fault-full");
        // Room for the session's records and a few statements' (a statement handed on as its text writes
        // its two records as one event, about 1.7 KB), fewer than the loop sends.
        prefill(logDir.resolve("sql-guard-audit.jsonl"), LIMIT_KIB * 1024 - 16 * 1024);
        int port = freePort();
        List<String> limited =
                List.of("bash", "-c", "trap '' XFSZ; ulimit -f " + LIMIT_KIB + "; exec \"$0\" \"$@\"");
        try (JavaProcess gateway = startGateway("gateway-file-limit", limited, logDir, port)) {
            RestSession session = awaitServing(gateway, port);
            GatewayRestClient rest = new GatewayRestClient(port);
            List<Integer> applied = new ArrayList<>();
            int firstRefused = -1;
            for (int i = 0; i < 40; i++) {
                RestSession.StatementResult result =
                        session.execute("SET 'pipeline.name' = 'run-" + i + "'", 0, TIMEOUT);
                if (result.error() == null) {
                    assertThat(firstRefused).as("a statement ran after the audit failed (#%d)", i).isEqualTo(-1);
                    applied.add(i);
                } else {
                    assertThat(result.error()).as(gateway.tail(30)).contains(AUDIT_REFUSED);
                    firstRefused = firstRefused < 0 ? i : firstRefused;
                }
            }
            assertThat(firstRefused).as("the audit file reached its size limit%n%s", gateway.tail(30)).isPositive();
            String name = rest.get("/sessions/" + session.handle()).body().path("properties").path("pipeline.name")
                    .asText(null);
            assertThat(name).as("the last statement applied").isEqualTo("run-" + applied.get(applied.size() - 1));
            assertThat(gateway.output()).contains("could not write the audit record");
        }
    }

    @Test
    void whenTheAuditFileCannotBeOpenedAtStartTheGatewayDoesNotStart() throws Exception {
        Path logDir = freshDirectory("audit-fault-start");
        Files.createDirectories(logDir.resolve("sql-guard-audit.jsonl"));
        int port = freePort();
        try (JavaProcess gateway = startGateway("gateway-audit-unopenable", List.of(), logDir, port)) {
            assertThat(gateway.waitFor(TIMEOUT)).as("the gateway exits%n%s", gateway.tail(40)).isTrue();
            assertThat(gateway.exitValue()).isNotZero();
            assertThat(gateway.output())
                    .contains("cannot write its audit log")
                    .contains("does not start")
                    .doesNotContain("guarded SQL Gateway listening");
        }
    }

    private static JavaProcess startGateway(String name, List<String> wrapper, Path logDir, int port)
            throws IOException {
        Path conf = GuardedGateway.projectRoot().resolve("conf");
        return JavaProcess.start(
                name, wrapper, System.getProperty("java.class.path"),
                List.of("-Dlogback.configurationFile=" + conf.resolve("logback.xml"), "-Dsql-guard.log.dir=" + logDir),
                Map.of("FLINK_CONF_DIR", conf.toString()),
                logDir.resolve(name + ".out"),
                "org.apache.flink.table.gateway.SqlGateway",
                List.of("-Dsql-gateway.endpoint.rest.port=" + port, "-Dsql-guard.reload.interval=0"));
    }

    /** The first session of a gateway that serves REST. */
    private static RestSession awaitServing(JavaProcess gateway, int port) throws Exception {
        GatewayRestClient client = new GatewayRestClient(port);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(gateway.isAlive()).as(gateway.tail(40)).isTrue();
            try {
                return client.openSession(Map.of());
            } catch (java.net.ConnectException | IllegalStateException notYet) {
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }
        throw new AssertionError("the gateway did not serve REST within " + TIMEOUT + ":\n" + gateway.tail(40));
    }

    /** Writes {@code bytes} of valid JSON lines (earlier records, as far as any reader cares). */
    private static void prefill(Path file, long bytes) throws IOException {
        String line = "{\"prefill\":\"" + "x".repeat(1000) + "\"}\n";
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long written = 0; written + line.length() <= bytes; written += line.length()) {
                out.write(line);
            }
        }
    }

    private static Path freshDirectory(String name) throws IOException {
        Path dir = Path.of("target", name).toAbsolutePath();
        if (Files.exists(dir)) {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
