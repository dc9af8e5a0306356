package io.github.sqlguard.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.JavaProcess;
import io.github.sqlguard.testing.RestSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The guard installed into a Flink installation the way a user installs it, and nothing more: the
 * drop-in jar of this Flink line added to {@code lib/}, {@code sql-gateway.endpoint.type: guard} in
 * {@code conf/config.yaml}, and the audit snippet appended to Flink's default {@code
 * conf/log4j.properties}; Log4j 2 stays the backend, as Flink ships it. Flink's own {@code
 * SqlGateway} and SQL Client are started with the classpath Flink's scripts build
 * ({@link FlinkInstallation}).
 */
class FlinkInstallationIT {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Path PROJECT = Path.of(System.getProperty("sql-guard.project.root", "..")).toAbsolutePath();
    /** The shared cases: the live corpus beside the repository when present, else the repository's copy. */
    private static final Path CASES = casesDir();

    private static FlinkInstallation flink;
    private static JavaProcess gateway;
    private static int port;

    private static Path casesDir() {
        Path live = Path.of(System.getProperty("sql-guard.cases.dir", "../../shared/cases")).toAbsolutePath();
        return Files.isDirectory(live) ? live : PROJECT.resolve("gateway-interceptor/src/test/resources/shared-cases");
    }

    @BeforeAll
    static void installTheGuardAndStartTheGateway() throws Exception {
        flink = FlinkInstallation.laidOutByTheBuild();
        flink.reset();

        // The installation: the drop-in jar, the endpoint type in config.yaml, the audit logger for Log4j 2.
        Path dropIn = Path.of(System.getProperty("sql-guard.drop-in"));
        assertThat(dropIn).as("the drop-in jar of Flink %s", System.getProperty("flink.line")).isRegularFile();
        flink.addToLib(dropIn);
        port = FlinkInstallation.freePort();
        flink.writeConfig(String.join("\n",
                "sql-gateway.endpoint.type: guard",
                "sql-gateway.endpoint.rest.address: 127.0.0.1",
                "sql-gateway.endpoint.rest.bind-address: 127.0.0.1",
                "sql-gateway.endpoint.rest.port: " + port,
                "execution.target: local",
                "parallelism.default: 1",
                "sql-guard.instance-id: installation-test",
                ""));
        flink.writeLog4jProperties(List.of(PROJECT.resolve("conf/log4j-sql-guard-audit.properties")));

        gateway = flink.start("sql-gateway", "flink-sql-gateway", "org.apache.flink.table.gateway.SqlGateway", List.of());
        awaitRest();
    }

    @AfterAll
    static void stopTheGateway() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void refusesATopNOrderedByABusinessColumnAndLog4jWritesItsAuditLine() throws Exception {
        List<String> statements = statementsOf(CASES.resolve("03-top-n-business-column.sql"));
        RestSession.StatementResult topN;
        String sessionId;
        try (RestSession session = new GatewayRestClient(port).openSession(Map.of("sql-guard.user", "installer"))) {
            sessionId = session.handle();
            for (String setup : statements.subList(0, statements.size() - 1)) {
                RestSession.StatementResult result = session.execute(setup, 0, STATEMENT_TIMEOUT);
                assertThat(result.error()).as("setup statement %s%n%s", setup, gateway.tail(40)).isNull();
            }
            topN = session.execute(statements.get(statements.size() - 1), 1, STATEMENT_TIMEOUT);
        }

        assertThat(topN.failed()).as("the Top-N was refused%n%s", gateway.tail(40)).isTrue();
        assertThat(topN.error()).contains("unbounded-rank");
        assertThat(topN.rows()).isEmpty();

        JsonNode record = awaitAuditRecord(topN.operationHandle());
        assertThat(record.path("sessionId").asText()).isEqualTo(sessionId);
        // A self-declared name (sql-guard.user) is kept apart from a verified user, and none is configured here.
        assertThat(record.path("claimedUser").asText()).isEqualTo("installer");
        assertThat(record.path("user").isNull()).as("user of %s", record).isTrue();
        assertThat(record.path("instance").asText()).isEqualTo("installation-test");
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        assertThat(record.path("findings").findValuesAsText("id")).contains("unbounded-rank");
        assertThat(record.path("statement").asText()).contains("ROW_NUMBER()");
        assertThat(record.has("logged_at")).isTrue();
    }

    @Test
    void runsAnAllowedBoundedQueryAndReturnsItsRows() throws Exception {
        RestSession.StatementResult query;
        try (RestSession session = new GatewayRestClient(port).openSession(Map.of())) {
            RestSession.StatementResult ddl = session.execute(
                    "CREATE TABLE numbers (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5',"
                            + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5')",
                    0, STATEMENT_TIMEOUT);
            assertThat(ddl.error()).as("%s", gateway.tail(40)).isNull();
            query = session.execute("SELECT id * 10 AS tens FROM numbers", 0, STATEMENT_TIMEOUT);
        }

        assertThat(query.error()).as("%s", gateway.tail(60)).isNull();
        assertThat(query.rows())
                .map(row -> row.path("fields").get(0).asInt())
                .containsExactlyInAnyOrder(10, 20, 30, 40, 50);
        JsonNode record = awaitAuditRecord(query.operationHandle());
        assertThat(record.path("verdict").asText()).isIn("OK", "INFO");
        assertThat(record.path("outcome").asText()).isEqualTo("submitted");
    }

