package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
import java.util.HashMap;
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
 *   <li>The audit file stops taking records, then takes them again (the same limit, raised while the
 *       gateway runs, as space returning to a full disk): the record the limit cut and the records
 *       Logback still held when its flush failed never reach the file; every line of it is a whole
 *       record and every decision record has its outcome.
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
    void onceTheAuditFileTakesRecordsAgainEveryLineIsAWholeRecordAndEveryDecisionHasItsOutcome() throws Exception {
        Path logDir = freshDirectory("audit-fault-recovery");
        Path audit = logDir.resolve("sql-guard-audit.jsonl");
        prefill(audit, LIMIT_KIB * 1024 - 16 * 1024);
        int port = freePort();
        // The soft limit only, so that the test can raise it again without privilege (prlimit, up to the hard limit).
        List<String> limited =
                List.of("bash", "-c", "trap '' XFSZ; ulimit -S -f " + LIMIT_KIB + "; exec \"$0\" \"$@\"");
        try (JavaProcess gateway = startGateway("gateway-file-recovery", limited, logDir, port)) {
            RestSession session = awaitServing(gateway, port);
            GatewayRestClient rest = new GatewayRestClient(port);
            List<String> applied = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            int i = 0;
            for (; refused.size() < 3 && i < 40; i++) {
                String statement = "SET 'pipeline.name' = 'run-" + i + "'";
                RestSession.StatementResult result = session.execute(statement, 0, TIMEOUT);
                (result.error() == null ? applied : refused).add(statement);
            }
            assertThat(refused).as("the audit file reached its size limit%n%s", gateway.tail(30)).hasSize(3);
            assertThatThrownBy(() -> rest.openSession(Map.of())).as("a new session while the file is full")
                    .hasMessageContaining(AUDIT_REFUSED);

            raiseFileSizeLimit(gateway);
            // Logback opens the file again after a back-off (20 ms, growing fourfold per attempt) and drops the
            // record it recovers on: the statements until then are refused.
            int appliedBefore = applied.size();
            for (int attempts = 0; applied.size() == appliedBefore; attempts++, i++) {
                assertThat(attempts).as("the audit file took records again%n%s", gateway.tail(30)).isLessThan(600);
                String statement = "SET 'pipeline.name' = 'run-" + i + "'";
                RestSession.StatementResult result = session.execute(statement, 0, TIMEOUT);
                if (result.error() == null) {
                    applied.add(statement);
                } else {
                    assertThat(result.error()).contains(AUDIT_REFUSED);
                    refused.add(statement);
                    TimeUnit.MILLISECONDS.sleep(100);
                }
            }
            for (int more = 0; more < 3; more++, i++) {
                String statement = "SET 'pipeline.name' = 'run-" + i + "'";
                assertThat(session.execute(statement, 0, TIMEOUT).error()).as(statement).isNull();
                applied.add(statement);
            }

            List<JsonNode> records = recordsOf(audit);
            Map<String, List<String>> outcomes = new HashMap<>();
            records.stream().filter(r -> r.has("decisionId")).forEach(r -> outcomes
                    .computeIfAbsent(r.path("decisionId").asText(), id -> new ArrayList<>()).add(r.path("outcome").asText()));
            assertThat(outcomes).as("every decision record with the record of its outcome").allSatisfy((id, ofOne) -> {
                if (ofOne.contains("decided")) {
                    assertThat(ofOne).as("decision %s", id).anyMatch(outcome -> !outcome.equals("decided"));
                }
            });
            List<String> statements = records.stream().map(r -> r.path("statement").asText()).toList();
            assertThat(statements).as("the statements applied").containsAll(applied);
            assertThat(statements).as("the statements refused").doesNotContainAnyElementsOf(refused);
        }
    }

    /** Every line of {@code audit} as a JSON object: fails at a line that is not one. */
    private static List<JsonNode> recordsOf(Path audit) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> records = new ArrayList<>();
        List<String> lines = Files.readAllLines(audit, StandardCharsets.UTF_8);
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            JsonNode record;
            try {
                record = json.readTree(line);
            } catch (IOException notJson) {
                throw new AssertionError("line " + (n + 1) + " of the audit file is not a whole record: "
                        + line.replaceAll("x{40,}", "x…"), notJson);
            }
            assertThat(record.isObject()).as("line %d: %s", n + 1, line).isTrue();
            records.add(record);
        }
        return records;
    }

    /** Lifts the gateway's file size limit (its soft limit, to the hard one), as space returning to a full disk. */
    private static void raiseFileSizeLimit(JavaProcess gateway) throws Exception {
        Process prlimit = new ProcessBuilder("prlimit", "--pid", String.valueOf(gateway.pid()), "--fsize=unlimited:")
                .redirectErrorStream(true).start();
        String output = new String(prlimit.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(prlimit.waitFor()).as("prlimit: %s", output).isZero();
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
