package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.JavaProcess;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The shipped configuration ({@code conf/config.yaml}, {@code conf/logback.xml}) started the way
 * {@code bin/sql-guard-gateway.sh} starts it (Flink's {@code SqlGateway} main, its own JVM), twice
 * on the same log directory: the audit records of the first run survive the restart. Each run's start line
 * names the address clients reach, also where the second binds every address.
 */
class AuditRestartIT {

    @Test
    void auditRecordsSurviveAGatewayRestart() throws Exception {
        Path logDir = Path.of("target", "restart-test-logs").toAbsolutePath();
        Files.createDirectories(logDir);
        Files.deleteIfExists(logDir.resolve("sql-guard-audit.jsonl"));
        List<String> sessions = new ArrayList<>();
        for (int run = 1; run <= 2; run++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path conf = GuardedGateway.projectRoot().resolve("conf");
            try (JavaProcess gateway =
                    JavaProcess.start(
                            "gateway-run-" + run,
                            List.of("-Dlogback.configurationFile=" + conf.resolve("logback.xml"),
                                    "-Dsql-guard.log.dir=" + logDir),
                            Map.of("FLINK_CONF_DIR", conf.toString()),
                            logDir.resolve("gateway-run-" + run + ".out"),
                            "org.apache.flink.table.gateway.SqlGateway",
                            // The second run binds every address, as Flink does where only rest.address is set
                            // (a drop-in install): the start line names the advertised address, not 0:0:0:0:0:0:0:0.
                            run == 1 ? List.of("-Dsql-gateway.endpoint.rest.port=" + port)
                                    : List.of("-Dsql-gateway.endpoint.rest.port=" + port,
                                            "-Dsql-gateway.endpoint.rest.bind-address=0.0.0.0"))) {
                GatewayRestClient client = new GatewayRestClient(port);
                RestSession session = null;
                for (int i = 0; i < 600 && session == null; i++) {
                    try {
                        session = client.openSession(Map.of("sql-guard.user", "run-" + run));
                    } catch (java.net.ConnectException | IllegalStateException notYet) {
                        assertThat(gateway.isAlive()).as(gateway.tail(40)).isTrue();
                        Thread.sleep(100);
                    }
                }
                assertThat(session).as(gateway.tail(40)).isNotNull();
                assertThat(gateway.output()).contains("Flink SQL Guard: guarded SQL Gateway listening at http://127.0.0.1:" + port);
                assertThat(session.execute("SET 'table.exec.state.ttl' = '24'", 0, Duration.ofSeconds(60)).error())
                        .contains("ttl-too-short");
                sessions.add(session.handle());
                session.close();
            }
        }
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(logDir.resolve("sql-guard-audit.jsonl"))) {
            records.add(json.readTree(line));
        }
        for (String session : sessions) {
            assertThat(records).filteredOn(r -> session.equals(r.path("sessionId").asText()))
                    .filteredOn(r -> !r.path("outcome").asText().equals("decided"))
                    .extracting(r -> r.path("call").asText() + ":" + r.path("verdict").asText())
                    .containsExactly("openSession:OK", "executeStatement:BLOCK");
        }
    }
}