    @Test
    void theAuditGoesToItsOwnFileAndFlinksLogKeepsItsOwnFormat() throws Exception {
        try (RestSession session = new GatewayRestClient(port).openSession(Map.of())) {
            assertThat(session.execute("SHOW TABLES", 0, STATEMENT_TIMEOUT).error()).isNull();
        }
        Path audit = auditFile();
        assertThat(audit).as("the audit file Log4j 2 writes").isRegularFile();
        for (String line : Files.readAllLines(audit, StandardCharsets.UTF_8)) {
            assertThat(JSON.readTree(line).isObject()).as("audit line %s", line).isTrue();
        }
        assertThat(flinkLog()).contains("Flink SQL Guard").doesNotContain("\"statementSha256\"");
        assertThat(gateway.output())
                .as("no class of the drop-in jar clashes with the installation's")
                .doesNotContain("NoClassDefFoundError", "ClassNotFoundException", "LinkageError")
                .doesNotContain("SLF4J: No SLF4J providers", "SLF4J: Failed to load class");
    }

    @Test
    void theStockSqlClientShowsTheBlock() throws Exception {
        Path script = flink.home().resolve("top-n.sql");
        Files.writeString(script, Files.readString(CASES.resolve("03-top-n-business-column.sql")));
        // bin/sql-client.sh: lib/*, opt/flink-sql-gateway, opt/flink-sql-client, flink-dist; its own log file.
        String output = JavaProcess.run(
                "sql-client", flink.classpath("flink-sql-gateway", "flink-sql-client"), flink.jvmArgs("sql-client"),
                Map.of("FLINK_CONF_DIR", flink.conf().toString()), flink.log().resolve("sql-client.out"),
                STATEMENT_TIMEOUT, "org.apache.flink.table.client.SqlClient",
                List.of("gateway", "--endpoint", "127.0.0.1:" + port, "-f", script.toString()));

        assertThat(output).contains("[sql-guard]").contains("unbounded-rank");
    }

    @Test
    void readsAnUnquotedSetWithTheInstallationsExtendedParser() throws Exception {
        RestSession.StatementResult allowed;
        RestSession.StatementResult refused;
        try (RestSession session = new GatewayRestClient(port).openSession(Map.of())) {
            allowed = session.execute("SET pipeline.name = installed", 0, STATEMENT_TIMEOUT);
            refused = session.execute("SET table.exec.state.ttl = 24", 0, STATEMENT_TIMEOUT);
        }

        assertThat(allowed.error()).as("%s", gateway.tail(40)).isNull();
        assertThat(refused.failed()).as("24 ms was refused%n%s", gateway.tail(40)).isTrue();
        assertThat(refused.error()).contains("ttl-too-short");
        // Flink's ExtendedParser, from the class loader of lib/'s planner loader: the guard logs at
        // INFO when it cannot load it and reads such a SET the slower way instead.
        assertThat(flinkLog()).contains("Flink SQL Guard").doesNotContain("could not load Flink's extended parser");
    }

    /**
     * The gateway's Flink log, every roll of it: Flink's log4j configuration rolls the file when
     * Log4j starts a second context (the planner's class loader, at the first statement planned:
     * OnStartupTriggeringPolicy).
     */
    private static String flinkLog() throws IOException {
        Path log = flink.logFile("sql-gateway");
        StringBuilder text = new StringBuilder();
        try (var rolls = Files.list(log.getParent())) {
            for (Path file : rolls.filter(f -> f.getFileName().toString().matches(
                    java.util.regex.Pattern.quote(log.getFileName().toString()) + "(\\.\\d+)?")).sorted().toList()) {
                text.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return text.toString();
    }

    /** The audit file of the snippet's default location: beside Flink's log file. */
    private static Path auditFile() {
        Path log = flink.logFile("sql-gateway");
        return log.resolveSibling(log.getFileName() + ".audit.jsonl");
    }

    private static JsonNode awaitAuditRecord(String operationHandle) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<JsonNode> record = auditRecords().stream()
                    .filter(r -> operationHandle.equals(r.path("operationHandle").asText()))
                    .findFirst();
            if (record.isPresent()) {
                return record.get();
            }
            Thread.sleep(100);
        }
        return fail("No audit record of operation %s in %s:%n%s", operationHandle, auditFile(),
                Files.exists(auditFile()) ? Files.readString(auditFile()) : "(no file)");
    }

    private static List<JsonNode> auditRecords() throws IOException {
        Path file = auditFile();
        List<JsonNode> records = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    records.add(JSON.readTree(line));
                }
            }
        }
        return records;
    }

    /** The statements of a case file: comment lines dropped, split at a ';' that ends a line. */
    private static List<String> statementsOf(Path file) throws IOException {
        String text = String.join("\n", Files.readAllLines(file).stream()
                .filter(line -> !line.strip().startsWith("--"))
                .toList());
        return Arrays.stream(text.split(";\\s*(\\n|$)")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static void awaitRest() throws Exception {
        GatewayRestClient client = new GatewayRestClient(port);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!gateway.isAlive()) {
                fail("The SQL Gateway of the installation exited:%n%s", gateway.tail(80));
            }
            try {
                if (client.get("/info").ok()) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        fail("The SQL Gateway of the installation did not serve REST within %s:%n%s", START_TIMEOUT, gateway.tail(80));
    }
}
