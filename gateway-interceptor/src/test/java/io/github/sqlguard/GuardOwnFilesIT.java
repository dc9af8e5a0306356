package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Issue 29 items 1 and 2 through a real gateway: no statement writes where the guard keeps its
 * audit, policy and logs, a session cannot set {@code table.plan.force-recompile}, and a statement
 * that runs a compiled plan file is judged by the plan in the file and runs the plan judged.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuardOwnFilesIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String CONFIG = "sql-guard.reload.interval: 200 ms\nsql-guard.max-top-n: 100\n";
    private static final String TABLES =
            "CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' ="
                    + " 'datagen', 'number-of-rows' = '20', 'fields.user_id.length' = '1')";
    private static final String SINK =
            "CREATE TEMPORARY TABLE bh (order_id STRING, user_id STRING, amount DOUBLE, rn BIGINT) WITH ('connector'"
                    + " = 'blackhole')";
    private static final String INNOCENT = "INSERT INTO bh SELECT order_id, user_id, amount, 1 FROM orders";
    private static final String TOP_N =
            "INSERT INTO bh SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id"
                    + " ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3";

    private Path dir;
    private Path confDir;
    private GuardedGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        dir = Files.createTempDirectory("sql-guard-own-files-it");
        confDir = Files.createDirectories(dir.resolve("conf"));
        Files.writeString(confDir.resolve("config.yaml"), CONFIG);
        // What Flink's DefaultContext records when the gateway starts from $FLINK_CONF_DIR; no allow-list is set.
        gateway = GuardedGateway.start(Map.of(
                DeploymentOptionsInternal.CONF_DIR.key(), confDir.toString(),
                "sql-guard.reload.interval", "200 ms",
                "sql-guard.max-top-n", "100"));
    }

    @AfterAll
    void stopGateway() throws IOException {
        gateway.close();
        try (var files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void noStatementWritesThePolicyTheAuditOrTheLogsWithoutAnAllowList() throws Exception {
        Path audit = GuardedGateway.auditFile();
        Path config = confDir.resolve("config.yaml");
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            long auditSize = Files.size(audit);

            assertRefused(session.execute(
                    "COMPILE PLAN 'file://" + audit + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute(
                    "COMPILE PLAN '" + config + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute(
                    "COMPILE AND EXECUTE PLAN 'file:" + confDir + "/new-plan.json' FOR " + INNOCENT, 0, TIMEOUT),
                    "path-not-allowed");
            // A relative path is where Flink's local file system puts it: under the gateway's working directory.
            Path relative = Path.of("").toAbsolutePath().relativize(audit.getParent().resolve("plan.json"));
            assertRefused(session.execute(
                    "COMPILE PLAN '" + relative + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute(
                    "CREATE TEMPORARY TABLE logs (line STRING) WITH ('connector' = 'filesystem', 'path' = '"
                            + audit.getParent() + "', 'format' = 'raw')", 0, TIMEOUT),
                    "path-not-allowed");

            // Not even read: the refusal comes before the guard would read the file to judge its plan.
            RestSession.StatementResult read = session.execute("EXECUTE PLAN '" + config + "'", 0, TIMEOUT);
            assertRefused(read, "path-not-allowed");
            assertThat(read.error()).contains("The statement was not planned.").doesNotContain("reload.interval");

            // Without an allow-list too, an EXPLAIN that names the guard's own location is not handed to Flink to plan.
            assertThat(session.execute("CREATE TEMPORARY TABLE mine (line STRING) WITH ('connector' = 'filesystem',"
                    + " 'path' = '" + dir.resolve("mine") + "', 'format' = 'raw')", 0, TIMEOUT).error()).isNull();
            for (String explain : List.of("EXPLAIN PLAN FOR", "EXPLAIN JSON_EXECUTION_PLAN", "EXPLAIN")) {
                RestSession.StatementResult explained = session.execute(explain + " INSERT INTO mine /*+ OPTIONS('path' = '"
                        + audit.getParent() + "') */ SELECT 'x'", 1, TIMEOUT);
                assertThat(explained.error()).isNull();
                assertThat(explained.rows().get(0).path("fields").get(0).asText()).as(explain)
                        .contains("was not planned").contains("path-not-allowed")
                        .doesNotContain("== Abstract Syntax Tree ==");
            }

            assertThat(config).hasContent(CONFIG.strip());
            assertThat(confDir.resolve("new-plan.json")).doesNotExist();
            assertThat(audit.getParent().resolve("plan.json")).doesNotExist();
            assertThat(Files.size(audit)).as("the audit file only grows").isGreaterThan(auditSize);
            assertThat(AuditFile.records()).as("every line of the audit file is still a record").isNotEmpty();

            Path mine = dir.resolve("plans/innocent.json");
            assertThat(session.execute("COMPILE PLAN '" + mine + "' FOR " + INNOCENT, 0, TIMEOUT).error())
                    .as("a plan file of the user's own").isNull();
            assertThat(mine).exists();
        }
    }

    @Test
    void aSessionCannotSetTableplanForceRecompileByAnyRoute() throws Exception {
        String key = "table.plan.force-recompile";
        GatewayRestClient rest = new GatewayRestClient(gateway.port());
        try (RestSession session = gateway.openSession(Map.of())) {
            assertRefused(session.execute("SET '" + key + "' = 'true'", 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute("SET " + key + " = TRUE", 0, TIMEOUT), "path-not-allowed");

            GatewayRestClient.Response configured = rest.post(
                    "/sessions/" + session.handle() + "/configure-session",
                    Map.of("statement", "SET '" + key + "' = 'true'"));
            assertThat(configured.ok()).isFalse();
            assertThat(configured.errors()).contains("path-not-allowed").contains(key);

            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            assertRefused(session.execute("SHOW TABLES", Map.of(key, "true"), 0, TIMEOUT), "path-not-allowed");

            // What a compiled plan keeps of a catalog table's options, which the guard reads from the plan.
            assertRefused(session.execute("SET 'table.plan.compile.catalog-objects' = 'IDENTIFIER'", 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute("SET 'table.plan.restore.catalog-objects' = 'IDENTIFIER'", 0, TIMEOUT),
                    "path-not-allowed");
            assertThat(session.execute("SET 'table.plan.restore.catalog-objects' = 'ALL_ENFORCED'", 0, TIMEOUT).error())
                    .as("stricter than the default").isNull();

            assertThat(session.execute("SET '" + key + "' = 'false'", 0, TIMEOUT).error()).isNull();
            GatewayRestClient.Response sessionConfig = rest.get("/sessions/" + session.handle() + "/config");
            assertThat(sessionConfig.body().path("properties").path(key).asText("false")).isEqualTo("false");
        }
        GatewayRestClient.Response open = rest.post("/sessions", Map.of("properties", Map.of(key, "true")));
        assertThat(open.ok()).isFalse();
        assertThat(open.errors()).contains("path-not-allowed").contains(key);
    }

    @Test
    void compileAndExecutePlanOfAnExistingFileIsJudgedAndRunAsThePlanInTheFile() throws Exception {
        Path good = dir.resolve("plans/top-n.json");
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 d'", 0, TIMEOUT);
            assertThat(session.execute("COMPILE PLAN '" + good + "' FOR " + TOP_N, 0, TIMEOUT).error()).isNull();
            String json = Files.readString(good);
            assertThat(json).containsPattern("\"ttl\"\\s*:\\s*\"1 d\"");
            Path edited = dir.resolve("plans/top-n-edited.json");
            Files.writeString(edited, json.replaceAll("\"ttl\"\\s*:\\s*\"1 d\"", "\"ttl\" : \"0 ms\""));

            // Flink runs the plan in the file and ignores the INSERT after FOR.
            RestSession.StatementResult swapped = session.execute(
                    "COMPILE AND EXECUTE PLAN '" + edited + "' FOR " + INNOCENT, 0, TIMEOUT);
            assertRefused(swapped, "unbounded-rank");
            JsonNode record = AuditFile.forOperation(swapped.operationHandle()).orElseThrow();
            assertThat(record.path("kind").asText()).isEqualTo("PLAN");
            RestSession.StatementResult executed = session.execute("EXECUTE PLAN '" + edited + "'", 0, TIMEOUT);
            assertRefused(executed, "unbounded-rank");

            // The good file runs as the content that was judged (the Top-N with its 1 d TTL), not the INSERT after FOR.
            RestSession.StatementResult ran = session.execute(
                    "COMPILE AND EXECUTE PLAN '" + good + "' FOR " + INNOCENT, 1, TIMEOUT);
            assertThat(ran.error()).isNull();
            JsonNode ranRecord = AuditFile.forOperation(ran.operationHandle()).orElseThrow();
            assertThat(ranRecord.path("execution").asText()).isEqualTo("judged-plan");
            assertThat(ranRecord.toString()).contains("Rank");
            assertThat(Files.readString(good)).as("the file is read, not written").isEqualTo(json);
        }
    }

    @Test
    void compileAndExecutePlanOfANewFileWritesAndRunsThePlanTheGuardJudged() throws Exception {
        Path compiled = dir.resolve("plans/compiled-by-flink.json");
        Path written = dir.resolve("plans/written-by-the-guard.json");
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 d'", 0, TIMEOUT);
            assertThat(session.execute("COMPILE PLAN '" + compiled + "' FOR " + TOP_N, 0, TIMEOUT).error()).isNull();

            RestSession.StatementResult ran = session.execute(
                    "COMPILE AND EXECUTE PLAN '" + written + "' FOR " + TOP_N, 1, TIMEOUT);

            assertThat(ran.error()).isNull();
            assertThat(ran.rows()).as("the job id, as Flink answers").hasSize(1);
            JsonNode record = AuditFile.forOperation(ran.operationHandle()).orElseThrow();
            assertThat(record.path("execution").asText()).isEqualTo("judged-plan");
            // Flink numbers a compilation's nodes from a counter of the JVM, so only the numbers differ.
            assertThat(withoutNodeIds(Files.readString(written))).as("the file holds the plan Flink compiles for the statement")
                    .isEqualTo(withoutNodeIds(Files.readString(compiled)));
        }
    }

    @Test
    void aPlanFileCreatedAfterCompileAndExecutePlanWasJudgedIsNotRun() throws Exception {
        Path good = dir.resolve("plans/race-top-n.json");
        Path hostile = dir.resolve("plans/race-top-n-ttl-0.json");
        Path target = dir.resolve("plans/race-target.json");
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 d'", 0, TIMEOUT);
            assertThat(session.execute("COMPILE PLAN '" + good + "' FOR " + TOP_N, 0, TIMEOUT).error()).isNull();
            Files.writeString(hostile, Files.readString(good).replaceAll("\"ttl\"\\s*:\\s*\"1 d\"", "\"ttl\" : \"0 ms\""));
            assertThat(session.execute("CREATE TEMPORARY FUNCTION plants AS '" + CreatesFileWhenPlanned.class.getName()
                    + "'", 0, TIMEOUT).error()).isNull();
            // The statement's own planning (user code the guard runs while it judges) creates the file
            // after the guard found it missing: Flink, given the text, would find it and run the TTL-0 Top-N.
            CreatesFileWhenPlanned.target = target;
            CreatesFileWhenPlanned.source = hostile;
            RestSession.StatementResult raced;
            try {
                raced = session.execute("COMPILE AND EXECUTE PLAN '" + target + "' FOR INSERT INTO bh SELECT order_id,"
                        + " user_id, amount, CAST(plants(1) AS BIGINT) FROM orders", 1, TIMEOUT);
            } finally {
                CreatesFileWhenPlanned.source = null;
            }

            assertThat(raced.error()).as("no job").isNotNull()
                    .contains("was created after the guard judged this statement");
            assertThat(raced.rows()).isEmpty();
            JsonNode record = AuditFile.forOperation(raced.operationHandle()).orElseThrow();
            assertThat(record.path("verdict").asText()).as("judged as the INSERT after FOR").isEqualTo("OK");
            assertThat(record.path("execution").asText()).isEqualTo("judged-plan");
            assertThat(Files.readString(target)).as("the file is left as it was created").isEqualTo(Files.readString(hostile));

            // Run again, the file is judged as the plan in it.
            assertRefused(session.execute("COMPILE AND EXECUTE PLAN '" + target + "' FOR " + INNOCENT, 0, TIMEOUT),
                    "unbounded-rank");
        }
    }

    private static String withoutNodeIds(String compiledPlanJson) {
        return compiledPlanJson.replaceAll("\"(id|source|target)\" : \\d+", "\"$1\" : _");
    }

    @Test
    void aPlanFileThroughASymbolicLinkToAFileNotThereYetIsRefused() throws Exception {
        // A link in a directory of the user's own to a file not yet in the configuration or log directory: creating
        // the plan file through it creates its target (round 41's hostile read: judged OK and written there).
        Path audit = GuardedGateway.auditFile();
        Path links = Files.createDirectories(dir.resolve("links"));
        Path toConf = Files.createSymbolicLink(links.resolve("to-conf.json"), confDir.resolve("through-link.json"));
        Path toLogs = Files.createSymbolicLink(links.resolve("to-logs.json"), audit.getParent().resolve("through-link.json"));
        Files.createSymbolicLink(links.resolve("second"), confDir.resolve("sub"));
        Path chain = Files.createSymbolicLink(links.resolve("first"), links.resolve("second"));
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);

            assertRefused(session.execute("COMPILE PLAN '" + toConf + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute("COMPILE PLAN 'file://" + toLogs + "' IF NOT EXISTS FOR " + INNOCENT, 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute(
                    "COMPILE AND EXECUTE PLAN '" + toConf + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute(
                    "COMPILE PLAN '" + chain.resolve("plan.json") + "' FOR " + INNOCENT, 0, TIMEOUT), "path-not-allowed");
        }
        assertThat(confDir.resolve("through-link.json")).doesNotExist();
        assertThat(audit.getParent().resolve("through-link.json")).doesNotExist();
        assertThat(confDir.resolve("sub")).doesNotExist();
    }

    @Test
    void aPlanFileThatIsAHardLinkToAFileOfTheGuardIsRefused() throws Exception {
        // Round 42's hostile read: a hard link in a directory of the user's own to config.yaml has no target to follow.
        // EXECUTE PLAN of it was read to be judged, and Flink's error quoted the policy's text in the refusal
        // ("Cannot load Plan: sql-guard.reload.interval: ..."); COMPILE PLAN IF NOT EXISTS of one to the audit file
        // was handed on and Flink read the audit as a plan.
        Path audit = GuardedGateway.auditFile();
        Path links = Files.createDirectories(dir.resolve("hard-links"));
        Path toConfig = Files.createLink(links.resolve("config.json"), confDir.resolve("config.yaml"));
        Path toAudit = Files.createLink(links.resolve("audit.json"), audit);
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);

            RestSession.StatementResult read = session.execute("EXECUTE PLAN '" + toConfig + "'", 0, TIMEOUT);
            assertRefused(read, "path-not-allowed");
            assertThat(read.error()).doesNotContain("reload.interval");
            assertRefused(session.execute("COMPILE AND EXECUTE PLAN 'file://" + toConfig + "' FOR " + INNOCENT, 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute("COMPILE PLAN '" + toAudit + "' IF NOT EXISTS FOR " + INNOCENT, 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute("CREATE TEMPORARY TABLE hard (line STRING) WITH ('connector' = 'filesystem',"
                    + " 'path' = '" + toAudit + "', 'format' = 'raw')", 0, TIMEOUT), "path-not-allowed");
        }
        assertThat(confDir.resolve("config.yaml")).hasContent(CONFIG.strip());
    }

    private static void assertRefused(RestSession.StatementResult result, String... rules) throws IOException {
        assertThat(result.error()).as("refusal").isNotNull().contains(rules);
        JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        List<String> ids = new ArrayList<>();
        record.path("findings").forEach(f -> ids.add(f.path("id").asText()));
        assertThat(ids).contains(rules);
    }
}
