package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * No bypass, no lost audit record, no crash on bad input: every route a session offers, many
 * concurrent sessions, and hostile input against the real guarded gateway.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HardeningIT {

    static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND)"
                    + " WITH ('connector' = 'datagen', 'rows-per-second' = '10')";
    static final String TOP_N =
            "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                    + " AS rn FROM orders) WHERE rn <= 3";
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private GuardedGateway gateway;
    private GatewayRestClient client;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GuardedGateway.shared();
        client = new GatewayRestClient(gateway.port());
    }

    @Test
    void theStartRecordNamesTheGuardAndTheFlinkThatInterpretThePolicy() throws Exception {
        // Round 55's new user: two gateways of different guard versions printed the same policy hash (of the
        // same sql-guard.* options) and nothing else told them apart.
        String start = java.nio.file.Files.readAllLines(GuardedGateway.auditFile()).stream()
                .filter(line -> line.contains("\"call\":\"gatewayStart\"")).reduce((first, last) -> last).orElseThrow();
        assertThat(JSON.readTree(start).path("statement").asText())
                .contains("guard development build on Flink "
                        + org.apache.flink.runtime.util.EnvironmentInformation.getVersion() + ", ")
                .contains(" rules, ");
    }

    @Test
    void configureSessionRefusesABareTtlAndAppliesAGoodOne() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            GatewayRestClient.Response refused =
                    client.post("/sessions/" + session.handle() + "/configure-session",
                            Map.of("statement", "SET 'table.exec.state.ttl' = '24'"));
            assertThat(refused.ok()).isFalse();
            assertThat(refused.errors()).contains("ttl-too-short");
            assertThat(sessionTtl(session)).isNull();

            assertThat(client.post("/sessions/" + session.handle() + "/configure-session",
                    Map.of("statement", "SET 'table.exec.state.ttl' = '1 d'")).ok()).isTrue();
            assertThat(sessionTtl(session)).isEqualTo("1 d");
        }
    }

    @Test
    void resetAfterAGoodSetBlocksTheTopNAgain() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(ORDERS, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 d'", 0, TIMEOUT);
            session.execute("RESET 'table.exec.state.ttl'", 0, TIMEOUT);
            assertThat(session.execute(TOP_N, 1, TIMEOUT).error()).contains("unbounded-rank");
            session.execute("SET 'table.exec.state.ttl' = '1 d'", 0, TIMEOUT);
            session.execute("RESET", 0, TIMEOUT);
            assertThat(session.execute(TOP_N, 1, TIMEOUT).error()).contains("unbounded-rank");
        }
    }

    @Test
    void executePlanAndDeployScriptAreRefusedInClosedFailMode() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            RestSession.StatementResult plan = session.execute("EXECUTE PLAN 'file:///tmp/no-such-plan.json'", 0, TIMEOUT);
            assertThat(plan.error()).contains("could not analyse").contains("EXECUTE PLAN");

            GatewayRestClient.Response script =
                    client.postVersioned("/v4/sessions/" + session.handle() + "/scripts",
                            Map.of("script", ORDERS + ";\n" + TOP_N + ";"));
            assertThat(script.ok()).isFalse();
            assertThat(script.errors()).contains("could not analyse").contains("deployScript");
        }
    }

    @Test
    void secretsInEveryFormTheParserReadsStayOutOfTheAudit() throws Exception {
        String jaas = "org.apache.kafka.common.security.plain.PlainLoginModule required username='u' password='s3cr3tA';";
        try (RestSession session = gateway.openSession(Map.of("properties.sasl.jaas.config", jaas))) {
            session.execute("CREATE TEMPORARY TABLE u1 (k STRING) WITH ('connector' = 'datagen', 'password' ="
                    + " U&'\\0073\\0033cr3tB')", 0, TIMEOUT);
            session.execute("CREATE TEMPORARY TABLE u2 (k STRING) WITH ('connector' = 'datagen', 'password' = 's3cr'\n"
                    + "'3tC')", 0, TIMEOUT);
            session.execute("CREATE TEMPORARY TABLE u3 (k STRING) WITH ('connector' = 'datagen', 'url' ="
                    + " 'jdbc:mysql://db/x?user=u&password=s3cr3tD', 'properties.basic.auth.user.info' = 'u:s3cr3tE')",
                    0, TIMEOUT);
            GatewayRestClient.Response script = client.postVersioned("/v4/sessions/" + session.handle() + "/scripts",
                    Map.of("script", "SET my.secret = s3cr3tF;\nSELECT 1;"));
            assertThat(script.ok()).isFalse();
            String audit = AuditFile.forSession(session.handle()).toString();
            assertThat(audit).contains("****")
                    .doesNotContain("s3cr3tA", "0073", "s3cr'", "3tC", "s3cr3tD", "s3cr3tE", "s3cr3tF");
        }
    }

    @Test
    void aStatementsUnicodeLineTerminatorsForgeNoAuditLineForAConsumerThatSplitsOnThem() throws Exception {
        // Round 43's hostile read: U+2028, U+2029 and U+0085 were written raw, so Python's str.splitlines() showed the
        // statement's text as a record of its own. Python's set of line boundaries, as a log shipper may split.
        java.util.regex.Pattern unicodeLines =
                java.util.regex.Pattern.compile("\\r\\n|[\\n\\r\\x0b\\x0c\\x1c-\\x1e\\x{85}\\x{2028}\\x{2029}]");
        String forged = "{\"outcome\":\"forged\",\"verdict\":\"OK\"}";
        String sql = "SELECT 'a\u2028" + forged + "\u2029b\u0085" + forged + "\u2028' AS s, '\u4e2d' AS c";
        try (RestSession session = gateway.openSession(Map.of())) {
            RestSession.StatementResult result = session.execute(sql, 1, TIMEOUT);
            assertThat(result.error()).isNull();

            String line = AuditFile.lineOfOperation(result.operationHandle()).orElseThrow();
            assertThat(line).doesNotContain("\u2028", "\u2029", "\u0085")
                    .contains("a\\u2028{\\\"outcome\\\"", "\\u2029b\\u0085{", "'\u4e2d'");
            assertThat(unicodeLines.split(line)).containsExactly(line);
            assertThat(JSON.readTree(line).path("statement").asText()).isEqualTo(sql);
        }
        String file = java.nio.file.Files.readString(GuardedGateway.auditFile(), StandardCharsets.UTF_8);
        for (String record : unicodeLines.split(file.substring(0, file.lastIndexOf('\n')))) {
            assertThat(JSON.readTree(record).isObject()).as(record).isTrue();
        }
    }

    @Test
    void auditsEveryStatementOfManyConcurrentSessionsExactlyOnce() throws Exception {
        int sessions = 32;
        int statementsPerSession = 50;
        ExecutorService pool = Executors.newFixedThreadPool(sessions);
        List<Future<List<String>>> futures = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            // One session in eight runs its Top-Ns (each a job on a MiniCluster of its own: local
            // execution); the others plan them as EXPLAINs, each a record like any other.
            List<String> cycle =
                    List.of(
                            "SET 'table.exec.state.ttl' = '1 d'",
                            "SET 'table.exec.state.ttl' = '24'",
                            "SHOW TABLES",
                            s % 8 == 0 ? TOP_N : "EXPLAIN " + TOP_N,
                            "RESET 'table.exec.state.ttl'",
                            "SELEC broken");
            futures.add(pool.submit(() -> {
                List<String> handles = new ArrayList<>();
                try (RestSession session = gateway.openSession(Map.of("sql-guard.user", "load"))) {
                    handles.add(session.execute(ORDERS, 0, TIMEOUT).operationHandle());
                    for (int i = 1; i < statementsPerSession; i++) {
                        handles.add(session.submitAndClose(cycle.get(i % cycle.size()), TIMEOUT));
                    }
                }
                return handles;
            }));
        }
        Set<String> submitted = new HashSet<>();
        for (Future<List<String>> future : futures) {
            submitted.addAll(future.get());
        }
        pool.shutdown();
        assertThat(submitted).hasSize(sessions * statementsPerSession);

        List<JsonNode> records = AuditFile.records();
        List<String> audited = new ArrayList<>();
        for (JsonNode record : records) {
            String handle = record.path("operationHandle").asText(null);
            if (handle != null && submitted.contains(handle)) {
                audited.add(handle);
            }
        }
        // Exactly one record per statement: none lost, none doubled.
        assertThat(audited).hasSize(submitted.size());
        assertThat(new HashSet<>(audited)).isEqualTo(submitted);
    }

    @Test
    void masksSecretsOfWithOptionsAndSetValues() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            List<String> planted =
                    List.of(
                            "CREATE TABLE k (a STRING) WITH ('connector' = 'datagen', 'properties.sasl.jaas.config' ="
                                    + " 'org.apache.kafka.common.security.plain.PlainLoginModule required password=\"s3cr3t-jaas\";',"
                                    + " 'password' = 's3cr3t-pw', 'token' = 's3cr3t-token')",
                            "SET 'fs.s3a.secret.key' = 's3cr3t-s3'",
                            "SET 's3.access-key' = 's3cr3t-ak'");
            for (String statement : planted) {
                session.execute(statement, 0, TIMEOUT);
            }
            List<JsonNode> records = AuditFile.forSession(session.handle());
            assertThat(records).hasSize(1 + planted.size());
            for (JsonNode record : records) {
                assertThat(record.toString()).doesNotContain("s3cr3t");
            }
        }
    }

    @Test
    void survivesHugeDeepMalformedAndAbandonedRequests() throws Exception {
        try (RestSession session = gateway.openSession(Map.of())) {
            // 1 MB statement: a verdict, the audit keeps a capped text and the full hash.
            String huge = "SELECT '" + "x".repeat(1_000_000) + "' AS big";
            String op = session.submitAndClose(huge, TIMEOUT);
            JsonNode record = AuditFile.forOperation(op).orElseThrow();
            assertThat(record.path("statementTruncated").asBoolean()).isTrue();
            assertThat(record.path("statement").asText()).hasSize(65_536);
            assertThat(record.path("statementSha256").asText()).hasSize(64);

            // 200-deep nested subqueries: a verdict or a clear error, never a dead gateway.
            String deep = "SELECT * FROM (".repeat(200) + "SELECT 1 AS a" + ") t".repeat(200);
            String deepOp = session.submitAndClose(deep, TIMEOUT);
            assertThat(AuditFile.forOperation(deepOp)).isPresent();

            // Invalid UTF-8 in the request body: rejected by the REST layer, nothing else happens.
            byte[] body = "{\"statement\": \"SELECT '\u0000\"}".getBytes(StandardCharsets.UTF_8);
            byte[] broken = new byte[body.length + 2];
            System.arraycopy(body, 0, broken, 0, body.length);
            broken[body.length] = (byte) 0xC3;
            broken[body.length + 1] = (byte) 0x28;
            client.postBytes("/sessions/" + session.handle() + "/statements", broken);

            // A client that disconnects in the middle of a request.
            try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST /v2/sessions/" + session.handle() + "/statements HTTP/1.1\r\nHost: x\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"statement\": \"SEL")
                        .getBytes(StandardCharsets.UTF_8));
                out.flush();
            }

            // Still serving, with verdicts.
            assertThat(session.execute("SHOW TABLES", 0, TIMEOUT).error()).isNull();
            assertThat(session.execute("SET 'table.exec.state.ttl' = '24'", 0, TIMEOUT).error()).contains("ttl-too-short");
        }
    }

    private String sessionTtl(RestSession session) throws Exception {
        JsonNode properties = client.get("/sessions/" + session.handle()).body().path("properties");
        return properties.has("table.exec.state.ttl") ? properties.get("table.exec.state.ttl").asText() : null;
    }
}
