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
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The audit's guarantee with {@code sql-guard.audit.outcome-records: after-response}, where a call
 * answers before its outcome record is written: the shipped configuration ({@code conf/config.yaml},
 * {@code conf/logback.xml}) in its own JVM, as {@code bin/sql-guard-gateway.sh} starts it, is killed
 * with SIGKILL right after answering a run of statements, and every statement it answered has its
 * decision record in the audit file (docs/operations/audit.md, "How records are flushed").
 */
class AuditAfterResponseKillIT {

    private static final int STATEMENTS = 200;

    @Test
    void everyAnsweredStatementHasItsDecisionRecordAfterAKill9() throws Exception {
        Path logDir = Path.of("target", "kill-test-logs").toAbsolutePath();
        Files.createDirectories(logDir);
        Files.deleteIfExists(logDir.resolve("sql-guard-audit.jsonl"));
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path conf = GuardedGateway.projectRoot().resolve("conf");
        List<String> answered = new ArrayList<>();
        try (JavaProcess gateway =
                JavaProcess.start(
                        "gateway-killed",
                        List.of("-Dlogback.configurationFile=" + conf.resolve("logback.xml"), "-Dsql-guard.log.dir=" + logDir),
                        Map.of("FLINK_CONF_DIR", conf.toString()),
                        logDir.resolve("gateway-killed.out"),
                        "org.apache.flink.table.gateway.SqlGateway",
                        List.of("-Dsql-gateway.endpoint.rest.port=" + port,
                                "-Dsql-guard.audit.outcome-records=after-response"))) {
            GatewayRestClient client = new GatewayRestClient(port);
            RestSession session = null;
            for (int i = 0; i < 600 && session == null; i++) {
                try {
                    session = client.openSession(Map.of());
                } catch (java.net.ConnectException | IllegalStateException notYet) {
                    assertThat(gateway.isAlive()).as(gateway.tail(40)).isTrue();
                    Thread.sleep(100);
                }
            }
            assertThat(session).as(gateway.tail(40)).isNotNull();
            for (int i = 0; i < STATEMENTS; i++) {
                String statement = "SET 'pipeline.name' = 'acknowledged-" + i + "'";
                assertThat(session.execute(statement, 0, Duration.ofSeconds(60)).error()).isNull();
                answered.add(statement);
            }
            gateway.kill();
        }
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(logDir.resolve("sql-guard-audit.jsonl"))) {
            records.add(json.readTree(line));
        }
        Set<String> decided = records.stream()
                .filter(r -> r.path("outcome").asText().equals("decided"))
                .map(r -> r.path("statement").asText())
                .collect(Collectors.toSet());
        long outcomes = records.stream()
                .filter(r -> r.path("call").asText().equals("executeStatement"))
                .filter(r -> !r.path("outcome").asText().equals("decided"))
                .count();
        assertThat(answered).as("answered statements without a decision record (%d outcome records of %d written)",
                outcomes, STATEMENTS).allSatisfy(statement -> assertThat(decided).contains(statement));
    }
}
